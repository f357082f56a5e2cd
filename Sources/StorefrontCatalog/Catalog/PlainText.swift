import StorefrontModels

/// The sanitiser's answer for text that has nothing to clean, which is nearly all of a catalog,
/// found in one pass over the UTF-8 bytes: `TextSanitizer` then never looks at the scalars.
enum PlainText {
    /// `TextSanitizer.cleanLine(text)`.
    static func cleanLine(_ text: String) -> String {
        isPlain(text, keepingBreaks: false) ? text : TextSanitizer.cleanLine(text)
    }

    /// `TextSanitizer.clean(text)`.
    static func clean(_ text: String) -> String {
        isPlain(text, keepingBreaks: true) ? text : TextSanitizer.clean(text)
    }

    /// True when the text has none of what the sanitiser removes or changes: C0 controls (but
    /// newline and tab when `keepingBreaks`), DEL, C1 controls (UTF-8 C2 80...C2 9F) and the
    /// bidirectional marks (U+061C D8 9C, U+200E/F E2 80 8E/8F, U+202A...202E E2 80 AA...AE,
    /// U+2066...2069 E2 81 A6...A9). Escape sequences start with ESC or a C1 control: none either.
    static func isPlain(_ text: String, keepingBreaks: Bool) -> Bool {
        let plain = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            // Eight bytes at a time: any below a space or equal to DEL, any above ASCII.
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            var high: UInt64 = 0, controls: UInt64 = 0, k = 0
            while k + 8 <= bytes.count {
                let word = UnsafeRawPointer(bytes.baseAddress! + k).loadUnaligned(as: UInt64.self)
                let del = word ^ (0x7F &* ones)
                high |= word
                controls |= ((word &- 0x20 &* ones) & ~word | (del &- ones) & ~del) & highs
                k += 8
            }
            var tailHigh: UInt8 = 0, tailControl = false
            while k < bytes.count {
                tailHigh |= bytes[k]
                tailControl = tailControl || bytes[k] < 0x20 || bytes[k] == 0x7F
                k += 1
            }
            if controls != 0 || tailControl {
                // Newlines and tabs may be what was found; look byte by byte.
                guard keepingBreaks else { return false }
                for b in bytes where (b < 0x20 && b != 0x0A && b != 0x09) || b == 0x7F { return false }
            }
            if high & highs == 0 && tailHigh & 0x80 == 0 { return true }
            k = 0
            while k < bytes.count {
                let b = bytes[k]
                if b >= 0xC2 {
                    let next = k + 1 < bytes.count ? bytes[k + 1] : 0
                    let third = k + 2 < bytes.count ? bytes[k + 2] : 0
                    switch b {
                    case 0xC2 where next >= 0x80 && next <= 0x9F: return false
                    case 0xD8 where next == 0x9C: return false
                    case 0xE2 where next == 0x80 && (third == 0x8E || third == 0x8F || (third >= 0xAA && third <= 0xAE)): return false
                    case 0xE2 where next == 0x81 && third >= 0xA6 && third <= 0xA9: return false
                    default: break
                    }
                }
                k += 1
            }
            return true
        }
        return plain ?? false
    }
}
