/// Cleans text that comes from outside (a catalog file, an API response) before it enters the models.
///
/// Removed: terminal escape sequences as a whole (CSI such as `ESC[31m`, OSC such as the
/// clipboard-writing `ESC]52;c;...BEL`, DCS/SOS/PM/APC strings, two-character escapes, and their
/// C1 forms), so their parameters do not show up as stray text; then C0 controls except newline and
/// tab, DEL, C1 controls, and the bidirectional embedding/override/isolate marks. Carriage returns
/// become newlines. What is left can be drawn in a terminal without moving the cursor, setting a
/// title or writing the clipboard: every escape sequence starts with ESC (C0) or a C1 control, and
/// both are gone.
public enum TextSanitizer {
    public static func clean(_ text: String) -> String {
        // Fast path: most product text is plain.
        if isPlain(text) { return text }
        let input = Array(text.unicodeScalars)
        var scalars = String.UnicodeScalarView()
        var i = 0
        while i < input.count {
            let scalar = input[i]
            if scalar == "\r" {
                scalars.append("\n")
                i += (i + 1 < input.count && input[i + 1] == "\n") ? 2 : 1
                continue
            }
            if let end = escapeSequenceEnd(in: input, at: i) { i = end; continue }
            if !isUnsafe(scalar) { scalars.append(scalar) }
            i += 1
        }
        return String(scalars)
    }

    /// A single-line form: newlines and tabs become spaces (titles, names, option values).
    public static func cleanLine(_ text: String) -> String {
        let cleaned = clean(text)
        guard cleaned.utf8.contains(where: { $0 == 0x0A || $0 == 0x09 }) else { return cleaned }
        return String(cleaned.map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }

    /// True when nothing needs cleaning; checks bytes first, because a catalog holds megabytes of text.
    private static func isPlain(_ text: String) -> Bool {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            // Branch-free over the whole string, so it vectorises.
            var high: UInt8 = 0, control: UInt8 = 0
            for b in bytes {
                high |= b
                control |= (b < 0x20 && b != 0x0A && b != 0x09) || b == 0x7F ? 1 : 0
            }
            if high & 0x80 != 0 { return nil }   // not ASCII: look at scalars
            return control == 0
        }
        if let known = ascii ?? nil { return known }
        return !text.unicodeScalars.contains { isUnsafe($0) || $0 == "\r" }
    }

    public static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }

    /// Longest control sequence body we skip; anything longer is not a sequence a terminal would
    /// act on as a unit, so only its introducer is dropped and the text after it is kept.
    private static let maximumSequenceLength = 4096

    /// If an escape sequence starts at `i`, the index just after it; otherwise nil.
    private static func escapeSequenceEnd(in s: [Unicode.Scalar], at i: Int) -> Int? {
        let c = s[i].value
        var bodyStart: Int
        enum Kind { case csi, string }
        let kind: Kind
        switch c {
        case 0x1B:
            guard i + 1 < s.count else { return nil }
            let next = s[i + 1].value
            switch next {
            case 0x5B: kind = .csi; bodyStart = i + 2                        // ESC [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: kind = .string; bodyStart = i + 2 // ESC ] P X ^ _
            case 0x20...0x2F:
                // ESC, intermediates, final (e.g. ESC ( B)
                var j = i + 1
                while j < s.count, (0x20...0x2F).contains(s[j].value) { j += 1 }
                return j < s.count && (0x30...0x7E).contains(s[j].value) ? j + 1 : nil
            case 0x30...0x7E: return i + 2                                    // ESC 7, ESC c, ...
            default: return nil
            }
        case 0x9B: kind = .csi; bodyStart = i + 1
        case 0x9D, 0x90, 0x98, 0x9E, 0x9F: kind = .string; bodyStart = i + 1
        default: return nil
        }
        let limit = min(s.count, bodyStart + maximumSequenceLength)
        var j = bodyStart
        switch kind {
        case .csi:
            // Parameters and intermediates (0x20-0x3F), then one final byte (0x40-0x7E).
            while j < limit, (0x20...0x3F).contains(s[j].value) { j += 1 }
            if j < limit, (0x40...0x7E).contains(s[j].value) { return j + 1 }
        case .string:
            // Ends with BEL, ST (ESC \) or C1 ST.
            while j < limit {
                let v = s[j].value
                if v == 0x07 || v == 0x9C { return j + 1 }
                if v == 0x1B { return j + 1 < s.count && s[j + 1] == "\\" ? j + 2 : j }
                j += 1
            }
        }
        // Unterminated: drop only the introducer; what follows is harmless once ESC is gone.
        return bodyStart
    }
}
