import Determinism

/// Where an embedded storefront draws the random parts of the ids it makes (a cart's token and
/// key): from the system's random numbers, or from a seed, so that a headless run (the checkout
/// demo) prints the same ids every time. A seeded source is for demos and tests only: its ids can
/// be guessed.
public struct IdentifierSource: RandomNumberGenerator, Sendable {
    /// The seeded generator when seeded; nil for the system's generator.
    private var seeded: SeededRandom?

    /// The system's random numbers (the default).
    public static var random: IdentifierSource { IdentifierSource(seeded: nil) }

    /// The same ids, in the same order, for the same seed.
    public static func seeded(_ seed: UInt64) -> IdentifierSource { IdentifierSource(seeded: SeededRandom(seed: seed)) }

    public mutating func next() -> UInt64 {
        guard var generator = seeded else {
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
        defer { seeded = generator }
        return generator.next()
    }

    private static let tokenAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")

    /// A cart token: 26 letters and digits, without look-alikes.
    mutating func token() -> String {
        String((0..<26).map { _ in Self.tokenAlphabet.randomElement(using: &self)! })
    }

    /// A cart key: 32 hex digits.
    mutating func key() -> String {
        (0..<16).map { _ in
            let byte = UInt8.random(in: 0...255, using: &self)
            return String(byte >> 4, radix: 16) + String(byte & 15, radix: 16)
        }.joined()
    }
}
