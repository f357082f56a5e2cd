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
    }

    /// The set of products for which `predicate` holds.
    init(count: Int, where predicate: (Int) -> Bool) {
        self.init(count: count)
        words.withUnsafeMutableBufferPointer { w in
            for i in 0..<count where predicate(i) { w[i >> 6] |= 1 << UInt64(i & 63) }
        }
    }

    func contains(_ i: Int) -> Bool { words[i >> 6] & (1 << UInt64(i & 63)) != 0 }

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

    var isEmpty: Bool { words.allSatisfy { $0 == 0 } }

    var cardinality: Int { words.reduce(0) { $0 + $1.nonzeroBitCount } }

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
