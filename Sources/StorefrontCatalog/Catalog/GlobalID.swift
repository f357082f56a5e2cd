/// Shopify-style global ids ("gid://shopify/Product/8100"), written straight into a String:
/// interpolation costs several times as much, and a large catalog makes hundreds of thousands.
enum GlobalID {
    /// "gid://shopify/<type>/<number>", followed by `more` numbers, each padded with zeros to its
    /// width. Numbers are not negative (the catalog checks ids first).
    static func make(_ type: StaticString, _ number: Int, _ more: (value: Int, width: Int)? = nil,
                     _ last: (value: Int, width: Int)? = nil) -> String {
        precondition(number >= 0 && (more?.value ?? 0) >= 0 && (last?.value ?? 0) >= 0, "negative number in a gid")
        let prefix: StaticString = "gid://shopify/"
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: prefix.utf8CodeUnitCount + type.utf8CodeUnitCount + 64) { out in
            let base = out.baseAddress!
            var n = prefix.utf8CodeUnitCount
            base.update(from: prefix.utf8Start, count: n)
            (base + n).update(from: type.utf8Start, count: type.utf8CodeUnitCount)
            n += type.utf8CodeUnitCount
            base[n] = UInt8(ascii: "/")
            n += 1
            n = write(number, width: 0, at: base + n) - base
            if let more { n = write(more.value, width: more.width, at: base + n) - base }
            if let last { n = write(last.value, width: last.width, at: base + n) - base }
            return String(decoding: UnsafeBufferPointer(start: base, count: n), as: UTF8.self)
        }
    }

    /// Writes `value`'s digits (at least `width`) at `out`; returns the end.
    private static func write(_ value: Int, width: Int, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        var digits = 1, limit = 10
        while digits < 19, value >= limit { digits += 1; limit &*= 10 }
        let count = max(digits, width)
        var v = value, k = count
        while k > 0 {
            k -= 1
            out[k] = UInt8(truncatingIfNeeded: 48 &+ v % 10)
            v /= 10
        }
        return out + count
    }
}
