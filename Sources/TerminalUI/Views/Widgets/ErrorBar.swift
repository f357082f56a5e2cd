/// The one error bar: the message, and how to dismiss it. A failure shows ✗ on the error colour;
/// a notice of something done shows ✓ in the success colour, on the screen's own background. A message too long for one row wraps
/// onto the rows below (up to `maximumRows`); only a longer one is cut.
struct ErrorBar {
    let message: String
    let dismissHint: String
    var isNotice = false

    /// Rows the bar needs at `width`, at most `maximumRows`.
    static func rows(for message: String, width: Int, maximumRows: Int, dismissHint: String = "esc dismiss") -> Int {
        let text = TextLayout.singleLine(message)
        guard DisplayWidth.of(" ✗ " + text) + DisplayWidth.of(dismissHint) + 2 > width else { return 1 }
        let first = TextLayout.wrap(text, width: max(1, width - DisplayWidth.of(dismissHint) - 5)).first ?? ""
        let rest = String(text.dropFirst(first.count)).trimmingCharacters(in: .whitespaces)
        return min(max(1, maximumRows), 1 + TextLayout.wrap(rest, width: max(1, width - 5)).count)
    }

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let style = theme[isNotice ? .success : .errorBar]
        let mark = isNotice ? " ✓ " : " ✗ "
        canvas.fill(style: isNotice ? theme[.text] : style, in: &grid)
        let start = canvas.textRight(dismissHint + " ", y: 0, style: isNotice ? theme[.muted] : style, in: &grid, maxWidth: canvas.width / 3)
        let text = TextLayout.singleLine(message)
        guard canvas.height > 1 else {
            canvas.text(mark + text, y: 0, style: style, in: &grid, maxWidth: start - 1)
            return
        }
        // The first row stops before the hint; the rest of the message goes below, cut only if it
        // still does not fit.
        let first = TextLayout.wrap(text, width: max(1, canvas.width - DisplayWidth.of(dismissHint) - 5)).first ?? ""
        canvas.text(mark + first, y: 0, style: style, in: &grid, maxWidth: start - 1)
        let rest = String(text.dropFirst(first.count)).trimmingCharacters(in: .whitespaces)
        let lines = TextLayout.wrap(rest, width: max(1, canvas.width - 5))
        for (row, line) in lines.prefix(canvas.height - 1).enumerated() {
            let more = row == canvas.height - 2 && lines.count > canvas.height - 1
            canvas.text("   " + line + (more ? TextLayout.ellipsis : ""), y: row + 1, style: style, in: &grid,
                        maxWidth: canvas.width - 1)
        }
    }
}
