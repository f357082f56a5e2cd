import Foundation

/// What can go wrong logging in, refreshing or logging out, each with a message a person can act on.
/// No case ever carries a token.
public enum AccountError: Error, Hashable, Sendable {
    /// No token file: `storefront login` first.
    case notLoggedIn
    /// The refresh token was refused (`invalid_grant`: revoked or expired): log in again.
    case loginRequired(reason: String)
    /// The redirect's `state` is not the one this login sent: someone else's response, or a forged one.
    case stateMismatch
    /// The account server sent the browser back with an error (`access_denied`, ...).
    case authorizationDenied(error: String, description: String?)
    /// The redirect had neither a code nor an error.
    case missingAuthorizationCode
    /// A pasted redirect address that is not a URL.
    case invalidRedirect(String)
    /// The token endpoint refused a request with an OAuth error.
    case tokenRequestRejected(status: Int, error: String, description: String?)
    /// An answer that is not what the protocol says (not JSON, a field missing, an HTTP error page).
    case invalidResponse(endpoint: String, message: String)
    /// An endpoint over plain HTTP to another machine.
    case insecureEndpoint(String)
    /// The server does not offer S256.
    case unsupportedChallengeMethod([String])
    /// The account server could not be reached.
    case transport(String)
    /// The loopback listener could not be started or failed.
    case listener(String)
    /// The token file could not be read or written.
    case storage(String)
    /// A setting that cannot be used (an account server address that is not a URL, ...).
    case invalidSetting(String)
    /// No account server was named and none is remembered.
    case noAccountServer
    /// None of the places an account server was looked for answered: each address and why.
    case noAccountServerAnswered([String])
    /// The login was given up (Ctrl-C, or the listener closed before a redirect came).
    /// The account server offers no login from another device (RFC 8628): it has no public address.
    case deviceLoginUnavailable
    /// The device code expired before the shopper approved it.
    case deviceCodeExpired
    case cancelled
}

extension AccountError: LocalizedError, CustomStringConvertible {
    public var description: String { errorDescription ?? "account error" }

    public var errorDescription: String? {
        switch self {
        case .notLoggedIn:
            return "Not logged in. Run `storefront login`."
        case .loginRequired(let reason):
            return "Your session has ended (\(reason)). Run `storefront login` to log in again; your cart is kept."
        case .stateMismatch:
            return "The login response does not belong to this login (state mismatch); nothing was exchanged. Run `storefront login` again."
        case .authorizationDenied(let error, let description):
            return "The account server refused the login: \(error)\(description.map { " (\($0))" } ?? "")."
        case .missingAuthorizationCode:
            return "The login response carries no authorization code."
        case .invalidRedirect(let text):
            return "\"\(text.prefix(200))\" is not the address the browser was sent back to (http://127.0.0.1:PORT/callback?code=...&state=...)."
        case .tokenRequestRejected(let status, let error, let description):
            return "The token endpoint refused the request (HTTP \(status), \(error)\(description.map { ": \($0)" } ?? ""))."
        case .invalidResponse(let endpoint, let message):
            return "Unexpected answer from \(endpoint): \(message)"
        case .insecureEndpoint(let url):
            return "Refusing \(url): account endpoints must use HTTPS (plain HTTP only to 127.0.0.1 or localhost)."
        case .unsupportedChallengeMethod(let methods):
            return "The account server does not support PKCE with S256 (it offers: \(methods.joined(separator: ", ")))."
        case .transport(let message):
            return "Could not reach the account server: \(message)"
        case .listener(let message):
            return "The login listener failed: \(message)"
        case .storage(let message):
            return message
        case .invalidSetting(let message):
            return message
        case .noAccountServer:
            return "Which account server? Give --auth-server URL (or set STOREFRONT_ACCOUNT_SERVER); for the local one, run `storefront serve` and use its address."
        case .noAccountServerAnswered(let tried):
            return "No account server answered beside this storefront. Tried: \(tried.joined(separator: "; ")). "
                + "Give --auth-server URL (or set STOREFRONT_ACCOUNT_SERVER)."
        case .deviceLoginUnavailable:
            return "This shop has no address for logging in from another device; log in with the storefront app on your own computer."
        case .deviceCodeExpired:
            return "The code expired before it was approved; ask for a new one."
        case .cancelled:
            return "Login cancelled."
        }
    }
}
