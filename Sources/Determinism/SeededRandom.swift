/// The project's one seeded generator: SplitMix64, a small, fast generator whose whole state is
/// its seed, so a run (a demo's ids, a fuzz case, a simulated session, a kill moment) is repeated
/// from one number. Not for secrets: its numbers can be guessed from the seed.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (n > 0), the next draw modulo n: cheap, and as even as tests need.
    public mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    public mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &self) }
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
}
