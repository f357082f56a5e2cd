import Foundation
import Storefront

/// What a login leaves behind, as kept in `customer-token.json`: the tokens, when the access token
/// expires, the server and client they belong to (so refresh and logout need no options), and the
/// customer they identify. Printing it shows no token (`SecretToken` redacts itself).
public struct CustomerSession: Hashable, Sendable, Codable {
    public var version = 1
    public var accessToken: SecretToken
    public var refreshToken: SecretToken?
    public var idToken: SecretToken?
    public var expiresAt: Date
    public var scope: String?
    public var clientId: String
    public var server: AccountServerMetadata
    public var customer: Customer

    public init(accessToken: SecretToken, refreshToken: SecretToken?, idToken: SecretToken?, expiresAt: Date, scope: String?,
                clientId: String, server: AccountServerMetadata, customer: Customer) {
        self.accessToken = accessToken; self.refreshToken = refreshToken; self.idToken = idToken
        self.expiresAt = expiresAt; self.scope = scope; self.clientId = clientId; self.server = server
        self.customer = customer
    }

    /// A session from a token response received at `now`.
    public init(tokens: TokenResponse, receivedAt now: Date, clientId: String, server: AccountServerMetadata, customer: Customer) {
        self.init(accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, idToken: tokens.idToken,
                  expiresAt: now.addingTimeInterval(TimeInterval(tokens.expiresIn)), scope: tokens.scope,
                  clientId: clientId, server: server, customer: customer)
    }

    /// This session after a refresh: new access token; the refresh and ID tokens are replaced only
    /// when the server sent new ones (a server that does not rotate leaves them out).
    public func refreshed(with tokens: TokenResponse, at now: Date) -> CustomerSession {
        var session = self
        session.accessToken = tokens.accessToken
        session.refreshToken = tokens.refreshToken ?? refreshToken
        session.idToken = tokens.idToken ?? idToken
        session.expiresAt = now.addingTimeInterval(TimeInterval(tokens.expiresIn))
        session.scope = tokens.scope ?? scope
        return session
    }

    public func isExpired(at now: Date) -> Bool { expiresAt <= now }
}
