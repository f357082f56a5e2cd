/// A text field's contents after typing into it, within its bound in characters and within four
/// UTF-8 bytes per character of that bound. Characters alone do not bound the work: a letter
/// followed by a megabyte of combining marks (or a chain of joined emoji) is one character, every
/// mark a paste types joins it, and every later edit and frame would walk the megabyte again.
/// Four bytes is the longest a one-scalar character takes, so a field of ordinary text still holds
/// its full count.
public enum FieldText {
    /// UTF-8 bytes a field of `maximumCharacters` holds at most.
    public static func byteLimit(_ maximumCharacters: Int) -> Int { max(0, maximumCharacters) * 4 }

    /// `value` with `text` typed after it: as much of it as fits both bounds, in whole characters
    /// (one character longer than the whole bound is cut between scalars). Costs the field's bound
    /// and the part of `text` that fits, never all of a long `text`.
    public static func appending(_ text: String, to value: String, maximumCharacters: Int) -> String {
        let bytes = byteLimit(maximumCharacters)
        guard !text.isEmpty, value.utf8.count < bytes else { return value }
        let room = maximumCharacters - value.count
        guard room > 0 else { return value }
        let result = value + text.prefix(room)
        guard result.utf8.count > bytes else { return result }
        var kept = ""
        var used = 0
        for character in result {
            let size = character.utf8.count
            if used + size <= bytes {
                kept.append(character)
                used += size
                continue
            }
            guard size > bytes else { break }
            for scalar in character.unicodeScalars {
                used += String(scalar).utf8.count
                guard used <= bytes else { break }
                kept.unicodeScalars.append(scalar)
            }
            break
        }
        return kept
    }
}
