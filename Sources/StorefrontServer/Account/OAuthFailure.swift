/// An OAuth error answer (RFC 6749 §5.2): the code, a description for people, and the HTTP status.
public struct OAuthFailure: Error, Hashable, Sendable {
    public var error: String
    public var description: String
    public var status: Int

    public init(_ error: String, _ description: String, status: Int = 400) {
        self.error = error; self.description = description; self.status = status
    }

    static func invalidGrant(_ description: String) -> OAuthFailure { OAuthFailure("invalid_grant", description) }
    static func invalidRequest(_ description: String) -> OAuthFailure { OAuthFailure("invalid_request", description) }
}
