import CChafa

/// Turns pixels into terminal cells with chafa: half blocks and quadrants (sextants when the font
/// has them), coloured at the terminal's depth.
public enum PictureConverter {
    /// The largest cell size `fit` keeps with the picture's proportions, for a terminal cell about
    /// twice as tall as it is wide, within `maxColumns` x `maxRows`.
    public static func fit(width: Int, height: Int, maxColumns: Int, maxRows: Int) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0, maxColumns > 0, maxRows > 0 else { return (0, 0) }
        var columns = maxColumns
        var rows = Int((Double(columns) * Double(height) / Double(width) / 2).rounded())
        if rows > maxRows {
            rows = maxRows
            columns = min(maxColumns, Int((Double(rows) * 2 * Double(width) / Double(height)).rounded()))
        }
        return (max(1, columns), max(1, rows))
    }

    /// `image` drawn into exactly `columns` x `rows` cells.
    public static func convert(_ image: RGBAImage, columns: Int, rows: Int, depth: PictureDepth,
                               sextants: Bool = false) -> CellPicture {
        guard columns > 0, rows > 0 else { return CellPicture(columns: 0, rows: 0, cells: []) }
        let count = columns * rows
        var characters = [UInt32](repeating: 0x20, count: count)
        var foreground = [Int32](repeating: -1, count: count)
        var background = [Int32](repeating: -1, count: count)
        let mode: Int32
        switch depth {
        case .truecolor: mode = cchafa_mode_truecolor()
        case .ansi256: mode = cchafa_mode_256()
        case .ansi16: mode = cchafa_mode_16()
        case .ansi8: mode = cchafa_mode_8()
        case .monochrome: mode = cchafa_mode_shapes()
        }
        image.pixels.withUnsafeBufferPointer { pixels in
            cchafa_render(pixels.baseAddress, Int32(image.width), Int32(image.height), Int32(columns), Int32(rows), mode,
                          sextants ? 1 : 0, &characters, &foreground, &background)
        }
        let cells = (0..<count).map { i in
            PictureCell(character: Unicode.Scalar(characters[i]) ?? " ",
                        foreground: color(foreground[i], depth: depth),
                        background: color(background[i], depth: depth))
        }
        return CellPicture(columns: columns, rows: rows, cells: cells)
    }

    private static func color(_ raw: Int32, depth: PictureDepth) -> PictureColor {
        guard raw >= 0 else { return .none }
        switch depth {
        case .monochrome: return .none
        case .truecolor: return .rgb(UInt8((raw >> 16) & 0xFF), UInt8((raw >> 8) & 0xFF), UInt8(raw & 0xFF))
        case .ansi8: return .palette(UInt8(raw & 7))
        case .ansi16: return .palette(UInt8(raw & 15))
        case .ansi256: return .palette(UInt8(raw & 0xFF))
        }
    }
}
