import ArgumentParser
import ServerSettings

/// `serve`'s SSH options: where to listen and the limits, each with a default that suits a small
/// machine. Without --ssh-port there is no SSH server.
public struct SSHOptions: ParsableArguments, Sendable {
    public init() {}

    @Option(name: .customLong("ssh-port"), help: "Also serve the storefront over SSH on this port (0 picks a free one).")
    public var port: Int?

    @Option(name: .customLong("ssh-host"), help: "The address the SSH server listens on.")
    public var host = "0.0.0.0"

    @Option(name: .customLong("ssh-max-sessions"), help: "SSH sessions open at once.")
    public var maximumSessions = SessionLimits().maximumSessions

    @Option(name: .customLong("ssh-max-per-address"), help: "SSH sessions open at once from one client address.")
    public var maximumPerAddress = SessionLimits().maximumPerAddress

    @Option(name: .customLong("ssh-handshake-timeout"), help: "Seconds a client has to authenticate.")
    public var handshakeTimeout = SessionLimits().handshakeTimeout

    @Option(name: .customLong("ssh-idle-timeout"), help: "Seconds without a key press before a session is closed.")
    public var idleTimeout = SessionLimits().idleTimeout

    @Option(name: .customLong("ssh-session-lifetime"), help: "Seconds a session may last.")
    public var sessionLifetime = SessionLimits().sessionLifetime

    @Option(name: .customLong("ssh-drain-grace"), help: "Seconds sessions get to end after SIGTERM.")
    public var drainGrace = SessionLimits().drainGrace

    public func validate() throws {
        if let port, !(0...65_535).contains(port) { throw ValidationError("--ssh-port must be between 0 and 65535.") }
        for (name, value) in [("--ssh-max-sessions", maximumSessions), ("--ssh-max-per-address", maximumPerAddress),
                              ("--ssh-handshake-timeout", handshakeTimeout), ("--ssh-idle-timeout", idleTimeout),
                              ("--ssh-session-lifetime", sessionLifetime), ("--ssh-drain-grace", drainGrace)] where value < 1 {
            throw ValidationError("\(name) must be at least 1.")
        }
    }

    public var limits: SessionLimits {
        var limits = SessionLimits()
        limits.maximumSessions = maximumSessions
        limits.maximumPerAddress = maximumPerAddress
        limits.handshakeTimeout = handshakeTimeout
        limits.idleTimeout = idleTimeout
        limits.sessionLifetime = sessionLifetime
        limits.drainGrace = drainGrace
        return limits
    }
}
