import CustomerAccount
import Foundation
import Storefront

/// An OpenID Connect ID token for the local server: the standard claims in a JWT, unsigned
/// (`alg: none`). The app reads it only as it arrives from the token endpoint over loopback,
/// and sends it back as the logout hint; nothing trusts it as proof.
enum IDToken {
    static func make(issuer: URL, audience: String, customer: Customer, issuedAt: Date, lifetime: TimeInterval, nonce: String) -> String {
        let header = #"{"alg":"none","typ":"JWT"}"#
        var claims: [String: Any] = [
            "iss": issuer.absoluteString, "sub": customer.id, "aud": audience, "jti": nonce,
            "iat": Int(issuedAt.timeIntervalSince1970), "exp": Int(issuedAt.addingTimeInterval(lifetime).timeIntervalSince1970),
        ]
        if let email = customer.email { claims["email"] = email; claims["email_verified"] = true }
        if let first = customer.firstName { claims["given_name"] = first }
        if let last = customer.lastName { claims["family_name"] = last }
        let payload = (try? JSONSerialization.data(withJSONObject: claims, options: [.sortedKeys])) ?? Data("{}".utf8)
        return Base64URL.encode(Data(header.utf8)) + "." + Base64URL.encode(payload) + "."
    }
}
