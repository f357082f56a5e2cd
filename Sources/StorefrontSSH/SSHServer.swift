@_exported import ServerSettings
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// The storefront over SSH: each session runs `launcher`'s program on a pty of its own.
public final class SSHServer: Sendable {
    public struct Configuration: Sendable {
        public var host: String
        public var port: Int
        public var limits: SessionLimits
        /// Shown as authentication succeeds (swift-nio-ssh sends it with the success, never
        /// before); nil: `SSHServer.banner(port:)` for the port listened on.
        public var banner: String?

        public init(host: String = "0.0.0.0", port: Int = 2222, limits: SessionLimits = SessionLimits(),
                    banner: String? = nil) {
            self.host = host; self.port = port; self.limits = limits; self.banner = banner
        }
    }

    /// What every shopper is told on arrival; a guest who came through the password prompt learns
    /// how to skip it next time.
    public static func banner(port: Int) -> String {
        """
        Welcome to the shop. Your SSH key is your account: the same key finds the same cart.
        No ed25519 or ECDSA key? Connect as guest and nothing is asked: \(guestCommand(port: port))

        """
    }

    /// How a guest connects without a password prompt.
    public static func guestCommand(port: Int) -> String {
        "ssh -p \(port) \(ShopperAuthentication.guestUser)@HOST"
    }

    public let configuration: Configuration
    private let hostKey: HostKey
    private let shared: SSHServerShared
    private let listener = NIOLockedValueBox<(any Channel)?>(nil)

    public init(configuration: Configuration, hostKey: HostKey, logger: Logger, launcher: @escaping SessionLauncher) {
        self.configuration = configuration; self.hostKey = hostKey
        self.shared = SSHServerShared(limits: configuration.limits, launcher: launcher, logger: logger)
    }

    /// Listens, and returns the port (the real one when `port` was 0).
    public func start() async throws -> Int {
        let shared = shared
        let hostKey = hostKey.sshKey
        // The port is known here unless the system picks it (port 0, in tests): then once it listens.
        let banner = NIOLockedValueBox(configuration.banner ?? (configuration.port == 0 ? "" : Self.banner(port: configuration.port)))
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let address = channel.remoteAddress?.ipAddress ?? "unknown"
                    let refusal = shared.registry.admit(address)
                    // Over a limit, and enough refused connections are already being told why:
                    // closed at once, so held-open connections cannot pile up.
                    if refusal != nil && !shared.registry.holdRefused() {
                        channel.close(promise: nil)
                        return
                    }
                    let authentication = ShopperAuthentication()
                    let connection = ConnectionContext(address: address, refusal: refusal, identity: authentication.identity,
                                                       server: shared)
                    var configuration = SSHServerConfiguration(hostKeys: [hostKey], userAuthDelegate: authentication)
                    configuration.banner = .init(message: refusal.map { "storefront: \($0)\n" } ?? banner.withLockedValue { $0 },
                                                 languageTag: "en")
                    let handler = NIOSSHHandler(role: .server(configuration), allocator: channel.allocator) { child, type in
                        guard case .session = type else { return child.eventLoop.makeFailedFuture(SSHServerError.spawn("Only sessions.")) }
                        return child.eventLoop.makeCompletedFuture {
                            try child.pipeline.syncOperations.addHandler(SessionChannelHandler(connection: connection))
                        }
                    }
                    try channel.pipeline.syncOperations.addHandlers(ConnectionGuard(context: connection, admitted: refusal == nil), handler, ProtocolErrorCloser())
                }
            }
            .childChannelOption(.socketOption(.so_keepalive), value: 1)
            .bind(host: configuration.host, port: configuration.port)
            .get()
        listener.withLockedValue { $0 = channel }
        let port = channel.localAddress?.port ?? configuration.port
        banner.withLockedValue { $0 = configuration.banner ?? Self.banner(port: port) }
        return port
    }

    public var openConnections: Int { shared.registry.openConnections }

    /// SIGTERM: stop accepting, tell every session goodbye (its storefront is asked to stop), and
    /// return once they are all closed or the grace period is over (then what is left is cut).
    public func drain() async {
        shared.registry.startDraining()
        try? await listener.withLockedValue { $0 }?.close()
        for channel in shared.liveSessions { channel.pipeline.fireUserInboundEventTriggered(DrainEvent()) }
        let deadline = ContinuousClock.now + .seconds(shared.limits.drainGrace)
        while shared.registry.openConnections > 0 && !shared.liveSessions.isEmpty && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(100))
        }
        for channel in shared.liveSessions { try? await channel.parent?.close() }
    }
}
