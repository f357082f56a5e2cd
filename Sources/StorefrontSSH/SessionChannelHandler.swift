import AppCore
import Foundation
import Logging
import NIOCore
import NIOPosix
import NIOSSH
#if canImport(Glibc)
import Glibc
#endif

/// One SSH session channel: takes the pty, env, window-change, shell and exec requests, starts the
/// shopper's storefront on its own pty, and relays bytes both ways with backpressure: while the
/// client is not reading, the pty is not read either (the child blocks on a full terminal), and
/// while the child is not reading keys, the client's window is not reopened.
final class SessionChannelHandler: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private let connection: ConnectionContext
    private var channelContext: ChannelHandlerContext?
    private var term: String?
    private var size = TerminalSize(columns: 80, rows: 24)
    private var environment: [String: String] = [:]
    private var started = false
    private var identity = ShopperIdentity.guest
    private var process: SessionProcess?
    private var master: CInt = -1
    private var pty: (any Channel)?
    private var pendingInput: [ByteBuffer] = []
    private var pendingBytes = 0
    private var exitReason: SessionProcess.ExitReason?
    private var ptyClosed = false
    private var finished = false
    private var endReason: String?
    private var goodbye: String?
    private var cleanup: (@Sendable () -> Void)?
    private var startedAt = NIODeadline.now()
    private var lastInput = NIODeadline.now()
    private var timers: [Scheduled<Void>] = []

    init(connection: ConnectionContext) { self.connection = connection }

    private var limits: SessionLimits { connection.server.limits }

    func handlerAdded(context: ChannelHandlerContext) {
        channelContext = context
        connection.server.track(context.channel)
    }

    func channelInactive(context: ChannelHandlerContext) {
        connection.server.untrack(context.channel)
        // The client went away: the storefront is told its terminal hung up, then made to stop.
        if process != nil && exitReason == nil {
            endReason = endReason ?? "client closed"
            hangUp()
        }
        pty?.close(promise: nil)
        context.fireChannelInactive()
    }

    // MARK: - Requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            term = request.term
            size = TerminalSize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            reply(request.wantReply, true, context)
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let accepted = !started && ClientEnvironment.accepts(request.name, request.value)
            if accepted { environment[request.name] = request.value }
            reply(request.wantReply, accepted, context)
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            size = TerminalSize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight)
            process?.resize(size)
        case let request as SSHChannelRequestEvent.ShellRequest:
            reply(request.wantReply, !started, context)
            start(link: nil, context)
        case let request as SSHChannelRequestEvent.ExecRequest:
            reply(request.wantReply, !started, context)
            switch DeepLink.parse(request.command) {
            case .success(let link): start(link: link, context)
            case .failure(let error): refuse(error.overSSH, status: 2, context)
            }
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            reply(request.wantReply, false, context)
        case is DrainEvent:
            end(reason: "server draining", goodbye: "The shop is closing for now; your cart is kept. Goodbye.")
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func reply(_ wanted: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
        guard wanted else { return }
        if success {
            context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    // MARK: - Starting

    private func start(link: DeepLink?, _ context: ChannelHandlerContext) {
        guard !started else { return }
        started = true
        if let refusal = connection.refusal { return refuse(refusal, status: 1, context) }
        guard connection.claimSession() else {
            return refuse("One storefront per connection; open another ssh session for a second one.", status: 1, context)
        }
        guard let term else {
            return refuse("The storefront needs a terminal: connect with ssh -t (e.g. ssh -t HOST cart).", status: 2, context)
        }
        identity = connection.identity.withLockedValue { $0 } ?? .guest
        var variables = environment
        variables["TERM"] = term
        let request = SessionStart(identity: identity, link: link, environment: ClientEnvironment.usableLocale(variables))
        let launcher = connection.server.launcher
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        let loop = context.eventLoop
        Task {
            let result: Result<SessionLaunch, Error>
            do { result = .success(try await launcher(request)) } catch { result = .failure(error) }
            loop.execute {
                let handler = bound.value
                guard let context = handler.channelContext, context.channel.isActive else {
                    if case .success(let launch) = result { launch.cleanup() }
                    return
                }
                switch result {
                case .success(let launch): handler.launch(launch, link: link, context)
                case .failure(let error):
                    handler.connection.server.logger.error("session not started", metadata: ["address": "\(handler.connection.address)", "error": "\(error)"])
                    handler.refuse("The shop cannot open your session right now; please try again.", status: 1, context)
                }
            }
        }
    }

    private func launch(_ launch: SessionLaunch, link: DeepLink?, _ context: ChannelHandlerContext) {
        cleanup = launch.cleanup
        let spawned: SessionProcess
        do {
            spawned = try SessionProcess.spawn(executable: launch.executable, arguments: launch.arguments,
                                               environment: launch.environment, size: size)
        } catch {
            launch.cleanup()
            cleanup = nil
            connection.server.logger.error("session not started", metadata: ["address": "\(connection.address)", "error": "\(error)"])
            return refuse("The shop cannot open your session right now; please try again.", status: 1, context)
        }
        process = spawned
        master = spawned.master
        startedAt = .now()
        lastInput = .now()
        connection.server.logger.info("session start", metadata: [
            "key": "\(identity.logDescription)", "address": "\(connection.address)", "pid": "\(spawned.pid)",
            "screen": "\(link.map { Self.screenName($0) } ?? "home")",
        ])
        if let notice = launch.notice { writeLine(notice, context) }

        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        spawned.reap { reason in
            bound.eventLoop.execute { bound.value.childExited(reason) }
        }
        NIOPipeBootstrap(group: context.eventLoop)
            .channelOption(.autoRead, value: true)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(PtyRelay(session: bound))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: fcntl(spawned.master, F_DUPFD_CLOEXEC, 0))
            .whenComplete { result in
                let handler = bound.value
                switch result {
                case .success(let channel):
                    handler.ptyOpened(channel)
                case .failure:
                    handler.ptyClosed = true
                    handler.hangUp()
                }
            }
        scheduleLimits(context)
    }

    /// Deep links are logged by name only: a search query is something the shopper typed.
    private static func screenName(_ link: DeepLink) -> String {
        switch link {
        case .cart: return "cart"
        case .orders: return "orders"
        case .about: return link.argument
        case .search: return "search"
        case .product(let handle): return "product \(handle)"
        }
    }

    private func ptyOpened(_ channel: any Channel) {
        pty = channel
        for buffer in pendingInput { channel.write(buffer, promise: nil) }
        pendingInput = []
        pendingBytes = 0
        channel.flush()
        if exitReason != nil || finished { channel.close(promise: nil) }
    }

    private func scheduleLimits(_ context: ChannelHandlerContext) {
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        timers.append(context.eventLoop.scheduleTask(in: .seconds(Int64(limits.sessionLifetime))) {
            bound.value.end(reason: "lifetime", goodbye: "This session has lasted its \(SessionLimits.duration(bound.value.limits.sessionLifetime)); connect again to go on shopping.")
        })
        scheduleIdleCheck(after: .seconds(Int64(limits.idleTimeout)), context.eventLoop)
    }

    private func scheduleIdleCheck(after delay: TimeAmount, _ loop: any EventLoop) {
        let bound = NIOLoopBound(self, eventLoop: loop)
        timers.append(loop.scheduleTask(in: delay) {
            let handler = bound.value
            let idle = TimeAmount.seconds(Int64(handler.limits.idleTimeout))
            let quiet = NIODeadline.now() - handler.lastInput
            if quiet >= idle {
                handler.end(reason: "idle", goodbye: "Closed after \(SessionLimits.duration(handler.limits.idleTimeout)) without a key press; your cart is kept.")
            } else {
                handler.scheduleIdleCheck(after: idle - quiet, loop)
            }
        })
    }

    // MARK: - Bytes

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard message.type == .channel, case .byteBuffer(let buffer) = message.data else { return }
        lastInput = .now()
        if let pty {
            pty.write(buffer, promise: nil)
            if !pty.isWritable { context.channel.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in } }
        } else if pendingBytes + buffer.readableBytes <= 64 << 10 {
            // Keys typed before the storefront is up; beyond 64 KiB they are dropped.
            pendingInput.append(buffer)
            pendingBytes += buffer.readableBytes
        }
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        pty?.flush()
        context.fireChannelReadComplete()
    }

    /// The client reads again: so does the pty.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable, let pty { pty.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in } }
        context.fireChannelWritabilityChanged()
    }

    /// The screen's bytes, from the pty to the client.
    fileprivate func forward(_ buffer: ByteBuffer) {
        guard let context = channelContext, context.channel.isActive else { return }
        context.write(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(buffer))), promise: nil)
        if !context.channel.isWritable, let pty { pty.setOption(ChannelOptions.autoRead, value: false).whenComplete { _ in } }
    }

    fileprivate func forwardComplete() { channelContext?.flush() }

    /// The child reads its keys again: so does the client channel.
    fileprivate func ptyWritable() {
        guard let context = channelContext else { return }
        context.channel.setOption(ChannelOptions.autoRead, value: true).whenComplete { _ in }
        context.read()
    }

    fileprivate func ptyInactive() {
        ptyClosed = true
        finishIfDone()
    }

    // MARK: - Ending

    private func childExited(_ reason: SessionProcess.ExitReason) {
        exitReason = reason
        // Nothing more will be written to the terminal; what is left in it is read, then EOF.
        if pty == nil { ptyClosed = true }
        let bound = NIOLoopBound(self, eventLoop: channelContext?.channel.eventLoop ?? MultiThreadedEventLoopGroup.singleton.next())
        _ = bound.eventLoop.scheduleTask(in: .seconds(2)) { bound.value.pty?.close(promise: nil) }
        finishIfDone()
    }

    private func finishIfDone() {
        guard !finished, exitReason != nil, ptyClosed else { return }
        finished = true
        timers.forEach { $0.cancel() }
        if master >= 0 { Glibc.close(master); master = -1 }
        cleanup?()
        cleanup = nil
        let status: Int
        switch exitReason {
        case .exited(let code): status = code
        case .signalled(let number): status = 128 + number
        case nil: status = 0
        }
        let seconds = Double((NIODeadline.now() - startedAt).nanoseconds) / 1e9
        connection.server.logger.info("session end", metadata: [
            "key": "\(identity.logDescription)", "address": "\(connection.address)",
            "duration": "\(String(format: "%.1f", seconds)) s", "reason": "\(endReason ?? exitReason?.description ?? "-")",
        ])
        guard let context = channelContext, context.channel.isActive else { return }
        close(status: status, line: goodbye, type: .channel, context)
    }

    /// Ends the session from the server's side: the storefront is asked to stop (it restores the
    /// terminal), then the goodbye line is written after it.
    func end(reason: String, goodbye: String) {
        guard !finished else { return }
        endReason = endReason ?? reason
        self.goodbye = goodbye
        guard let process, exitReason == nil else {
            if process == nil, let context = channelContext { refuse(goodbye, status: 0, context) }
            return
        }
        process.signal(SIGTERM)
        killLater()
    }

    private func hangUp() {
        guard let process, exitReason == nil else { return }
        process.signal(SIGHUP)
        killLater()
    }

    private func killLater() {
        guard let loop = channelContext?.eventLoop, let process else { return }
        let bound = NIOLoopBound(self, eventLoop: loop)
        _ = loop.scheduleTask(in: .seconds(3)) {
            if bound.value.exitReason == nil { process.signal(SIGKILL) }
        }
    }

    /// A one-line reason on the client's stderr, then the channel closes with `status`.
    private func refuse(_ reason: String, status: Int, _ context: ChannelHandlerContext) {
        finished = true
        close(status: status, line: "storefront: \(reason)", type: .stdErr, context)
    }

    /// Sends the exit status, then the line, then closes. (The status goes first: sent after the
    /// data, swift-nio-ssh 0.15 can lose it in the close.)
    private func close(status: Int, line: String?, type: SSHChannelData.DataType, _ context: ChannelHandlerContext) {
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status), promise: nil)
        guard let line else { return context.close(promise: nil) }
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count + 2)
        buffer.writeString(line + "\r\n")
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: type, data: .byteBuffer(buffer)))).whenComplete { _ in
            bound.value.close(promise: nil)
        }
    }

    private func writeLine(_ line: String, _ context: ChannelHandlerContext) {
        var buffer = context.channel.allocator.buffer(capacity: line.utf8.count + 2)
        buffer.writeString(line + "\r\n")
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(buffer))), promise: nil)
    }
}

/// The handler on the pty master's channel: hands the screen's bytes to the session.
private final class PtyRelay: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: NIOLoopBound<SessionChannelHandler>

    init(session: NIOLoopBound<SessionChannelHandler>) { self.session = session }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.value.forward(unwrapInboundIn(data))
    }

    func channelReadComplete(context: ChannelHandlerContext) {
        session.value.forwardComplete()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable { session.value.ptyWritable() }
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.value.ptyInactive()
    }

    /// EIO once the terminal's last writer is gone: the end of the screen, not a failure.
    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }
}
