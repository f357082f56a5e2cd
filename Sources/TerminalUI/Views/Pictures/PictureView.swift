import Pictures
import Storefront

/// A product picture in a box of at most `maxColumns` x `maxRows` cells, in the picture's own
/// proportions, top-left aligned. Until it is converted, and for good when it cannot be (missing,
/// broken, not a PNG), a quiet placeholder of the same size stands in: never an error.
struct PictureView {
    let image: ProductImage?
    let maxColumns: Int
    let maxRows: Int

    /// The cells the picture takes, before it is drawn (so a layout can place text beside it).
    var size: (columns: Int, rows: Int) {
        guard let image, image.pictureUrl != nil else { return (0, 0) }
        return PictureConverter.fit(width: image.width ?? 1, height: image.height ?? 1, maxColumns: maxColumns, maxRows: maxRows)
    }

    func key(depth: PictureDepth) -> PictureKey? {
        guard let url = image?.pictureUrl else { return nil }
        let (columns, rows) = size
        guard columns > 0, rows > 0 else { return nil }
        return PictureKey(url: url, columns: columns, rows: rows, depth: depth)
    }

    func draw(in canvas: Canvas, pictures: PictureShelf, depth: PictureDepth, theme: Theme, grid: inout Grid) {
        guard let key = key(depth: depth) else { return }
        switch pictures.lookup(key) {
        case .ready(let picture):
            for row in 0..<min(picture.rows, canvas.height) {
                for column in 0..<min(picture.columns, canvas.width) {
                    let cell = picture[column, row]
                    let style = Style(foreground: Self.color(cell.foreground, depth: depth),
                                      background: Self.color(cell.background, depth: depth))
                    canvas.text(String(cell.character), x: column, y: row, style: style, in: &grid)
                }
            }
        case .missing:
            grid.wantedPictures.append(key)
            placeholder(key, in: canvas, theme: theme, grid: &grid)
        case .failed:
            placeholder(key, in: canvas, theme: theme, grid: &grid)
        }
    }

    /// The picture's empty frame, without asking for the picture: for a selection still moving.
    func drawFrame(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        guard let key = key(depth: .monochrome) else { return }
        placeholder(key, in: canvas, theme: theme, grid: &grid)
    }

    /// A dotted frame the picture's size: the page keeps its layout while the picture loads.
    private func placeholder(_ key: PictureKey, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let box = canvas.sub(Rect(x: 0, y: 0, width: key.columns, height: key.rows))
        guard box.width >= 2, box.height >= 1 else { return }
        let style = theme[.muted]
        for row in 0..<box.height {
            let edge = row == 0 || row == box.height - 1
            box.text(edge ? String(repeating: "·", count: box.width) : "·" + String(repeating: " ", count: box.width - 2) + "·",
                     y: row, style: style, in: &grid)
        }
    }

    static func color(_ color: PictureColor, depth: PictureDepth) -> Color {
        switch color {
        case .none: return .terminalDefault
        case .palette(let index): return depth == .ansi256 ? .indexed(index) : .ansi(index)
        case .rgb(let r, let g, let b): return .rgb(r, g, b)
        }
    }
}
