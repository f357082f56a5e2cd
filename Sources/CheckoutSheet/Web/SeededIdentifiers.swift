import Determinism
import Storefront

/// Deterministic identifiers (pixel event ids, vault tokens) from a seed, drawn from the project's
/// seeded generator, so a demo run with the same seed prints the same ids.
struct SeededIdentifiers: Sendable {
    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    mutating func next() -> UInt64 { random.next() }

    /// 32 hex digits in the 8-4-4-4-12 layout of a UUID.
    mutating func uuidString() -> String {
        let hex = Self.hex(next()) + Self.hex(next())
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex[hex.index(hex.startIndex, offsetBy: range.lowerBound)..<hex.index(hex.startIndex, offsetBy: range.upperBound)])
        }
        return parts.joined(separator: "-")
    }

    mutating func hexString(bytes: Int) -> String {
        var out = ""
        while out.count < bytes * 2 { out += Self.hex(next()) }
        return String(out.prefix(bytes * 2))
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
