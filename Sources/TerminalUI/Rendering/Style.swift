/// Text attributes a terminal can show without colour.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)
    /// Drawn with a combining long stroke, since curses has no strike-through attribute.
    public static let strikethrough = TextAttributes(rawValue: 1 << 5)
}

/// How one cell looks: colours and attributes. Views do not pick these directly; they ask the
/// `Theme` for a `Role`, so the same screen works in colour and in monochrome.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var attributes: TextAttributes

    public init(foreground: Color = .terminalDefault, background: Color = .terminalDefault, attributes: TextAttributes = []) {
        self.foreground = foreground; self.background = background; self.attributes = attributes
    }

    public static let plain = Style()

    public func adding(_ more: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(more)
        return copy
    }

    public func subtracting(_ fewer: TextAttributes) -> Style {
        var copy = self
        copy.attributes.subtract(fewer)
        return copy
    }

    public func with(background: Color) -> Style {
        var copy = self
        copy.background = background
        return copy
    }
}
