import Foundation

/// How `title:` and `vendor:` match, as Shopify's search does: the value's words appear in the
/// field as whole words (`title:shirt` finds "Linen Shirt" and "Logo T-Shirt", not "Overshirt"),
/// or as the start of a word when the value ends in `*`. Works on folded text (lowercase ASCII
/// letters, digits, and UTF-8 bytes of other scripts, which count as letters).
enum WordMatch {
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || byte >= 0x80
    }

    /// Whether `needle` occurs in `hay[from..<to]` starting at a word's start and, unless `prefix`,
    /// ending at a word's end.
    static func contains(_ needle: UnsafeBufferPointer<UInt8>, in hay: UnsafeBufferPointer<UInt8>, from: Int, to: Int,
                         prefix: Bool) -> Bool {
        let n = needle.count
        guard n > 0 else { return true }
        guard to - from >= n, let base = hay.baseAddress, let start = needle.baseAddress else { return false }
        var k = from
        while k + n <= to {
            if k == from || !isWordByte(base[k - 1]) || !isWordByte(start[0]),
               base[k] == start[0], memcmp(base + k, start, n) == 0,
               prefix || k + n == to || !isWordByte(base[k + n]) || !isWordByte(start[n - 1]) {
                return true
            }
            k += 1
        }
        return false
    }
}
