/// What one SSH front-end allows, with defaults for a small machine. Printed on start.
public struct SessionLimits: Hashable, Sendable {
    /// Sessions open at once, over every client.
    public var maximumSessions = 100
    /// Sessions open at once from one client address.
    public var maximumPerAddress = 8
    /// Seconds from connecting to being authenticated.
    public var handshakeTimeout = 30
    /// Seconds without a key press before the session is closed.
    public var idleTimeout = 15 * 60
    /// Seconds a session may last, however busy.
    public var sessionLifetime = 2 * 3600
    /// Seconds sessions get to end after SIGTERM before they are cut.
    public var drainGrace = 10

    public init() {}

    public var summary: String {
        "at most \(maximumSessions) sessions, \(maximumPerAddress) per address; handshake \(handshakeTimeout) s, "
            + "idle \(Self.duration(idleTimeout)), lifetime \(Self.duration(sessionLifetime)), drain \(drainGrace) s"
    }

    /// "15 min", or "90 s" when it is not whole minutes.
    static func duration(_ seconds: Int) -> String {
        seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }
}
