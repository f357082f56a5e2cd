/// How many colours a picture may use: the terminal's colour depth.
public enum PictureDepth: String, Hashable, Sendable, CaseIterable, Codable {
    /// No colour (NO_COLOR, a monochrome terminal): shapes only.
    case monochrome
    case ansi8, ansi16, ansi256
    case truecolor
}

/// A colour of one picture cell, as the terminal will be asked to show it.
public enum PictureColor: Hashable, Sendable, Codable {
    /// Nothing drawn: the terminal's default.
    case none
    /// An index of the terminal's palette (0-7, 0-15 or 0-255 by depth).
    case palette(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// One cell of a picture: a block or shape character and its two colours.
public struct PictureCell: Hashable, Sendable, Codable {
    public var character: Unicode.Scalar
    public var foreground: PictureColor
    public var background: PictureColor

    public init(character: Unicode.Scalar, foreground: PictureColor, background: PictureColor) {
        self.character = character; self.foreground = foreground; self.background = background
    }

    enum CodingKeys: String, CodingKey { case c, f, b }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let value = try container.decode(UInt32.self, forKey: .c)
        guard let scalar = Unicode.Scalar(value) else {
            throw DecodingError.dataCorruptedError(forKey: .c, in: container, debugDescription: "not a Unicode scalar")
        }
        character = scalar
        foreground = try container.decode(PictureColor.self, forKey: .f)
        background = try container.decode(PictureColor.self, forKey: .b)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(character.value, forKey: .c)
        try container.encode(foreground, forKey: .f)
        try container.encode(background, forKey: .b)
    }
}

/// A picture converted to terminal cells, row by row: drawn like any text, so it works in every
/// terminal, in tmux, over SSH and in snapshots.
public struct CellPicture: Hashable, Sendable, Codable {
    public var columns: Int
    public var rows: Int
    public var cells: [PictureCell]

    public init(columns: Int, rows: Int, cells: [PictureCell]) {
        precondition(cells.count == columns * rows, "a picture has one cell per column and row")
        self.columns = columns; self.rows = rows; self.cells = cells
    }

    public subscript(column: Int, row: Int) -> PictureCell { cells[row * columns + column] }
}
