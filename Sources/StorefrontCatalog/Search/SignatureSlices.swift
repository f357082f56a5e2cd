/// Signatures of every product, stored bit by bit: slice b is the set of products whose
/// signature has bit b. The products that may hold a term are then the AND of the term's few
/// slices, a few thousand word operations, instead of a look at every product's signature.
///
/// A signature sets one bit per byte pair and per byte triple of a text (a multiplicative hash's
/// top bits pick it). Terms of three bytes or more need their triples, two-byte terms their pair.
struct SignatureSlices: Sendable {
    /// Bits per signature: a power of two, a multiple of 64.
    let width: Int
    let wordsPerSlice: Int
    private(set) var words: [UInt64]

    init(width: Int, productCount: Int) {
        self.width = width
        wordsPerSlice = (productCount + 63) / 64
        // At least one word, so that there is always storage to point at.
        words = [UInt64](repeating: 0, count: max(1, width * wordsPerSlice))
    }

    // MARK: Hashing

    private var shift: UInt32 { UInt32(32 - width.trailingZeroBitCount) }

    /// The hash of a byte pair a b, packed as a << 8 | b.
    @inline(__always) static func pairHash(_ packed: UInt32) -> UInt32 { packed &* 0x9E37_79B1 }

    /// The hash of a byte triple a b c, packed as a << 16 | b << 8 | c.
    @inline(__always) static func tripleHash(_ packed: UInt32) -> UInt32 { (packed | 0x0100_0000) &* 0x85EB_CA77 }

    /// The signature bits a term needs: its triples, or its pair when it has two bytes (none for
    /// one byte: every product may hold it).
    func bits(of needle: [UInt8]) -> [Int] {
        var bits = Set<Int>()
        func byte(_ k: Int) -> UInt32 { UInt32(needle[k]) }
        if needle.count == 2 { bits.insert(Int(Self.pairHash(byte(0) << 8 | byte(1)) >> shift)) }
        if needle.count >= 3 {
            for k in 0..<(needle.count - 2) { bits.insert(Int(Self.tripleHash(byte(k) << 16 | byte(k + 1) << 8 | byte(k + 2)) >> shift)) }
        }
        return bits.sorted()
    }

    /// Sets the bits of `text[start..<end]` in `signature` (`width / 64` words).
    static func sign(_ text: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, width: Int,
                     into signature: UnsafeMutablePointer<UInt64>) {
        guard end - start >= 2 else { return }
        let shift = UInt32(32 - width.trailingZeroBitCount)
        @inline(__always) func set(_ hash: UInt32) {
            let bit = Int(hash >> shift)
            signature[bit >> 6] |= 1 << UInt64(bit & 63)
        }
        // The last three bytes, rolled along; pairs and triples that span a field separator are
        // signed too: a few extra bits, which only let a few more products be looked at.
        var last = UInt32(text[start])
        for k in (start + 1)..<end {
            last = (last << 8 | UInt32(text[k])) & 0xFF_FFFF
            set(pairHash(last & 0xFFFF))
            if k > start + 1 { set(tripleHash(last)) }
        }
    }

    // MARK: Building

    /// Writes the slices of groups of 64 products, from any thread: a group's words are its own,
    /// so runs of whole groups are written side by side. Unchecked Sendable because a pointer is
    /// not; the runs write disjoint words of storage that outlives them (see `withWriter`).
    struct Writer: @unchecked Sendable {
        fileprivate let base: UnsafeMutablePointer<UInt64>
        fileprivate let width: Int
        fileprivate let wordsPerSlice: Int

        /// Stores the signatures of group `group` (64 products of `width / 64` words each, one
        /// after another; zeros for products past the end), turned into their slices' words.
        func store(_ signatures: UnsafeMutablePointer<UInt64>, group: Int) {
            let perProduct = width / 64
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 64) { block in
                for j in 0..<perProduct {
                    for i in 0..<64 { block[i] = signatures[i * perProduct + j] }
                    SignatureSlices.transpose64(block.baseAddress!)
                    for r in 0..<64 { base[(j * 64 + r) * wordsPerSlice + group] = block[r] }
                }
            }
        }
    }

    /// Lets `body` write the slices (through a `Writer`, on any threads, until it returns).
    mutating func withWriter<R>(_ body: (Writer) -> R) -> R {
        let (width, total) = (self.width, wordsPerSlice)
        return words.withUnsafeMutableBufferPointer { body(Writer(base: $0.baseAddress!, width: width, wordsPerSlice: total)) }
    }

    /// Transposes a 64 × 64 bit matrix in place: afterwards bit i of word j is what bit j of
    /// word i was. Swaps ever smaller blocks across the diagonal (32, 16, ... 1).
    static func transpose64(_ a: UnsafeMutablePointer<UInt64>) {
        var j = 32
        var mask: UInt64 = 0x0000_0000_FFFF_FFFF
        while j != 0 {
            var block = 0
            while block < 64 {
                for r in block..<(block + j) {
                    let t = ((a[r] >> UInt64(j)) ^ a[r + j]) & mask
                    a[r + j] ^= t
                    a[r] ^= t << UInt64(j)
                }
                block += 2 * j
            }
            j >>= 1
            mask ^= mask << UInt64(j)
        }
    }

    // MARK: Reading

    /// The products whose signature has every bit in `bits`: a superset of those holding the term.
    func candidates(_ bits: [Int], count: Int) -> ProductSet {
        guard let first = bits.first else { return ProductSet(count: count, filled: true) }
        let total = wordsPerSlice
        var result = [UInt64](repeating: 0, count: total)
        words.withUnsafeBufferPointer { s in
            result.withUnsafeMutableBufferPointer { r in
                r.baseAddress!.update(from: s.baseAddress! + first * total, count: total)
                for bit in bits.dropFirst() {
                    let slice = s.baseAddress! + bit * total
                    for k in 0..<total { r[k] &= slice[k] }
                }
            }
        }
        return ProductSet(count: count, words: result)
    }
}
