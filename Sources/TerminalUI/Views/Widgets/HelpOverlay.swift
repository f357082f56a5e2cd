/// The help overlay: every key of the current screen, then the keys that work everywhere, in a box
/// over the screen. When the rows do not fit, the box splits into two columns; what still does not
/// fit ends with "…".
struct HelpOverlay {
    let title: String
    let hints: [KeyHint]
    let globalHints: [KeyHint]

    private enum Row { case key(KeyHint), section(String), blank }

    /// The rows, the columns and the widths the box is laid out with in `area`.
    private struct Shape {
        var rows: [Row]
        var keyWidth: Int
        var labelWidth: Int
        var columnWidth: Int { keyWidth + 2 + labelWidth }
        var columns: Int
        var perColumn: Int
    }

    private func shape(in area: Canvas) -> Shape {
        var rows = hints.map(Row.key)
        if !globalHints.isEmpty { rows += [.blank, .section("Everywhere")] + globalHints.map(Row.key) }
        let all = hints + globalHints
        let keyWidth = min(14, all.map { DisplayWidth.of($0.keys) }.max() ?? 0)
        let labelWidth = min(30, all.map { DisplayWidth.of($0.label) }.max() ?? 0)
        let available = max(1, area.height - 2)
        let columns = rows.count > available && area.width >= 2 * (keyWidth + 2 + labelWidth) + 7 ? 2 : 1
        return Shape(rows: rows, keyWidth: keyWidth, labelWidth: labelWidth, columns: columns,
                     perColumn: (rows.count + columns - 1) / columns)
    }

    /// The box the overlay takes in `area`: everything it draws is inside it.
    func box(in area: Canvas) -> Canvas {
        box(in: area, shape(in: area))
    }

    private func box(in area: Canvas, _ shape: Shape) -> Canvas {
        let boxWidth = min(area.width, shape.columns * shape.columnWidth + (shape.columns - 1) * 3 + 4)
        return area.sub(area.rect.relative.centered(width: boxWidth, height: min(area.height, shape.perColumn + 2)))
    }

    func draw(in area: Canvas, theme: Theme, grid: inout Grid) {
        let shape = shape(in: area)
        let (rows, keyWidth, labelWidth, columnWidth, columns, perColumn) =
            (shape.rows, shape.keyWidth, shape.labelWidth, shape.columnWidth, shape.columns, shape.perColumn)
        let box = box(in: area, shape)
        box.fill(style: theme[.text], in: &grid)
        box.border(style: theme[.border], title: title, titleStyle: theme[.panelTitle], in: &grid)
        if box.width > 16 {
            box.textRight(" esc close ", right: box.width - 2, y: box.height - 1, style: theme[.muted], in: &grid)
        }
        let inner = box.inset(dx: 2, dy: 1)
        for column in 0..<columns {
            let slice = rows.dropFirst(column * perColumn).prefix(perColumn)
            let x = column * (columnWidth + 3)
            for (index, row) in slice.enumerated() {
                let y = index
                if y == inner.height - 1 && index < slice.count - 1 {
                    inner.text("…", x: x, y: y, style: theme[.muted], in: &grid)
                    break
                }
                switch row {
                case .key(let hint):
                    inner.text(hint.keys, x: x, y: y, style: theme[.key], in: &grid, maxWidth: keyWidth)
                    inner.text(hint.label, x: x + keyWidth + 2, y: y, style: theme[.text], in: &grid, maxWidth: labelWidth)
                case .section(let name):
                    inner.text(name, x: x, y: y, style: theme[.muted], in: &grid)
                case .blank:
                    break
                }
            }
        }
    }
}

extension Rect {
    /// The same size at the origin: for centring inside a canvas, whose coordinates are relative.
    var relative: Rect { Rect(x: 0, y: 0, width: width, height: height) }
}
