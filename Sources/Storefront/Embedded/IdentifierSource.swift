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

    /// A cart token: 26 letters and digits, without look-alikes. From the system's generator, each
    /// of its numbers gives up to ten characters (six bits each, those past the alphabet skipped,
    /// so each character is as likely as any other); a seeded source draws them as it always has.
    mutating func token() -> String {
        guard seeded == nil else { return String((0..<26).map { _ in Self.tokenAlphabet.randomElement(using: &self)! }) }
        var system = SystemRandomNumberGenerator()
        var characters: [Character] = []
        characters.reserveCapacity(26)
        while characters.count < 26 {
            var bits = system.next()
            for _ in 0..<10 where characters.count < 26 {
                let index = Int(bits & 63)
                bits >>= 6
                if index < Self.tokenAlphabet.count { characters.append(Self.tokenAlphabet[index]) }
            }
        }
        return String(characters)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A cart key: 32 hex digits (two of the system generator's numbers, or sixteen bytes drawn
    /// one by one from a seeded source).
    mutating func key() -> String {
        var bytes: [UInt8] = []
        if seeded == nil {
            var system = SystemRandomNumberGenerator()
            for number in [system.next(), system.next()] { bytes += withUnsafeBytes(of: number) { Array($0) } }
        } else {
            bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &self) }
        }
        var digits: [UInt8] = []
        digits.reserveCapacity(32)
        for byte in bytes {
            digits.append(Self.hexDigits[Int(byte >> 4)])
            digits.append(Self.hexDigits[Int(byte & 15)])
        }
        return String(decoding: digits, as: UTF8.self)
    }
}
