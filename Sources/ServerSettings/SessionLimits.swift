import Foundation

/// What one SSH front-end allows, with defaults for a small machine. Printed on start.
public struct SessionLimits: Hashable, Sendable {
    /// Sessions open at once, over every client.
    public var maximumSessions = 100
    /// Sessions open at once from one client address.
    public var maximumPerAddress = 8
    /// Seconds from connecting to being authenticated and having asked for the storefront (an
    /// authenticated connection that opens no session is closed then too).
    public var handshakeTimeout = 30
    /// Refused connections kept open at once to say why (each for at most `refusalGrace` seconds);
    /// past that, a connection over a limit is closed as soon as it is accepted.
    public var maximumRefused = 32
    /// Seconds a refused connection has to read why before it is closed.
    public var refusalGrace = 5
    /// Seconds without a key press before the session is closed.
    public var idleTimeout = 15 * 60
    /// Seconds a session may last, however busy.
    public var sessionLifetime = 2 * 3600
    /// Seconds sessions get to end after SIGTERM before they are cut.
    public var drainGrace = 10

    public init() {}

    /// Descriptors the SSH side can hold at most: a socket per connection, and per session its
    /// pty (master, slave until reaped, and the relay's two copies of the master).
    public var descriptorBudget: Int { maximumSessions * 5 + maximumRefused }

    public var summary: String {
        "at most \(maximumSessions) sessions, \(maximumPerAddress) per address; handshake \(handshakeTimeout) s, "
            + "idle \(Self.duration(idleTimeout)), lifetime \(Self.duration(sessionLifetime)), drain \(drainGrace) s"
    }

    /// "15 min", or "90 s" when it is not whole minutes.
    public static func duration(_ seconds: Int) -> String {
        seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }
}
