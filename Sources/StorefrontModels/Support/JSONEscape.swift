/// JSON's escapes in a string (RFC 8259, section 7), for the readers that unescape strings
/// themselves.
public enum JSONEscape {
    /// The byte a one-character escape stands for (the character after the reverse solidus); nil
    /// for `u`, which four hexadecimal digits follow, and for a character JSON has no escape for.
    public static func byte(for escape: UInt8) -> UInt8? {
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): escape
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }
}
