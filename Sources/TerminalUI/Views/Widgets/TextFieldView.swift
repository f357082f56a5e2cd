/// A one-line text field: the value (or a placeholder), underlined across its width, and the
/// cursor at the end when focused. A value wider than the field shows its end, where the cursor is.
struct TextFieldView {
    let value: String
    let placeholder: String
    let focused: Bool
    /// The whole value is selected: the next typed text replaces it.
    var selected = false

    func draw(in canvas: Canvas, x: Int, y: Int, width: Int, theme: Theme, grid: inout Grid) {
        guard width > 1 else { return }
        let style = theme[focused ? .fieldFocused : .field]
        canvas.text(String(repeating: " ", count: width), x: x, y: y, style: style, in: &grid)
        let shown: String
        if value.isEmpty {
            if !placeholder.isEmpty {
                canvas.text(placeholder, x: x, y: y, style: theme[.placeholder], in: &grid, maxWidth: width - 1)
            }
            shown = ""
        } else {
            shown = TextFieldView.tail(of: TextLayout.singleLine(value), fitting: width - 1)
            canvas.text(shown, x: x, y: y, style: selected ? theme[.selection] : style, in: &grid, maxWidth: width - 1)
        }
        if focused {
            canvas.placeCursor(x: x + DisplayWidth.of(shown), y: y, in: &grid)
        }
    }

    /// The end of `text` that fits in `width` columns, starting with "…" when cut. One pass over
    /// the text, then back from its end: a pasted value costs its length, not its length squared.
    static func tail(of text: String, fitting width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        let cells = CellText.split(text)
        var start = cells.count, used = 0
        while start > 0, used + cells[start - 1].width <= width - 1 {
            start -= 1
            used += cells[start].width
        }
        return TextLayout.ellipsis + cells[start...].map(\.content).joined()
    }
}
