/// Where the secrets of a login come from (the PKCE verifier, `state`). The system generator reads
/// the kernel's CSPRNG (`getrandom` on Linux, `arc4random` on Darwin); tests may pass fixed bytes.
public struct RandomSource: Sendable {
    public let bytes: @Sendable (Int) -> [UInt8]

    public init(bytes: @escaping @Sendable (Int) -> [UInt8]) { self.bytes = bytes }

    public static let system = RandomSource { count in
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    }

    /// `count` characters drawn uniformly from `alphabet` (at most 256 characters): bytes that would
    /// favour the first characters are rejected rather than folded in with a modulo.
    public func string(count: Int, alphabet: [Character]) -> String {
        precondition((1...256).contains(alphabet.count), "an alphabet of 1 to 256 characters")
        let limit = 256 - 256 % alphabet.count
        var result: [Character] = []
        result.reserveCapacity(count)
        while result.count < count {
            for byte in bytes(count - result.count) where Int(byte) < limit && result.count < count {
                result.append(alphabet[Int(byte) % alphabet.count])
            }
        }
        return String(result)
    }
}
