import Foundation

/// A client the account server knows. Native apps are public clients (no secret), so PKCE is
/// required and the redirect URI is what ties the code to the app.
public struct AccountClientRegistration: Hashable, Sendable {
    public var clientId: String
    /// Registered loopback redirect path; any port is accepted (RFC 8252 §7.3: the app binds
    /// whatever port is free).
    public var loopbackRedirectPath: String

    public init(clientId: String, loopbackRedirectPath: String = "/callback") {
        self.clientId = clientId; self.loopbackRedirectPath = loopbackRedirectPath
    }

    /// `http` to a loopback IP literal, any port, the registered path, no fragment.
    public func accepts(redirectURI: String) -> Bool {
        guard let components = URLComponents(string: redirectURI), components.scheme == "http",
              let host = components.host, host == "127.0.0.1" || host == "::1" || host == "[::1]",
              components.path == loopbackRedirectPath, components.fragment == nil else { return false }
        return true
    }

    /// The client this app uses (`storefront login`'s default client id).
    public static let storefrontCLI = AccountClientRegistration(clientId: "storefront-cli")
}
