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

    /// Whether the ids come from a seed (and so may repeat those of an earlier run).
    var isSeeded: Bool { seeded != nil }

    public mutating func next() -> UInt64 {
        guard var generator = seeded else {
            var system = SystemRandomNumberGenerator()
            return system.next()
        }
        defer { seeded = generator }
        return generator.next()
    }

    private static let tokenAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789")

    /// A cart token: 26 letters and digits, without look-alikes (from the system, each as likely
    /// as any other; a seeded source draws them one by one, as it always has).
    mutating func token() -> String {
        guard seeded != nil else { return RandomSource.system.string(count: 26, alphabet: Self.tokenAlphabet) }
        return String((0..<26).map { _ in Self.tokenAlphabet.randomElement(using: &self)! })
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A cart key: 32 hex digits of sixteen random bytes.
    mutating func key() -> String {
        let bytes = seeded == nil ? RandomSource.system.bytes(16) : (0..<16).map { _ in UInt8.random(in: 0...255, using: &self) }
        var digits: [UInt8] = []
        digits.reserveCapacity(32)
        for byte in bytes {
            digits.append(Self.hexDigits[Int(byte >> 4)])
            digits.append(Self.hexDigits[Int(byte & 15)])
        }
        return String(decoding: digits, as: UTF8.self)
    }
}
