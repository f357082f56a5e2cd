/// A set of product indices as a bitset: the result of each part of a query, combined with
/// AND, OR and NOT in a few thousand word operations whatever the catalog's size.
struct ProductSet: Equatable {
    private(set) var words: [UInt64]
    let count: Int

    init(count: Int, filled: Bool = false) {
        self.count = count
        words = [UInt64](repeating: filled ? ~0 : 0, count: (count + 63) / 64)
        if filled { clearTail() }
    }

    /// A set from its words (bit i of word k is product 64k + i).
    init(count: Int, words: [UInt64]) {
        precondition(words.count == (count + 63) / 64, "word count does not match the product count")
        self.count = count
        self.words = words
        clearTail()
    }

    /// The set of products for which `predicate` holds. Inlined, so that the predicate is too:
    /// a hundred thousand calls through a closure cost more than the comparisons themselves.
    @inline(__always)
    init(count: Int, where predicate: (Int) -> Bool) {
        self.init(count: count)
        words.withUnsafeMutableBufferPointer { w in
            var i = 0
            for k in 0..<w.count {
                var word: UInt64 = 0
                let end = min(64, count - i)
                for bit in 0..<end where predicate(i + bit) { word |= 1 << UInt64(bit) }
                w[k] = word
                i += 64
            }
        }
    }

    @inline(__always)
    func contains(_ i: Int) -> Bool {
        words.withUnsafeBufferPointer { $0[i >> 6] & (1 << UInt64(i & 63)) != 0 }
    }

    mutating func insert(_ i: Int) { words[i >> 6] |= 1 << UInt64(i & 63) }

    mutating func formIntersection(_ other: ProductSet) {
        words.withUnsafeMutableBufferPointer { w in
            other.words.withUnsafeBufferPointer { o in for k in 0..<w.count { w[k] &= o[k] } }
        }
    }

    mutating func formUnion(_ other: ProductSet) {
        words.withUnsafeMutableBufferPointer { w in
            other.words.withUnsafeBufferPointer { o in for k in 0..<w.count { w[k] |= o[k] } }
        }
    }

    /// Removes the members of `other`.
    mutating func subtract(_ other: ProductSet) {
        words.withUnsafeMutableBufferPointer { w in
            other.words.withUnsafeBufferPointer { o in for k in 0..<w.count { w[k] &= ~o[k] } }
        }
    }

    /// Every product not in the set.
    var complement: ProductSet {
        var result = self
        result.words.withUnsafeMutableBufferPointer { w in for k in 0..<w.count { w[k] = ~w[k] } }
        result.clearTail()
        return result
    }

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    var cardinality: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

    /// The smallest member at or after `i`, if any.
    func next(from i: Int) -> Int? {
        guard i < count else { return nil }
        return words.withUnsafeBufferPointer { w in
            var k = max(0, i) >> 6
            var word = w[k] & (~0 << UInt64(max(0, i) & 63))
            while word == 0 {
                k += 1
                guard k < w.count else { return nil }
                word = w[k]
            }
            return k << 6 + word.trailingZeroBitCount
        }
    }

    /// The largest member before `i`, if any.
    func previous(before i: Int) -> Int? {
        let i = min(i, count)
        guard i > 0 else { return nil }
        return words.withUnsafeBufferPointer { w in
            var k = (i - 1) >> 6
            let keep = (i - 1) & 63   // bits 0...keep of word k are before i
            var word = w[k] & (keep == 63 ? ~0 : (1 << UInt64(keep + 1)) - 1)
            while word == 0 {
                guard k > 0 else { return nil }
                k -= 1
                word = w[k]
            }
            return k << 6 + 63 - word.leadingZeroBitCount
        }
    }

    /// Calls `body` with each member in increasing order.
    func forEach(_ body: (Int) -> Void) {
        for (k, word) in words.enumerated() where word != 0 {
            var w = word
            while w != 0 {
                body(k << 6 + w.trailingZeroBitCount)
                w &= w - 1
            }
        }
    }

    private mutating func clearTail() {
        let extra = words.count * 64 - count
        if extra > 0, !words.isEmpty { words[words.count - 1] &= ~0 >> UInt64(extra) }
    }
}
