/// How many colours the terminal can show, decided from the environment and then narrowed by what
/// curses reports once it has started.
public enum ColorProfile: String, Hashable, Sendable, CaseIterable, Comparable {
    case monochrome, ansi8, ansi16, ansi256, trueColor

    /// The most the environment allows: `NO_COLOR` set and not empty → monochrome (no-color.org:
    /// an empty value does not count); `TERM=dumb` (or unset) → monochrome; otherwise as many
    /// colours as the terminfo entry has, which `limited` then applies. (`COLORTERM=truecolor`
    /// works through the entry: it makes the driver pick a direct-colour one.)
    public static func detect(environment: [String: String]) -> ColorProfile {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .monochrome }
        return .trueColor
    }

    /// `COLORTERM` says the terminal takes 24-bit colour.
    public static func wantsTrueColor(_ environment: [String: String]) -> Bool {
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        return colorterm == "truecolor" || colorterm == "24bit"
    }

    /// This profile limited to what the terminal really has (`has_colors`, `COLORS`).
    public func limited(hasColors: Bool, colors: Int) -> ColorProfile {
        let available: ColorProfile
        if !hasColors || colors < 8 { available = .monochrome }
        else if colors < 16 { available = .ansi8 }
        else if colors < 256 { available = .ansi16 }
        else if colors < Color.directColors { available = .ansi256 }
        else { available = .trueColor }
        return min(self, available)
    }

    public var colorCount: Int {
        switch self {
        case .monochrome: return 0
        case .ansi8: return 8
        case .ansi16: return 16
        case .ansi256: return 256
        case .trueColor: return Color.directColors
        }
    }

    public static func < (a: ColorProfile, b: ColorProfile) -> Bool { a.colorCount < b.colorCount }
}
