/// Text cut into what curses puts in a cell: one printable scalar with its following zero-width
/// marks. This mirrors how ncurses itself splits a wide string, so a layout computed here places
/// every character exactly where ncurses will.
public struct CellText: Hashable, Sendable {
    /// The base scalar and up to four combining marks; empty only for a wide character's second column.
    public var content: String
    /// 1 or 2 for a printed cell, 0 for the continuation of a wide character.
    public var width: Int

    public init(content: String, width: Int) { self.content = content; self.width = width }

    /// Splits `text` into cells. Controls are dropped, unassigned code points become U+FFFD, and a
    /// combining mark with nothing before it is dropped.
    public static func split(_ text: String) -> [CellText] {
        var result: [CellText] = []
        result.reserveCapacity(text.utf8.count)
        var marks = 0
        for scalar in text.unicodeScalars {
            guard let (s, w) = DisplayWidth.drawable(scalar) else { continue }
            if w == 0 {
                guard !result.isEmpty, marks < DisplayWidth.maxCombiningPerCell else { continue }
                result[result.count - 1].content.unicodeScalars.append(s)
                marks += 1
                continue
            }
            marks = 0
            result.append(CellText(content: String(Character(s)), width: w))
        }
        return result
    }
}
