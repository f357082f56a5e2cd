/// JSON text written byte for byte as Foundation's `JSONEncoder` writes it (and the GraphQL
/// library's encoder, which is built on it): strings with quotation mark, reverse solidus and
/// solidus escaped, control characters as `\b \f \n \r \t` or `\u00XX`, everything else as its
/// UTF-8; numbers as their shortest `Double` without a trailing ".0". What is written here without
/// the encoder's tree of values decodes as what the encoder wrote. Inlinable: the answers' writer
/// in another module calls it for every string of every answer.
public enum JSONText {
    /// Appends `text` as a JSON string. The text is copied in runs between the bytes that need
    /// escaping, from its contiguous UTF-8.
    @inlinable
    public static func appendString(_ text: String, into bytes: inout [UInt8]) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            var run = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 32 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run..<index]))
                run = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0..<32:
                    let hex = "0123456789abcdef".utf8
                    bytes.append(UInt8(ascii: "u")); bytes.append(UInt8(ascii: "0")); bytes.append(UInt8(ascii: "0"))
                    bytes.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte >> 4))])
                    bytes.append(hex[hex.index(hex.startIndex, offsetBy: Int(byte & 0xF))])
                default: bytes.append(byte)
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[run...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a finite number; false, with nothing written, for one JSON cannot hold.
    @inlinable @discardableResult
    public static func appendNumber(_ number: Double, into bytes: inout [UInt8]) -> Bool {
        guard number.isFinite else { return false }
        var text = number.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        bytes.append(contentsOf: text.utf8)
        return true
    }
}
