/// Colour pairs allocated on demand: curses draws colours through numbered (foreground, background)
/// pairs, of which a terminal has a limited number. Pair 0 is the terminal's default pair.
struct ColorPairCache {
    struct Key: Hashable { var foreground: Int; var background: Int }

    private var pairs: [Key: Int] = [Key(foreground: -1, background: -1): 0]
    private var next = 1
    let limit: Int
    /// Defines pair `n` as (foreground, background) in the terminal; returns false if it refused.
    let define: (Int, Int, Int) -> Bool

    init(limit: Int, define: @escaping (Int, Int, Int) -> Bool) {
        self.limit = limit; self.define = define
    }

    /// The pair for these palette indices (-1 = default), allocating it the first time it is seen.
    /// When the terminal runs out of pairs, the default pair is used (text stays readable).
    mutating func pair(foreground: Int, background: Int) -> Int {
        let key = Key(foreground: foreground, background: background)
        if let existing = pairs[key] { return existing }
        guard next < limit, define(next, foreground, background) else {
            pairs[key] = 0
            return 0
        }
        pairs[key] = next
        next += 1
        return next - 1
    }

    var allocated: Int { next - 1 }
}
