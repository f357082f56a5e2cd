/// A view's window into the grid: a rectangle, with writes relative to it and clipped to it.
/// Views draw through a canvas so they cannot spill outside the area the layout gave them.
public struct Canvas {
    public let rect: Rect

    public init(rect: Rect) { self.rect = rect }

    public var width: Int { rect.width }
    public var height: Int { rect.height }

    /// A smaller canvas inside this one (coordinates relative to this one), clipped to it.
    public func sub(_ r: Rect) -> Canvas {
        Canvas(rect: Grid.intersect(Rect(x: rect.x + r.x, y: rect.y + r.y, width: r.width, height: r.height), rect))
    }

    public func inset(dx: Int, dy: Int) -> Canvas {
        sub(Rect(x: dx, y: dy, width: width - 2 * dx, height: height - 2 * dy))
    }

    /// Writes text at (x, y) relative to the canvas, truncated with "…" to fit the canvas width.
    @discardableResult
    public func text(_ s: String, x: Int = 0, y: Int, style: Style, in grid: inout Grid, maxWidth: Int? = nil) -> Int {
        let room = min(maxWidth ?? Int.max, width - x)
        guard room > 0, y >= 0, y < height else { return x }
        let end = grid.write(TextLayout.truncate(TextLayout.singleLine(s), to: room), x: rect.x + x, y: rect.y + y, style: style, clip: rect)
        return end - rect.x
    }

    /// Writes text so that it ends at column `right` (exclusive), truncated to `maxWidth`.
    @discardableResult
    public func textRight(_ s: String, right: Int? = nil, y: Int, style: Style, in grid: inout Grid, maxWidth: Int? = nil) -> Int {
        let end = right ?? width
        let cut = TextLayout.truncate(TextLayout.singleLine(s), to: min(maxWidth ?? end, end))
        let start = end - DisplayWidth.of(cut)
        text(cut, x: start, y: y, style: style, in: &grid)
        return start
    }

    /// A row with text on the left and on the right: the right part is written first (at most half
    /// the width), the left part is truncated to what is left, so the two never overlap.
    public func titleRow(_ left: String, leftStyle: Style, right: String, rightStyle: Style, y: Int, in grid: inout Grid) {
        var room = width
        if !right.isEmpty {
            let start = textRight(right, y: y, style: rightStyle, in: &grid, maxWidth: width / 2)
            room = start - 1
        }
        text(left, y: y, style: leftStyle, in: &grid, maxWidth: room)
    }

    /// Writes text centred on row y.
    public func textCentered(_ s: String, y: Int, style: Style, in grid: inout Grid) {
        let cut = TextLayout.truncate(TextLayout.singleLine(s), to: width)
        text(cut, x: max(0, (width - DisplayWidth.of(cut)) / 2), y: y, style: style, in: &grid)
    }

    public func fill(style: Style, in grid: inout Grid) { grid.fill(rect, style: style) }

    public func fill(_ r: Rect, style: Style, in grid: inout Grid) {
        grid.fill(sub(r).rect, style: style)
    }

    public func restyle(row y: Int, in grid: inout Grid, _ transform: (Style) -> Style) {
        guard y >= 0, y < height else { return }
        grid.restyle(Rect(x: rect.x, y: rect.y + y, width: width, height: 1), transform)
    }

    /// Shows the terminal cursor at (x, y) relative to the canvas, if that is inside it.
    public func placeCursor(x: Int, y: Int, in grid: inout Grid) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        grid.cursor = Grid.Point(x: rect.x + x, y: rect.y + y)
    }

    /// Marks (x, y) relative to the canvas as the focused item: the hidden cursor rests there.
    public func placeFocus(x: Int = 0, y: Int, in grid: inout Grid) {
        guard x >= 0, x < width, y >= 0, y < height else { return }
        grid.focus = Grid.Point(x: rect.x + x, y: rect.y + y)
    }

    /// A box border around the canvas with an optional title in the top edge.
    public func border(style: Style, title: String? = nil, titleStyle: Style? = nil, in grid: inout Grid) {
        guard width >= 2, height >= 2 else { return }
        let horizontal = String(repeating: "─", count: width - 2)
        grid.write("╭" + horizontal + "╮", x: rect.x, y: rect.y, style: style, clip: rect)
        grid.write("╰" + horizontal + "╯", x: rect.x, y: rect.maxY - 1, style: style, clip: rect)
        for row in 1..<(height - 1) {
            grid.write("│", x: rect.x, y: rect.y + row, style: style, clip: rect)
            grid.write("│", x: rect.maxX - 1, y: rect.y + row, style: style, clip: rect)
        }
        if let title, width > 6 {
            let cut = TextLayout.truncate(title, to: width - 6)
            grid.write(" " + cut + " ", x: rect.x + 2, y: rect.y, style: titleStyle ?? style, clip: rect)
        }
    }

    /// A horizontal rule across the canvas on row y.
    public func rule(y: Int, style: Style, in grid: inout Grid) {
        text(String(repeating: "─", count: max(0, width)), y: y, style: style, in: &grid)
    }
}
