import Pictures

/// A screen's worth of cells: what `render` produces and what the driver draws.
///
/// Every write is clipped to the grid (and to an optional clip rectangle) by display width; a wide
/// character is never split: if only one column is left, a space is written instead. Controls are
/// filtered here, so nothing a view writes can move the terminal's cursor.
public struct Grid: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Where the terminal's cursor should be shown (the focused text field), or nil to hide it.
    public var cursor: Point?
    /// Where the hidden cursor rests when no text field has it: the selected item's first column.
    /// Screen readers and magnifiers follow the cursor, so it goes where the buyer's attention is.
    public var focus: Point?
    /// Pictures the frame wanted but found missing (placeholders drawn): the app converts them.
    public var wantedPictures: [PictureKey] = []
    /// The selection whose preview waits for it to rest (`PreviewRest`): the app times the rest.
    public var awaitingRest: String?

    public struct Point: Hashable, Sendable {
        public var x: Int
        public var y: Int
        public init(x: Int, y: Int) { self.x = x; self.y = y }
    }

    public init(size: Size, style: Style = .plain) {
        self.size = size
        self.cells = Array(repeating: .blank(style), count: size.width * size.height)
    }

    public var bounds: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        get { cells[y * size.width + x] }
    }

    // MARK: Writing

    /// Writes `text` on row `y` from column `x`, clipped to `clip` (and the grid).
    /// Returns the column after the last one written.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style, clip: Rect? = nil) -> Int {
        let area = clip.map { Grid.intersect($0, bounds) } ?? bounds
        guard y >= area.y, y < area.maxY else { return x }
        let left = area.x, right = area.maxX
        var column = x
        var lastHead = -1
        var marks = 0
        for scalar in text.unicodeScalars {
            guard let (s, w) = DisplayWidth.drawable(scalar) else { continue }
            if w == 0 {
                // A combining mark joins the cell just written, if that cell is visible.
                if lastHead >= 0 && marks < DisplayWidth.maxCombiningPerCell {
                    cells[y * size.width + lastHead].content.unicodeScalars.append(s)
                    marks += 1
                }
                continue
            }
            marks = 0
            lastHead = -1
            if column >= right { break }
            if column + w <= left {
                column += w
                continue
            }
            if column < left || column + w > right {
                // Straddles an edge: the visible part of a wide character becomes blank.
                for c in max(column, left)..<min(column + w, right) { put(.blank(style), x: c, y: y) }
                column += w
                continue
            }
            put(Cell(content: String(Character(s)), width: UInt8(w), style: style), x: column, y: y)
            if w == 2 { put(Cell(content: "", width: 0, style: style), x: column + 1, y: y) }
            lastHead = column
            column += w
        }
        return column
    }

    /// Fills a rectangle with blanks in `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let r = Grid.intersect(rect, bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { put(.blank(style), x: x, y: y) }
        }
    }

    /// Changes the style of every cell in `rect` (keeping the text).
    public mutating func restyle(_ rect: Rect, _ transform: (Style) -> Style) {
        let r = Grid.intersect(rect, bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let i = y * size.width + x
                cells[i].style = transform(cells[i].style)
            }
        }
    }

    /// Places one cell, repairing a wide character that the new cell would cut in half.
    mutating func put(_ cell: Cell, x: Int, y: Int) {
        let i = y * size.width + x
        let old = cells[i]
        if old.isContinuation && x > 0 && cell.width != 0 {
            cells[i - 1] = .blank(cells[i - 1].style)
        }
        if old.width == 2 && x + 1 < size.width && cell.width != 2 {
            cells[i + 1] = .blank(cells[i + 1].style)
        }
        cells[i] = cell
    }

    static func intersect(_ a: Rect, _ b: Rect) -> Rect {
        let x = max(a.x, b.x), y = max(a.y, b.y)
        return Rect(x: x, y: y, width: min(a.maxX, b.maxX) - x, height: min(a.maxY, b.maxY) - y)
    }

    /// The cells of `rect` (clipped to the grid) as a grid its size, with the cursor and the focus
    /// moved with them (nil when outside). A wide character cut by a side of `rect` becomes blank.
    public func cropped(to rect: Rect) -> Grid {
        let r = Grid.intersect(rect, bounds)
        var out = Grid(size: Size(width: r.width, height: r.height))
        out.wantedPictures = wantedPictures
        out.awaitingRest = awaitingRest
        func moved(_ point: Point?) -> Point? {
            guard let point, point.x >= r.x, point.x < r.maxX, point.y >= r.y, point.y < r.maxY else { return nil }
            return Point(x: point.x - r.x, y: point.y - r.y)
        }
        out.cursor = moved(cursor)
        out.focus = moved(focus)
        guard !r.isEmpty else { return out }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                var cell = cells[y * size.width + x]
                if cell.isContinuation && x == r.x || cell.width == 2 && x + 1 == r.maxX { cell = .blank(cell.style) }
                out.cells[(y - r.y) * r.width + (x - r.x)] = cell
            }
        }
        return out
    }

    // MARK: Reading

    /// The characters of row `y`, trailing spaces kept.
    public func line(_ y: Int) -> String {
        var s = ""
        s.reserveCapacity(size.width)
        for x in 0..<size.width {
            let cell = cells[y * size.width + x]
            if !cell.isContinuation { s += cell.content }
        }
        return s
    }

    /// The grid as text: one line per row, trailing spaces trimmed. This is what snapshots compare.
    public var text: String {
        (0..<size.height).map { y in
            var line = Substring(self.line(y))
            while line.last == " " { line = line.dropLast() }
            return String(line)
        }.joined(separator: "\n")
    }
}
