/// A terminal colour as the grid stores it. The driver maps it down to what the terminal can show.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case terminalDefault
    /// One of the 16 ANSI colours (0-7 normal, 8-15 bright).
    case ansi(UInt8)
    /// A colour of the 256-colour palette.
    case indexed(UInt8)
    /// An exact colour, for terminals with 24-bit ("direct") colour.
    case rgb(UInt8, UInt8, UInt8)

    public static let black = Color.ansi(0), red = Color.ansi(1), green = Color.ansi(2), yellow = Color.ansi(3)
    public static let blue = Color.ansi(4), magenta = Color.ansi(5), cyan = Color.ansi(6), white = Color.ansi(7)
    public static let brightBlack = Color.ansi(8), brightWhite = Color.ansi(15)

    /// The number of colours of a direct-colour terminal: a colour number is 0xRRGGBB.
    public static let directColors = 1 << 24

    /// The colour as a colour number for a terminal with `colors` colours, or -1 for the default.
    /// 256-colour indices fall back to the nearest of the 8 or 16 basic colours; exact colours to
    /// the nearest palette entry. With direct colour, the eight basic colours stay palette colours
    /// (the terminal's theme decides them: xterm-direct sends numbers below 8 as SGR 30-37), and
    /// everything else is sent as its exact RGB value.
    public func paletteIndex(colors: Int) -> Int {
        switch self {
        case .terminalDefault: return -1
        case .ansi(let n):
            let index = Int(n & 15)
            if colors >= Color.directColors && index >= 8 { return Color.packed(Color.xtermRGB(index)) }
            return colors >= 16 ? index : index & 7
        case .indexed(let n):
            if colors >= Color.directColors { return n < 8 ? Int(n) : Color.packed(Color.xtermRGB(Int(n))) }
            if colors >= 256 { return Int(n) }
            let basic = Color.nearestBasic(Int(n))
            return colors >= 16 ? basic : basic & 7
        case .rgb(let r, let g, let b):
            let rgb = (Int(r), Int(g), Int(b))
            if colors >= Color.directColors { return Color.packed(rgb) }
            if colors >= 256 { return Color.nearestIndexed(rgb) }
            let basic = Color.nearest(rgb, among: Color.basics)
            return colors >= 16 ? basic : basic & 7
        }
    }

    /// 0xRRGGBB, never below 8 (those numbers mean the basic palette colours in direct mode).
    static func packed(_ rgb: (Int, Int, Int)) -> Int { max(8, rgb.0 << 16 | rgb.1 << 8 | rgb.2) }

    /// The RGB value of a 256-palette index as xterm defines it.
    static func xtermRGB(_ index: Int) -> (Int, Int, Int) {
        if index < 16 { return basics[index] }
        if index >= 232 {
            let level = 8 + (index - 232) * 10
            return (level, level, level)
        }
        let cube = index - 16
        return (cubeSteps[cube / 36], cubeSteps[(cube / 6) % 6], cubeSteps[cube % 6])
    }

    /// The nearest of the 16 basic colours to a 256-palette index (by the xterm cube and grey ramp).
    static func nearestBasic(_ index: Int) -> Int {
        if index < 16 { return index }
        return nearest(xtermRGB(index), among: basics)
    }

    /// The nearest 256-palette entry (cube or grey ramp, never the themable first 16) to a colour.
    /// The squared distance adds up channel by channel, so the nearest cube entry is the nearest
    /// step of each channel; the grey ramp's 24 entries are then compared with it. On a tie the
    /// lower index wins (the cube before the ramp, a lower step before a higher one), as a search
    /// of all 240 entries in order would choose. This runs for every cell a frame changes.
    static func nearestIndexed(_ rgb: (Int, Int, Int)) -> Int {
        func nearestStep(_ value: Int) -> Int {
            var best = 0
            for step in 1..<cubeSteps.count where abs(cubeSteps[step] - value) < abs(cubeSteps[best] - value) { best = step }
            return best
        }
        var best = 16 + 36 * nearestStep(rgb.0) + 6 * nearestStep(rgb.1) + nearestStep(rgb.2)
        var bestDistance = distance(xtermRGB(best), rgb)
        for index in 232..<256 {
            let d = distance(xtermRGB(index), rgb)
            if d < bestDistance { best = index; bestDistance = d }
        }
        return best
    }

    private static func nearest(_ rgb: (Int, Int, Int), among palette: [(Int, Int, Int)]) -> Int {
        var best = 0, bestDistance = Int.max
        for (i, c) in palette.enumerated() {
            let d = distance(c, rgb)
            if d < bestDistance { best = i; bestDistance = d }
        }
        return best
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        (a.0 - b.0) * (a.0 - b.0) + (a.1 - b.1) * (a.1 - b.1) + (a.2 - b.2) * (a.2 - b.2)
    }

    private static let cubeSteps = [0, 95, 135, 175, 215, 255]
    private static let basics: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
}
