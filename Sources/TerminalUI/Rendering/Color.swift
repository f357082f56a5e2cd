/// A terminal colour as the grid stores it. The driver maps it down to what the terminal can show.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case terminalDefault
    /// One of the 16 ANSI colours (0-7 normal, 8-15 bright).
    case ansi(UInt8)
    /// A colour of the 256-colour palette.
    case indexed(UInt8)

    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2), yellow = Color.ansi(3)
    public static let blue = Color.ansi(4), magenta = Color.ansi(5), cyan = Color.ansi(6), white = Color.ansi(7)
    public static let brightBlack = Color.ansi(8), brightWhite = Color.ansi(15)

    /// The colour as a palette index for a terminal with `colors` colours, or -1 for the default.
    /// 256-colour indices fall back to the nearest of the 8 or 16 basic colours.
    public func paletteIndex(colors: Int) -> Int {
        switch self {
        case .terminalDefault: return -1
        case .ansi(let n):
            let index = Int(n & 15)
            return colors >= 16 ? index : index & 7
        case .indexed(let n):
            if colors >= 256 { return Int(n) }
            let basic = Color.nearestBasic(Int(n))
            return colors >= 16 ? basic : basic & 7
        }
    }

    /// The nearest of the 16 basic colours to a 256-palette index (by the xterm cube and grey ramp).
    static func nearestBasic(_ index: Int) -> Int {
        if index < 16 { return index }
        let rgb: (Int, Int, Int)
        if index >= 232 {
            let level = 8 + (index - 232) * 10
            rgb = (level, level, level)
        } else {
            let cube = index - 16
            let steps = [0, 95, 135, 175, 215, 255]
            rgb = (steps[cube / 36], steps[(cube / 6) % 6], steps[cube % 6])
        }
        let basics: [(Int, Int, Int)] = [
            (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
            (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
        ]
        var best = 0, bestDistance = Int.max
        for (i, c) in basics.enumerated() {
            let d = (c.0 - rgb.0) * (c.0 - rgb.0) + (c.1 - rgb.1) * (c.1 - rgb.1) + (c.2 - rgb.2) * (c.2 - rgb.2)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }
}
