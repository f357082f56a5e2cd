import Foundation

/// Hands out the customer's access token, refreshing it shortly before it expires, and logs out.
///
/// - A token with less than `refreshMargin` left is refreshed first (the clock is injected).
/// - Concurrent callers share one refresh: a rotating server accepts each refresh token once.
/// - A refused refresh token (`invalid_grant`) deletes the tokens and throws `loginRequired`; carts
///   are not this type's business, callers keep them and drop only the token from them.
/// - An unreachable server while the token is still valid hands out the current token.
public actor TokenManager {
    public static let refreshMargin: TimeInterval = 60

    public nonisolated let store: TokenStore
    private let client: AccountServerClient
    private let now: @Sendable () -> Date
    private var refreshing: Task<CustomerSession, any Error>?

    public init(store: TokenStore, client: AccountServerClient = AccountServerClient(),
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store; self.client = client; self.now = now
    }

    /// The saved session as it is, without touching the network; nil when logged out.
    public func storedSession() throws -> CustomerSession? { try store.load(now: now()) }

    /// The session, with an access token good for at least `refreshMargin` more.
    public func validSession() async throws -> CustomerSession {
        guard let session = try store.load(now: now()) else { throw AccountError.notLoggedIn }
        if session.expiresAt.timeIntervalSince(now()) > Self.refreshMargin { return session }
        if let refreshing { return try await refreshing.value }
        let task = Task { try await self.refresh(session) }
        refreshing = task
        defer { refreshing = nil }
        return try await task.value
    }

    public func accessToken() async throws -> SecretToken { try await validSession().accessToken }

    private func refresh(_ session: CustomerSession) async throws -> CustomerSession {
        guard let refreshToken = session.refreshToken else {
            if !session.isExpired(at: now()) { return session }
            try store.delete()
            throw AccountError.loginRequired(reason: "the access token expired and there is no refresh token")
        }
        do {
            let tokens = try await client.refresh(refreshToken, clientId: session.clientId,
                                                  tokenEndpoint: session.server.tokenEndpoint)
            let updated = session.refreshed(with: tokens, at: now())
            try store.save(updated)
            return updated
        } catch AccountError.loginRequired(let reason) {
            try store.delete()
            throw AccountError.loginRequired(reason: reason)
        } catch AccountError.transport(let message) {
            guard !session.isExpired(at: now()) else { throw AccountError.transport(message) }
            return session
        }
    }

    /// What logging out did.
    public struct LogoutResult: Hashable, Sendable {
        /// There were tokens to delete.
        public var wasLoggedIn: Bool
        /// The account server's endpoints that were told (revocation, end session).
        public var notified: [String]
        /// Why the server could not be told, if it could not; the local tokens are deleted anyway.
        public var problems: [String]
    }

    /// Revokes the tokens and ends the session at the server where it offers that, then deletes the
    /// token file, even when the server could not be reached (the tokens must not stay on disk).
    public func logout() async throws -> LogoutResult {
        let session: CustomerSession?
        var problems: [String] = []
        do { session = try store.load(now: now()) } catch { session = nil; problems.append("\(error)") }
        var notified: [String] = []
        if let session {
            let server = session.server
            if let endpoint = server.revocationEndpoint {
                // The refresh token first: it is the long-lived one.
                let tokens = [(session.refreshToken, "refresh_token"), (session.accessToken, "access_token")]
                do {
                    for case let (token?, hint) in tokens {
                        try await client.revoke(token, hint: hint, clientId: session.clientId, endpoint: endpoint)
                    }
                    notified.append(endpoint.absoluteString)
                } catch { problems.append("\(error)") }
            }
            if let endpoint = server.endSessionEndpoint {
                do {
                    try await client.endSession(idToken: session.idToken, clientId: session.clientId, endpoint: endpoint)
                    notified.append(endpoint.absoluteString)
                } catch { problems.append("\(error)") }
            }
        }
        let deleted = try store.delete()
        return LogoutResult(wasLoggedIn: session != nil || deleted, notified: notified, problems: problems)
    }
}
