import Foundation

/// A successful token endpoint answer (RFC 6749 §5.1; `id_token` from OpenID Connect).
public struct TokenResponse: Hashable, Sendable, Codable {
    public var accessToken: SecretToken
    public var tokenType: String
    /// Seconds the access token lives.
    public var expiresIn: Int
    /// Absent on a refresh that does not rotate: the old refresh token stays valid.
    public var refreshToken: SecretToken?
    public var idToken: SecretToken?
    public var scope: String?

    public init(accessToken: SecretToken, tokenType: String = "Bearer", expiresIn: Int, refreshToken: SecretToken? = nil,
                idToken: SecretToken? = nil, scope: String? = nil) {
        self.accessToken = accessToken; self.tokenType = tokenType; self.expiresIn = expiresIn
        self.refreshToken = refreshToken; self.idToken = idToken; self.scope = scope
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case idToken = "id_token"
        case scope
    }
}

/// An error answer from the token endpoint (RFC 6749 §5.2).
public struct OAuthErrorResponse: Hashable, Sendable, Codable {
    public var error: String
    public var errorDescription: String?

    public init(error: String, errorDescription: String? = nil) {
        self.error = error; self.errorDescription = errorDescription
    }

    enum CodingKeys: String, CodingKey {
        case error
        case errorDescription = "error_description"
    }

    /// The grant (code or refresh token) is invalid, expired, revoked or was issued to someone else.
    public static let invalidGrant = "invalid_grant"
}
