import Foundation
import NIOCore
import NIOPosix
import StorefrontFuzzing
import Testing
@testable import StorefrontSSH

extension SSHServerTests {
    /// Places on the SSH front cannot be held forever: not by a connection that authenticates and
    /// never asks for a session, not by connections over a limit, not by raw TCP connections.
    @Suite(.serialized) struct ConnectionLimitTests {
        private func limits(_ change: (inout SessionLimits) -> Void) -> SessionLimits {
            var limits = SessionLimits()
            change(&limits)
            return limits
        }

        /// A TCP connection that sends nothing.
        private func rawConnection(_ port: Int) async throws -> any Channel {
            try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton).connect(host: "127.0.0.1", port: port).get()
        }

        @Test func anAuthenticatedConnectionThatOpensNoSessionIsClosed() async throws {
            let shop = try await SSHTestShop(limits: limits { $0.handshakeTimeout = 1 })
            let client = try await shop.connect()
            #expect(await eventually(within: 5) { !client.isOpen })
            #expect(await eventually(within: 2) { shop.server.openConnections == 0 })
        }

        @Test func aConnectionWithARunningSessionStaysOpen() async throws {
            // The handshake must finish within its timeout for the session to exist at all: on a
            // busy machine that takes more than a second, so the timeout is 4 s and the wait past it 5 s.
            let shop = try await SSHTestShop(limits: limits { $0.handshakeTimeout = 4 })
            let client = try await shop.connect()
            let session = try await client.session()
            try await session.requestTerminal()
            try await session.shell()
            try await Task.sleep(for: .seconds(5))
            #expect(client.isOpen && !session.closed)
            await client.close()
        }

        @Test func aRefusedConnectionIsClosedAfterItsGraceEvenIfTheClientStays() async throws {
            let shop = try await SSHTestShop(limits: limits { $0.maximumPerAddress = 1; $0.refusalGrace = 1 })
            let first = try await shop.connect()
            let firstSession = try await first.session()
            try await firstSession.requestTerminal()
            try await firstSession.shell()
            let refused = try await shop.connect()
            #expect(await eventually(within: 4) { !refused.isOpen })
            #expect(first.isOpen)
            await first.close()
        }

        @Test func rawConnectionsOverTheLimitsAreClosedAtOnceAndHoldNoDescriptors() async throws {
            let shop = try await SSHTestShop(limits: limits {
                $0.maximumSessions = 4; $0.maximumPerAddress = 2; $0.maximumRefused = 3; $0.handshakeTimeout = 30; $0.refusalGrace = 30
            })
            var connections: [any Channel] = []
            for _ in 0..<40 { connections.append(try await rawConnection(shop.port)) }
            // Two admitted and three refused are held (for their timeouts); every other one is closed at once.
            #expect(await eventually(within: 5) { connections.filter(\.isActive).count <= 5 })
            #expect(shop.server.openConnections == 2)
            for connection in connections { try? await connection.close() }
            #expect(await eventually(within: 5) { shop.server.openConnections == 0 })
        }

        @Test func theRelayOfAClosedTerminalFailsInsteadOfStoppingTheServer() async throws {
            // What happens when descriptors run out: duplicating the pty fails. The server must
            // answer with an error, not trap.
            let loop = MultiThreadedEventLoopGroup.singleton.next()
            let result = try await loop.submit { () -> EventLoopFuture<any Channel> in
                let handler = SessionChannelHandler(connection: ConnectionContext(
                    address: "test", refusal: nil, identity: .init(nil),
                    server: SSHServerShared(limits: SessionLimits(), launcher: { _ in throw SSHServerError.spawn("unused") },
                                            logger: .init(label: "test"))))
                return SessionChannelHandler.relay(master: -1, on: loop, to: NIOLoopBound(handler, eventLoop: loop))
            }.get()
            await #expect(throws: SSHServerError.self) { try await result.get() }
        }
    }
}
