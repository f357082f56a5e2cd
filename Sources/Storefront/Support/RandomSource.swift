/// Where secrets come from: a login's (the PKCE verifier, `state`) and a cart's token and key. The
/// system generator reads the kernel's CSPRNG (`getrandom` on Linux, `arc4random` on Darwin), eight
/// bytes a read; tests may pass fixed bytes.
public struct RandomSource: Sendable {
    public let bytes: @Sendable (Int) -> [UInt8]

    public init(bytes: @escaping @Sendable (Int) -> [UInt8]) { self.bytes = bytes }

    public static let system = RandomSource { count in
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count + 7)
        while bytes.count < count { withUnsafeBytes(of: generator.next() as UInt64) { bytes += $0 } }
        return Array(bytes.prefix(count))
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
