/// One cell of the grid: what is printed there and how it looks.
///
/// A wide character occupies two cells: the first holds the character with `width == 2`, the second
/// is a continuation (`content` empty, `width == 0`) that the driver never prints.
public struct Cell: Hashable, Sendable {
    public var content: String
    public var width: UInt8
    public var style: Style

    public init(content: String, width: UInt8, style: Style) {
        self.content = content; self.width = width; self.style = style
    }

    public static func blank(_ style: Style = .plain) -> Cell { Cell(content: " ", width: 1, style: style) }

    public var isContinuation: Bool { width == 0 }
}
