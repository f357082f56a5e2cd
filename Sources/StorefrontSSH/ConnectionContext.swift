import Logging
import NIOConcurrencyHelpers
import NIOCore

/// What every channel of one SSH connection shares: who authenticated, where from, and whether
/// the connection was admitted (a refused one still completes the handshake, so its session can
/// say why in one line).
final class ConnectionContext: Sendable {
    let address: String
    let refusal: String?
    let identity: NIOLockedValueBox<ShopperIdentity?>
    let server: SSHServerShared
    private let sessionOpened = NIOLockedValueBox(false)

    init(address: String, refusal: String?, identity: NIOLockedValueBox<ShopperIdentity?>, server: SSHServerShared) {
        self.address = address; self.refusal = refusal; self.identity = identity; self.server = server
    }

    /// Whether a session has asked for the storefront on this connection.
    var hasSession: Bool { sessionOpened.withLockedValue { $0 } }

    /// One storefront per connection: a second session channel on it is refused.
    func claimSession() -> Bool {
        sessionOpened.withLockedValue { opened in
            defer { opened = true }
            return !opened
        }
    }
}

/// What the server's channels share: limits, the launcher, the log and the sessions to drain.
final class SSHServerShared: Sendable {
    let limits: SessionLimits
    let registry: SessionRegistry
    let launcher: SessionLauncher
    let logger: Logger
    private let sessions = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])

    init(limits: SessionLimits, launcher: @escaping SessionLauncher, logger: Logger) {
        self.limits = limits; self.registry = SessionRegistry(limits: limits); self.launcher = launcher; self.logger = logger
    }

    func track(_ channel: any Channel) { sessions.withLockedValue { $0[ObjectIdentifier(channel)] = channel } }
    func untrack(_ channel: any Channel) { _ = sessions.withLockedValue { $0.removeValue(forKey: ObjectIdentifier(channel)) } }
    var liveSessions: [any Channel] { sessions.withLockedValue { Array($0.values) } }
}

/// Sent down a session channel when the server drains (SIGTERM).
struct DrainEvent: Sendable {}
