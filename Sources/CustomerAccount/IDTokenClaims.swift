import Foundation
import Storefront

/// The customer named by an ID token's claims, for servers without a userinfo endpoint. The token
/// came straight from the token endpoint over TLS (or loopback), which OpenID Connect Core
/// §3.1.3.7 accepts in place of checking its signature.
enum IDTokenClaims {
    static func customer(from idToken: SecretToken) -> Customer? {
        let parts = idToken.rawValue.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = decodeBase64URL(String(parts[1])) else { return nil }
        return (try? JSONDecoder().decode(UserInfo.self, from: payload))?.customer
    }

    static func decodeBase64URL(_ text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
