import Crypto
import Foundation

/// The app's credential for protocol 2025-10: a JWT, as an OAuth client-credentials grant issues
/// it, carried in the checkout URL. It is a secret: every description, mirror and log line shows
/// `[REDACTED]`; only `CheckoutURL.embedding` reads the token itself.
public struct AppAuthenticationToken: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    public static let redacted = "[REDACTED]"

    let token: String

    public init(jwt: String) { token = jwt }

    public var description: String { Self.redacted }
    public var debugDescription: String { Self.redacted }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }

    /// Makes a token locally, the way a client-credentials grant would: an HS256 JWT signed with the
    /// client secret, naming the client, the shop and a lifetime.
    public static func clientCredentials(clientId: String, clientSecret: String, audience: String, issuedAt: Date,
                                         lifetime: Duration = .seconds(3600)) -> AppAuthenticationToken {
        let issued = Int(issuedAt.timeIntervalSince1970)
        let header = JSONValue.object([("alg", .string("HS256")), ("typ", .string("JWT"))])
        let claims = JSONValue.object([
            ("iss", .string(clientId)), ("sub", .string(clientId)), ("aud", .string(audience)),
            ("iat", .number(String(issued))), ("exp", .number(String(issued + Int(lifetime.components.seconds)))),
            ("scope", .string("checkout")),
        ])
        let signingInput = base64URL(Data(header.serialized.utf8)) + "." + base64URL(Data(claims.serialized.utf8))
        let signature = HMAC<SHA256>.authenticationCode(for: Data(signingInput.utf8),
                                                        using: SymmetricKey(data: Data(clientSecret.utf8)))
        return AppAuthenticationToken(jwt: signingInput + "." + base64URL(Data(signature)))
    }

    /// True for three dot-separated base64url parts, the shape of a JWT.
    var isWellFormed: Bool {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        let alphabet = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        return parts.count == 3 && parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(alphabet.contains) }
    }

    private static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
