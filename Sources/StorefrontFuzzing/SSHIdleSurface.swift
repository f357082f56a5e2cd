import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import StorefrontSSH

/// How far a connection to the SSH front goes before it goes quiet.
public enum SSHStall: String, CaseIterable, Sendable {
    /// TCP only: never a version line.
    case silent
    /// Bytes that are not SSH (the input's hex), then nothing.
    case garbage
    /// The version line, then nothing.
    case version
    /// The version line and the start of a packet, then nothing.
    case packet
    /// The key exchange done, the server's question of how to authenticate never answered.
    case unauthenticated
    /// Authenticated, no channel.
    case authenticated
    /// A session channel, no request on it.
    case channel
    /// A terminal asked for, no shell.
    case terminal
    /// A shell running, no key ever pressed.
    case shell
}

/// The SSH front a surface probes: its port, its limits (the timeouts each connection is held
/// to) and how many connections it counts as open.
public struct SSHFrontUnderTest: Sendable {
    public var port: Int
    public var limits: SessionLimits
    public var openConnections: @Sendable () -> Int

    public init(port: Int, limits: SessionLimits, openConnections: @escaping @Sendable () -> Int) {
        self.port = port; self.limits = limits; self.openConnections = openConnections
    }

    /// The program a test front runs for each session: says `ready`, then its pty echoes keys.
    public static let sessionProgram = "printf 'ready\\r\\n'; exec cat"

    /// An SSH front on a free loopback port with `limits`, whose sessions run `sessionProgram`;
    /// the server is returned to be drained when done.
    public static func start(limits: SessionLimits = shortLimits) async throws -> (SSHFrontUnderTest, SSHServer) {
        let keyDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-ssh-fuzz-\(UUID().uuidString)")
        let hostKey = try HostKey.loadOrCreate(in: keyDirectory)
        try? FileManager.default.removeItem(at: keyDirectory)
        let server = SSHServer(configuration: .init(host: "127.0.0.1", port: 0, limits: limits), hostKey: hostKey,
                               logger: Logger(label: "ssh-fuzz") { _ in SwiftLogNoOpLogHandler() }) { start in
            SessionLaunch(executable: "/bin/sh", arguments: ["-c", sessionProgram], environment: start.environment)
        }
        let port = try await server.start()
        return (SSHFrontUnderTest(port: port, limits: limits, openConnections: { server.openConnections }), server)
    }

    /// Limits with short timeouts, and room beside a case's connections for a real session.
    public static var shortLimits: SessionLimits {
        var limits = SessionLimits()
        // The real session beside a case must get through its key exchange within it as well: one
        // second was too short for a debug build on a busy machine (the session's channel was closed
        // under it once), and three still ends every stalled handshake well before the shell's limit.
        limits.handshakeTimeout = 3
        limits.idleTimeout = 2
        limits.refusalGrace = 1
        limits.maximumPerAddress = SSHIdleCase.mostConnections + 2
        return limits
    }
}

/// One case: the connections that go quiet, each on a line (`shell`, `garbage 0d0a…`).
public enum SSHIdleCase {
    public static let mostConnections = 12

    static func generate(_ random: inout FuzzRandom) -> String {
        (0..<random.int(1...mostConnections)).map { _ in
            let stall = random.pick(SSHStall.allCases)
            guard stall == .garbage else { return stall.rawValue }
            let text = random.pick(["GET / HTTP/1.1\r\nHost: x\r\n\r\n", "SSH-1.5-old\r\n", "SSH-2.0-" + String(repeating: "x", count: 300) + "\r\n",
                                    "\r\n\r\n", HostileText.string(&random)])
            return "garbage " + text.utf8.map { String(format: "%02x", $0) }.joined()
        }.joined(separator: "\n")
    }

    /// The lines that name a stall; a shrunk line that names none is left out.
    static func parse(_ input: String) -> [(stall: SSHStall, bytes: [UInt8])] {
        input.split(separator: "\n").compactMap { line -> (stall: SSHStall, bytes: [UInt8])? in
            let words: [String] = String(line).split(separator: " ", maxSplits: 1).map { String($0) }
            guard let name = words.first, let stall = SSHStall(rawValue: name) else { return nil }
            let hex: [UInt8] = words.count > 1 ? Array(words[1].utf8) : []
            let bytes: [UInt8] = stride(from: 0, to: hex.count - 1, by: 2).compactMap { index in
                UInt8(String(decoding: hex[index...(index + 1)], as: UTF8.self), radix: 16)
            }
            return (stall, bytes)
        }
    }
}

