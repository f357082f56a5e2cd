/// The host names that reach only this machine (RFC 8252 §7.3 and §8.3).
enum LoopbackHost {
    static func isLoopback(_ host: String?) -> Bool {
        guard let host = host?.lowercased() else { return false }
        return host == "127.0.0.1" || host == "::1" || host == "[::1]" || host == "localhost"
    }
}
