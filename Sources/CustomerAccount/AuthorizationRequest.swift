import Foundation
import Storefront

/// One login in progress: the authorization URL the browser opens, and what the app keeps to check
/// the redirect (`state`) and to redeem its code (the PKCE verifier). Made fresh for every login.
public struct AuthorizationRequest: Sendable {
    /// The Customer Account API's scopes: identity, email and full access to the customer's data.
    public static let defaultScope = "openid email customer-account-api:full"

    public let authorizationEndpoint: URL
    public let clientId: String
    public let redirectURI: URL
    public let scope: String
    /// Ties the redirect to this request (CSRF protection, RFC 6749 §10.12).
    public let state: String
    public let pkce: PKCE

    public init(authorizationEndpoint: URL, clientId: String, redirectURI: URL, scope: String = defaultScope,
                random: RandomSource = .system) {
        self.init(authorizationEndpoint: authorizationEndpoint, clientId: clientId, redirectURI: redirectURI, scope: scope,
                  state: random.string(count: 32, alphabet: PKCE.unreservedCharacters), pkce: .generate(random: random))
    }

    public init(authorizationEndpoint: URL, clientId: String, redirectURI: URL, scope: String, state: String, pkce: PKCE) {
        self.authorizationEndpoint = authorizationEndpoint; self.clientId = clientId; self.redirectURI = redirectURI
        self.scope = scope; self.state = state; self.pkce = pkce
    }

    /// The URL to open in the browser (RFC 6749 §4.1.1 with RFC 7636 §4.3).
    public var url: URL {
        var components = URLComponents(url: authorizationEndpoint, resolvingAgainstBaseURL: false)!
        let existing = components.percentEncodedQueryItems ?? []
        components.percentEncodedQueryItems = existing + [
            ("scope", scope), ("client_id", clientId), ("response_type", "code"),
            ("redirect_uri", redirectURI.absoluteString), ("state", state),
            ("code_challenge", pkce.challenge), ("code_challenge_method", PKCE.method),
        ].map { URLQueryItem(name: $0.0, value: FormEncoding.escape($0.1)) }
        return components.url!
    }

    /// The authorization code carried by the redirect, once its `state` proved it answers this
    /// request. An error redirect, a foreign `state` or a missing code throw, and nothing is exchanged.
    public func authorizationCode(from redirect: URL) throws -> String {
        let items = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> String? { items.first { $0.name == name }?.value }
        // The state is checked first: an error response with a foreign state is not ours to report.
        guard let returned = value("state"), PKCE.constantTimeEqual(returned, state) else { throw AccountError.stateMismatch }
        if let error = value("error") {
            throw AccountError.authorizationDenied(error: TextSanitizer.cleanLine(error),
                                                   description: value("error_description").map(TextSanitizer.cleanLine))
        }
        guard let code = value("code"), !code.isEmpty else { throw AccountError.missingAuthorizationCode }
        return code
    }
}