extension FuzzTarget {
    /// Connections to the SSH front that go quiet at every stage (no version, mid-handshake,
    /// authenticated without a session, a session without a shell, a shell without keys), with a
    /// real session beside them. Each is a finding if the real session does not work, if one of
    /// them is still open `slack` after its timeout (the handshake's; the idle one for a shell,
    /// and 2 s for its connection to follow its channel), or if the front's connections and this
    /// process's descriptors do not return to where they were.
    public static func sshIdle(front: SSHFrontUnderTest, slack: Duration = .seconds(3)) -> FuzzTarget {
        let warmedUp = NIOLockedValueBox(false)
        var target = FuzzTarget(surface: .sshIdle, generate: { SSHIdleCase.generate(&$0) }, check: { input in
            // The first session opens what the process keeps (threads, the reaper): before the baseline.
            if !warmedUp.withLockedValue({ $0 }), let problem = await SSHIdleProbe.realSession(port: front.port) {
                return "before the case: \(problem)"
            }
            warmedUp.withLockedValue { $0 = true }
            let baseline = openDescriptorCount()
            var probes: [SSHIdleProbe] = []
            for (stall, bytes) in SSHIdleCase.parse(input) {
                do { probes.append(try await SSHIdleProbe.open(stall, bytes: bytes, port: front.port)) } catch {
                    for probe in probes { await probe.close() }
                    return "\(stall.rawValue): could not connect: \(error)"
                }
            }
            let realProblem = await SSHIdleProbe.realSession(port: front.port)
            let limits = front.limits
            func allowed(_ stall: SSHStall) -> Duration {
                (stall == .shell ? .seconds(limits.idleTimeout + 2) : .seconds(limits.handshakeTimeout)) + slack
            }
            let latest = probes.map { $0.opened + allowed($0.stall) }.max() ?? .now
            while ContinuousClock.now < latest, probes.contains(where: { $0.closedAt == nil }) {
                try? await Task.sleep(for: .milliseconds(20))
            }
            var problems: [String] = realProblem.map { ["a real session beside them: \($0)"] } ?? []
            for probe in probes {
                let took = probe.closedAt.map { probe.opened.duration(to: $0) }
                if took.map({ $0 > allowed(probe.stall) }) ?? true {
                    problems.append("\(probe.stall.rawValue): " + (took.map { "closed after \($0)" } ?? "still open")
                                    + ", allowed \(allowed(probe.stall))")
                }
                await probe.close()
            }
            if !(await eventually(within: 10) { front.openConnections() == 0 }) {
                problems.append("\(front.openConnections()) connections still counted open")
            }
            if !(await eventually(within: 10) { openDescriptorCount() <= baseline }) {
                problems.append("\(openDescriptorCount()) descriptors open, \(baseline) before")
            }
            return problems.isEmpty ? nil : problems.joined(separator: "; ")
        })
        // A case waits out its timeouts (seconds): shrinking tries a few dozen smaller ones at most.
        target.shrinkAttempts = 24
        return target
    }
}

/// One connection that goes as far as its stall, and when the server closed it.
final class SSHIdleProbe: Sendable {
    let stall: SSHStall
    let opened: ContinuousClock.Instant
    private let channel: any Channel
    private let closed = NIOLockedValueBox<ContinuousClock.Instant?>(nil)

    private init(stall: SSHStall, opened: ContinuousClock.Instant, channel: any Channel) {
        self.stall = stall; self.opened = opened; self.channel = channel
        let closed = closed
        channel.closeFuture.whenComplete { _ in closed.withLockedValue { $0 = $0 ?? .now } }
    }

    var closedAt: ContinuousClock.Instant? { closed.withLockedValue { $0 } }

    func close() async { try? await channel.close() }

    static func open(_ stall: SSHStall, bytes: [UInt8], port: Int) async throws -> SSHIdleProbe {
        let opened = ContinuousClock.now
        let version = Array("SSH-2.0-probe\r\n".utf8)
        switch stall {
        case .silent, .garbage, .version, .packet:
            let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .channelInitializer { channel in channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Discard()) } }
                .connect(host: "127.0.0.1", port: port).get()
            let sent: [UInt8]
            switch stall {
            case .garbage: sent = bytes
            case .version: sent = version
            case .packet: sent = version + [0, 0, 1, 0, 7, 20] + Array(repeating: 0, count: 10)
            default: sent = []
            }
            if !sent.isEmpty { try? await channel.writeAndFlush(ByteBuffer(bytes: sent)) }
            return SSHIdleProbe(stall: stall, opened: opened, channel: channel)
        case .unauthenticated, .authenticated:
            let client = try await SSHProbeClient.connect(port: port, stallsAuthentication: stall == .unauthenticated)
            return SSHIdleProbe(stall: stall, opened: opened, channel: client.channel)
        case .channel, .terminal, .shell:
            let client = try await SSHProbeClient.connect(port: port)
            // The server may close first (a refusal): then there is no channel to stall on.
            if let session = try? await client.session() {
                if stall != .channel { try? await session.requestTerminal() }
                if stall == .shell { try? await session.shell() }
            }
            return SSHIdleProbe(stall: stall, opened: opened, channel: client.channel)
        }
    }

    /// A session beside the stalled ones: a terminal, a shell, a key echoed back. nil: it worked.
    static func realSession(port: Int) async -> String? {
        let client: SSHProbeClient
        do { client = try await SSHProbeClient.connect(port: port) } catch { return "could not connect: \(error)" }
        let problem = await converse(on: client)
        await client.close()
        return problem
    }

    private static func converse(on client: SSHProbeClient) async -> String? {
        do {
            let session = try await client.session()
            try await session.requestTerminal()
            try await session.shell()
            guard await eventually(within: 10, { session.output.contains("ready") }) else {
                return "no prompt within 10 s (\(session.closed ? "closed" : "open"), \(session.output.utf8.count) bytes)"
            }
            try await session.send("ping\r")
            guard await eventually(within: 10, { session.output.contains("ping") }) else { return "a key was not echoed within 10 s" }
            return nil
        } catch {
            return "failed: \(error)"
        }
    }
}

/// What the server says to a raw connection is not read further.
private final class Discard: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
    func errorCaught(context: ChannelHandlerContext, error: Error) { context.close(promise: nil) }
}

