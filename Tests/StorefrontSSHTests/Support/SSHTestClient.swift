import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH
import Testing
@testable import StorefrontSSH

/// The suites that run a real SSH server, one at a time: they count the process's descriptors and
/// connections, which another suite's server would disturb.
@Suite(.serialized) struct SSHServerTests {}

/// An `SSHServer` on a free loopback port whose sessions run `program` (a shell command) instead of
/// the storefront, recording what each session asked for and when its cleanup ran.
final class SSHTestShop: Sendable {
    let server: SSHServer
    let port: Int
    let starts = NIOLockedValueBox<[SessionStart]>([])
    let directories = NIOLockedValueBox<[URL]>([])

    init(limits: SessionLimits = SessionLimits(), program: String = "exec sleep 30") async throws {
        let keyDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-ssh-test-\(UUID().uuidString)")
        let hostKey = try HostKey.loadOrCreate(in: keyDirectory)
        try? FileManager.default.removeItem(at: keyDirectory)
        let starts = starts, directories = directories
        server = SSHServer(configuration: .init(host: "127.0.0.1", port: 0, limits: limits), hostKey: hostKey,
                           logger: Logger(label: "ssh-test") { _ in SwiftLogNoOpLogHandler() }) { start in
            starts.withLockedValue { $0.append(start) }
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-ssh-\(UUID().uuidString.lowercased())")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            directories.withLockedValue { $0.append(directory) }
            return SessionLaunch(executable: "/bin/sh", arguments: ["-c", program], environment: start.environment,
                                 cleanup: { try? FileManager.default.removeItem(at: directory) })
        }
        port = try await server.start()
    }

    /// The private directories of every session so far that still exist.
    var leftDirectories: [URL] {
        directories.withLockedValue { $0 }.filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// Opens a session with a terminal and a shell on `client`, and waits for its program to start.
    func running(_ client: SSHTestClient) async throws -> SSHTestSession {
        let before = directories.withLockedValue { $0.count }
        let session = try await client.session()
        try await session.requestTerminal()
        try await session.shell()
        _ = await eventually(within: 10) { self.directories.withLockedValue { $0.count } > before }
        try await Task.sleep(for: .milliseconds(200))
        return session
    }

    /// A client connection, authenticated with `key` (nil: the empty password of a guest).
    func connect(key: NIOSSHPrivateKey? = nil) async throws -> SSHTestClient {
        try await SSHTestClient.connect(port: port, key: key)
    }
}

/// Descriptors this process has open now.
func openDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// Polls `condition` every 20 ms until it holds or `seconds` pass; returns whether it held.
func eventually(within seconds: Double, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return await condition()
}

/// A minimal SSH client on swift-nio-ssh: opens session channels and sends raw channel requests.
final class SSHTestClient: Sendable {
    let channel: any Channel

    private init(channel: any Channel) { self.channel = channel }

    static func connect(port: Int, key: NIOSSHPrivateKey?) async throws -> SSHTestClient {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let configuration = SSHClientConfiguration(userAuthDelegate: OneOffer(key: key), serverAuthDelegate: AnyHostKey())
                    try channel.pipeline.syncOperations.addHandler(
                        NIOSSHHandler(role: .client(configuration), allocator: channel.allocator, inboundChildChannelInitializer: nil))
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .get()
        return SSHTestClient(channel: channel)
    }

    var isOpen: Bool { channel.isActive }

    /// A session channel, its traffic recorded.
    func session() async throws -> SSHTestSession {
        let recorder = SessionRecorder()
        let child = try await channel.pipeline.handler(type: NIOSSHHandler.self).flatMap { handler in
            let promise = self.channel.eventLoop.makePromise(of: (any Channel).self)
            handler.createChannel(promise, channelType: .session) { child, _ in
                child.eventLoop.makeCompletedFuture { try child.pipeline.syncOperations.addHandler(recorder) }
            }
            return promise.futureResult
        }.get()
        return SSHTestSession(channel: child, recorder: recorder)
    }

    func close() async { try? await channel.close() }
}

/// One session channel of the test client.
struct SSHTestSession: Sendable {
    let channel: any Channel
    let recorder: SessionRecorder

    func requestTerminal(term: String = "xterm-256color", columns: Int = 80, rows: Int = 24) async throws {
        try await channel.triggerUserOutboundEvent(SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: false, term: term, terminalCharacterWidth: columns, terminalRowHeight: rows,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:])))
    }

    func shell() async throws { try await channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ShellRequest(wantReply: false)) }

    func exec(_ command: String) async throws {
        try await channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExecRequest(command: command, wantReply: false))
    }

    func send(_ text: String) async throws {
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        try await channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)))
    }

    func close() async { try? await channel.close() }

    var output: String { recorder.output }
    var closed: Bool { recorder.closed }
}

/// Keeps what a session channel received: its bytes (stdout and stderr), and whether it closed.
final class SessionRecorder: ChannelInboundHandler, Sendable {
    typealias InboundIn = SSHChannelData
    private let state = NIOLockedValueBox((output: "", closed: false))

    var output: String { state.withLockedValue { $0.output } }
    var closed: Bool { state.withLockedValue { $0.closed } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .byteBuffer(let buffer) = unwrapInboundIn(data).data else { return }
        state.withLockedValue { $0.output += String(buffer: buffer) }
    }

    func channelInactive(context: ChannelHandlerContext) {
        state.withLockedValue { $0.closed = true }
        context.fireChannelInactive()
    }
}

/// Offers `key`, or else the empty password, once.
private final class OneOffer: NIOSSHClientUserAuthenticationDelegate, @unchecked Sendable {
    private let key: NIOSSHPrivateKey?
    private var offered = false

    init(key: NIOSSHPrivateKey?) { self.key = key }

    func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
        guard !offered else { return nextChallengePromise.succeed(nil) }
        offered = true
        if let key {
            nextChallengePromise.succeed(.init(username: "shopper", serviceName: "", offer: .privateKey(.init(privateKey: key))))
        } else {
            nextChallengePromise.succeed(.init(username: "shopper", serviceName: "", offer: .password(.init(password: ""))))
        }
    }
}

private final class AnyHostKey: NIOSSHClientServerAuthenticationDelegate {
    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        validationCompletePromise.succeed(())
    }
}
