import Foundation

/// The account server's endpoints, from its OpenID discovery document
/// (`{issuer}/.well-known/openid-configuration`) or given on the command line.
public struct AccountServerMetadata: Hashable, Sendable, Codable {
    public var issuer: URL
    public var authorizationEndpoint: URL
    public var tokenEndpoint: URL
    /// RP-initiated logout (OpenID Connect), the way Shopify's customer accounts log out.
    public var endSessionEndpoint: URL?
    /// Token revocation (RFC 7009), where a server offers it.
    public var revocationEndpoint: URL?
    public var userinfoEndpoint: URL?
    public var codeChallengeMethodsSupported: [String]?
    /// RFC 8628 §4: where a terminal without a browser asks for a user code; nil: not offered.
    public var deviceAuthorizationEndpoint: URL?

    public init(issuer: URL, authorizationEndpoint: URL, tokenEndpoint: URL, endSessionEndpoint: URL? = nil,
                revocationEndpoint: URL? = nil, userinfoEndpoint: URL? = nil,
                codeChallengeMethodsSupported: [String]? = [PKCE.method]) {
        self.issuer = issuer; self.authorizationEndpoint = authorizationEndpoint; self.tokenEndpoint = tokenEndpoint
        self.endSessionEndpoint = endSessionEndpoint; self.revocationEndpoint = revocationEndpoint
        self.userinfoEndpoint = userinfoEndpoint
        self.codeChallengeMethodsSupported = codeChallengeMethodsSupported
    }

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case endSessionEndpoint = "end_session_endpoint"
        case revocationEndpoint = "revocation_endpoint"
        case userinfoEndpoint = "userinfo_endpoint"
        case codeChallengeMethodsSupported = "code_challenge_methods_supported"
        case deviceAuthorizationEndpoint = "device_authorization_endpoint"
    }

    /// OpenID Connect Discovery §4: the path is appended to the issuer, which may itself have a path
    /// (Shopify's issuers look like `https://shopify.com/authentication/<shop id>`).
    public static func discoveryURL(issuer: URL) -> URL {
        var text = issuer.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + "/.well-known/openid-configuration")!
    }

    /// Refuses what would make the login unsafe: an endpoint over plain HTTP to anything but this
    /// machine (the code, the verifier and the tokens would cross the network in clear text), or a
    /// server that says it cannot do S256.
    public func validate() throws {
        let endpoints = [issuer, authorizationEndpoint, tokenEndpoint] +
            [endSessionEndpoint, revocationEndpoint, userinfoEndpoint].compactMap { $0 }
        for endpoint in endpoints where !Self.isSecure(endpoint) {
            throw AccountError.insecureEndpoint(endpoint.absoluteString)
        }
        if let methods = codeChallengeMethodsSupported, !methods.contains(PKCE.method) {
            throw AccountError.unsupportedChallengeMethod(methods)
        }
    }

    /// HTTPS, or HTTP to the loopback interface.
    static func isSecure(_ url: URL) -> Bool {
        switch url.scheme?.lowercased() {
        case "https": return true
        case "http": return LoopbackHost.isLoopback(url.host)
        default: return false
        }
    }
}
