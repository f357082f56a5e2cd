/// Who is on the other end of a session: the public key they proved they hold, or a guest.
public enum ShopperIdentity: Hashable, Sendable {
    case key(KeyFingerprint)
    case guest

    /// For logs: the fingerprint, or "guest". Never anything the shopper typed.
    public var logDescription: String {
        switch self {
        case .key(let key): return "\(key.algorithm) \(key.sha256)"
        case .guest: return "guest"
        }
    }
}
