/// Measuring, truncating and wrapping text by display width.
public enum TextLayout {
    public static let ellipsis = "…"

    /// `text` cut to at most `width` columns; when something is cut, the last column is "…".
    /// A wide character is never split (the result may then be one column shorter than `width`).
    public static func truncate(_ text: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        let cells = CellText.split(text)
        let total = cells.reduce(0) { $0 + $1.width }
        if total <= width { return cells.map(\.content).joined() }
        var result = ""
        var used = 0
        for cell in cells {
            if used + cell.width > width - 1 { break }
            result += cell.content
            used += cell.width
        }
        // Do not leave a dangling space before the ellipsis ("Blue …" reads worse than "Blue…").
        while result.last == " " { result.removeLast() }
        return result + ellipsis
    }

    /// `text` truncated or padded with spaces to exactly `width` columns (or one less when a wide
    /// character could not fit; padding makes up the difference).
    public static func fit(_ text: String, to width: Int, alignment: Alignment = .leading) -> String {
        let cut = truncate(text, to: width)
        let gap = max(0, width - DisplayWidth.of(cut))
        switch alignment {
        case .leading: return cut + String(repeating: " ", count: gap)
        case .trailing: return String(repeating: " ", count: gap) + cut
        case .center: return String(repeating: " ", count: gap / 2) + cut + String(repeating: " ", count: gap - gap / 2)
        }
    }

    /// Text from the models can hold newlines (descriptions, messages); a one-line slot shows them as spaces.
    public static func singleLine(_ text: String) -> String {
        guard text.contains(where: { $0 == "\n" || $0 == "\t" }) else { return text }
        return String(text.map { $0 == "\n" || $0 == "\t" ? " " : $0 })
    }

    public enum Alignment: Sendable { case leading, trailing, center }

    /// Word-wraps `text` to lines of at most `width` columns. Newlines start new lines (blank lines
    /// are kept); a word longer than a line is broken by width; runs of spaces collapse.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                var piece = String(word)
                var pieceWidth = DisplayWidth.of(piece)
                if lineWidth > 0 && lineWidth + 1 + pieceWidth <= width {
                    line += " " + piece
                    lineWidth += 1 + pieceWidth
                    continue
                }
                if lineWidth > 0 { lines.append(line); line = ""; lineWidth = 0 }
                // Break a word wider than the line by cells.
                while pieceWidth > width {
                    let (head, rest) = splitByWidth(piece, width)
                    lines.append(head)
                    piece = rest
                    pieceWidth = DisplayWidth.of(piece)
                }
                line = piece
                lineWidth = pieceWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// The longest prefix of `text` that fits in `width` columns, and the rest.
    static func splitByWidth(_ text: String, _ width: Int) -> (String, String) {
        var head = "", used = 0
        let cells = CellText.split(text)
        var index = 0
        while index < cells.count, used + cells[index].width <= width {
            head += cells[index].content
            used += cells[index].width
            index += 1
        }
        // Not even one cell fits (a wide character in a one-column line): drop it rather than loop.
        if index == 0 && !cells.isEmpty { index = 1 }
        return (head, cells[index...].map(\.content).joined())
    }
}
