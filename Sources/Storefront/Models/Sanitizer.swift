/// Cleans text that comes from outside (a catalog file, an API response) before it enters the models.
///
/// Removed: C0 controls except newline and tab, DEL, C1 controls, and the bidirectional
/// embedding/override/isolate marks. Carriage returns become newlines. What is left can be drawn
/// in a terminal without moving the cursor, setting a title or writing the clipboard: every
/// escape sequence starts with ESC (C0) or a C1 control, and both are gone.
public enum TextSanitizer {
    public static func clean(_ text: String) -> String {
        // Fast path: most product text is plain.
        if !text.unicodeScalars.contains(where: isUnsafe) && !text.contains("\r") { return text }
        var scalars = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            if scalar == "\r" { scalars.append("\n"); previousWasCR = true; continue }
            if scalar == "\n" && previousWasCR { previousWasCR = false; continue }
            previousWasCR = false
            if !isUnsafe(scalar) { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// A single-line form: newlines and tabs become spaces (titles, names, option values).
    public static func cleanLine(_ text: String) -> String {
        let cleaned = clean(text)
        guard cleaned.contains(where: { $0 == "\n" || $0 == "\t" }) else { return cleaned }
        return String(cleaned.map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }

    public static func isUnsafe(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }
}
