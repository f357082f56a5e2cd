/// How many colours the terminal can show, decided from the environment and then narrowed by what
/// curses reports once it has started.
public enum ColorProfile: String, Hashable, Sendable, CaseIterable, Comparable {
    case monochrome, ansi8, ansi16, ansi256

    /// The profile the environment asks for:
    /// `NO_COLOR` set to anything (even empty) → monochrome; `TERM=dumb` (or unset) → monochrome;
    /// `COLORTERM=truecolor|24bit` or a TERM containing "256color" → 256 colours;
    /// a TERM naming a colour terminal (xterm, screen, tmux, linux, ...) → 16; anything else → 8.
    public static func detect(environment: [String: String]) -> ColorProfile {
        if environment["NO_COLOR"] != nil { return .monochrome }
        let term = (environment["TERM"] ?? "").lowercased()
        if term.isEmpty || term == "dumb" { return .monochrome }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" || term.contains("256color") { return .ansi256 }
        let sixteen = ["xterm", "screen", "tmux", "rxvt", "linux", "konsole", "alacritty", "kitty", "foot", "vte", "16color"]
        if sixteen.contains(where: { term.contains($0) }) { return .ansi16 }
        return .ansi8
    }

    /// This profile limited to what the terminal really has (`has_colors`, `COLORS`).
    public func limited(hasColors: Bool, colors: Int) -> ColorProfile {
        let available: ColorProfile
        if !hasColors || colors < 8 { available = .monochrome }
        else if colors < 16 { available = .ansi8 }
        else if colors < 256 { available = .ansi16 }
        else { available = .ansi256 }
        return min(self, available)
    }

    public var colorCount: Int {
        switch self {
        case .monochrome: return 0
        case .ansi8: return 8
        case .ansi16: return 16
        case .ansi256: return 256
        }
    }

    public static func < (a: ColorProfile, b: ColorProfile) -> Bool { a.colorCount < b.colorCount }
}
