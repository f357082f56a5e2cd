/// FNV-1a, 64 bits: a hash that is the same on every machine and in every run (Swift's `Hasher`
/// is seeded per process), for names and ids derived from other text.
public enum StableHash {
    public static let fnvOffsetBasis: UInt64 = 0xCBF2_9CE4_8422_2325

    public static func fnv1a(_ text: String, seed: UInt64 = fnvOffsetBasis) -> UInt64 {
        var hash = seed
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash
    }
}
