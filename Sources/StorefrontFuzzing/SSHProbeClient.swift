import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// A minimal SSH client on swift-nio-ssh for probing the SSH front: opens session channels, sends
/// raw channel requests and bytes, and records what comes back. With `stallsAuthentication` it
/// completes the key exchange and then never answers the server's "how will you authenticate".
public final class SSHProbeClient: Sendable {
    public let channel: any Channel

    private init(channel: any Channel) { self.channel = channel }

    /// Connects to 127.0.0.1:`port`, authenticated with `key` (nil: the empty password of a guest).
    public static func connect(port: Int, key: NIOSSHPrivateKey? = nil, stallsAuthentication: Bool = false) async throws -> SSHProbeClient {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let offer = OneOffer(key: key, stalls: stallsAuthentication)
                    // A stalled offer is answered when the connection closes: NIO wants every promise kept.
                    channel.closeFuture.whenComplete { _ in offer.abandon() }
                    let configuration = SSHClientConfiguration(userAuthDelegate: offer, serverAuthDelegate: AnyHostKey())
                    try channel.pipeline.syncOperations.addHandlers(
                        NIOSSHHandler(role: .client(configuration), allocator: channel.allocator, inboundChildChannelInitializer: nil),
                        CloseOnError())
                }
            }
            .connect(host: "127.0.0.1", port: port)
            .get()
        return SSHProbeClient(channel: channel)
    }

    public var isOpen: Bool { channel.isActive }

    /// A session channel, its traffic recorded.
    public func session() async throws -> SSHProbeSession {
        let recorder = SSHSessionRecorder()
        let child = try await channel.pipeline.handler(type: NIOSSHHandler.self).flatMap { handler in
            let promise = self.channel.eventLoop.makePromise(of: (any Channel).self)
            handler.createChannel(promise, channelType: .session) { child, _ in
                child.eventLoop.makeCompletedFuture { try child.pipeline.syncOperations.addHandler(recorder) }
            }
            return promise.futureResult
        }.get()
        return SSHProbeSession(channel: child, recorder: recorder)
    }

    public func close() async { try? await channel.close() }
}

/// One session channel of a probe client.
public struct SSHProbeSession: Sendable {
    public let channel: any Channel
    public let recorder: SSHSessionRecorder

    public func requestTerminal(term: String = "xterm-256color", columns: Int = 80, rows: Int = 24) async throws {
        try await channel.triggerUserOutboundEvent(SSHChannelRequestEvent.PseudoTerminalRequest(
            wantReply: false, term: term, terminalCharacterWidth: columns, terminalRowHeight: rows,
            terminalPixelWidth: 0, terminalPixelHeight: 0, terminalModes: SSHTerminalModes([:])))
    }

    public func shell() async throws { try await channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ShellRequest(wantReply: false)) }

    public func exec(_ command: String) async throws {
        try await channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExecRequest(command: command, wantReply: false))
    }

    public func send(_ text: String) async throws {
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        try await channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer)))
    }

    public func close() async { try? await channel.close() }

    public var output: String { recorder.output }
    public var closed: Bool { recorder.closed }
}

/// Keeps what a session channel received: its bytes (stdout and stderr), and whether it closed.
public final class SSHSessionRecorder: ChannelInboundHandler, Sendable {
    public typealias InboundIn = SSHChannelData
    private let state = NIOLockedValueBox((output: "", closed: false))

    public var output: String { state.withLockedValue { $0.output } }
    public var closed: Bool { state.withLockedValue { $0.closed } }

    public func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .byteBuffer(let buffer) = unwrapInboundIn(data).data else { return }
        state.withLockedValue { $0.output += String(buffer: buffer) }
    }

    public func channelInactive(context: ChannelHandlerContext) {
        state.withLockedValue { $0.closed = true }
        context.fireChannelInactive()
    }
}

/// Offers `key`, or else the empty password, once; or, stalling, holds the question unanswered.
private final class OneOffer: NIOSSHClientUserAuthenticationDelegate, Sendable {
    private let key: NIOSSHPrivateKey?
    private let stalls: Bool
    private let state = NIOLockedValueBox((offered: false, held: EventLoopPromise<NIOSSHUserAuthenticationOffer?>?.none))

    init(key: NIOSSHPrivateKey?, stalls: Bool) { self.key = key; self.stalls = stalls }

    func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
        let first = state.withLockedValue { state in
            defer { state.offered = true }
            if stalls { state.held = nextChallengePromise }
            return !state.offered
        }
        guard !stalls else { return }
        guard first else { return nextChallengePromise.succeed(nil) }
        if let key {
            nextChallengePromise.succeed(.init(username: "shopper", serviceName: "", offer: .privateKey(.init(privateKey: key))))
        } else {
            nextChallengePromise.succeed(.init(username: "shopper", serviceName: "", offer: .password(.init(password: ""))))
        }
    }

    /// The held question, answered "no more offers" once the connection is gone.
    func abandon() { state.withLockedValue { $0.held }?.succeed(nil) }
}

private final class AnyHostKey: NIOSSHClientServerAuthenticationDelegate {
    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        validationCompletePromise.succeed(())
    }
}

/// The client's end of a connection the server broke off: closed, quietly.
private final class CloseOnError: ChannelInboundHandler {
    typealias InboundIn = Any

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}

/// Descriptors this process has open now.
public func openDescriptorCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
}

/// Polls `condition` every 20 ms until it holds or `seconds` pass; returns whether it held.
public func eventually(within seconds: Double, _ condition: () async -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return await condition()
}
