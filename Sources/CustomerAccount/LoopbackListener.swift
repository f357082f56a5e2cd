import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The redirect URI of a native app's login (RFC 8252 §7.3): a tiny HTTP listener on
/// `http://127.0.0.1:PORT/callback`, bound to the loopback interface only, on a port the system
/// picks unless one is asked for. It answers the browser's one redirect and hands its URL over.
///
/// Served by SwiftNIO on its shared event loops: no thread of its own, and `close()` (or cancelling
/// the wait) closes the listening channel.
public final class LoopbackListener: Sendable {
    public let port: UInt16
    public let callbackPath: String
    private let channel: any Channel
    private let outcome: RedirectOutcome

    private init(channel: any Channel, port: UInt16, callbackPath: String, outcome: RedirectOutcome) {
        self.channel = channel; self.port = port; self.callbackPath = callbackPath; self.outcome = outcome
    }

    deinit { channel.close(promise: nil) }

    /// Listens on 127.0.0.1; `port` 0 lets the system choose a free one.
    public static func start(port: UInt16 = 0, callbackPath: String = "/callback") throws -> LoopbackListener {
        let outcome = RedirectOutcome()
        let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.backlog, value: 8)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.eventLoop.makeCompletedFuture {
                    try child.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
                    // A client that connects and says nothing must not hold the login up.
                    try child.pipeline.syncOperations.addHandler(IdleStateHandler(readTimeout: .seconds(10)))
                    try child.pipeline.syncOperations.addHandler(
                        RedirectHandler(callbackPath: callbackPath, outcome: outcome))
                }
            }
        let channel: any Channel
        do {
            channel = try bootstrap.bind(host: "127.0.0.1", port: Int(port)).wait()
        } catch {
            throw AccountError.listener("could not bind 127.0.0.1\(port == 0 ? "" : ":\(port)"): \(Self.describe(error))")
        }
        let actual = UInt16(channel.localAddress?.port ?? Int(port))
        outcome.setPort(actual)
        return LoopbackListener(channel: channel, port: actual, callbackPath: callbackPath, outcome: outcome)
    }

    /// `http://127.0.0.1:PORT/callback`: the IP literal, not "localhost", which a resolver or a
    /// firewall could send elsewhere (RFC 8252 §8.3).
    public var redirectURI: URL { URL(string: "http://127.0.0.1:\(port)\(callbackPath)")! }

    /// Waits for the browser's request to the callback path, answers it with a page that sends the
    /// customer back to the terminal, and returns its full URL. Other requests (a favicon) get a 404
    /// and the wait goes on. Throws `cancelled` once closed.
    public func waitForRedirect() async throws -> URL {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                outcome.await(continuation)
            }
        } onCancel: {
            close()
        }
    }

    /// Stops listening; a wait in progress ends with `cancelled`.
    public func close() {
        outcome.cancel()
        channel.close(promise: nil)
    }

    private static func describe(_ error: any Error) -> String {
        if let io = error as? IOError { return String(cString: strerror(io.errnoCode)) }
        return String(describing: error)
    }
}

/// The one redirect a listener waits for: delivered once, to a waiter that may come before or after it.
private final class RedirectOutcome: Sendable {
    private enum State {
        case waiting(CheckedContinuation<URL, any Error>?)
        case arrived(URL)
        case finished
    }

    private let state = Mutex(State.waiting(nil))
    private let port = Mutex<UInt16>(0)

    func setPort(_ value: UInt16) { port.withLock { $0 = value } }

    /// The URL the browser asked for, as the redirect URI names it.
    func url(forTarget target: String) -> URL? {
        URL(string: "http://127.0.0.1:\(port.withLock { $0 })\(target)")
    }

    /// Hands `url` to the waiter; false once a redirect was taken or the listener closed.
    func deliver(_ url: URL) -> Bool {
        let waiter: CheckedContinuation<URL, any Error>?? = state.withLock { state in
            switch state {
            case .waiting(let continuation):
                if continuation == nil { state = .arrived(url) } else { state = .finished }
                return .some(continuation)
            case .arrived, .finished:
                return .none
            }
        }
        guard let waiter else { return false }
        waiter?.resume(returning: url)
        return true
    }

    func await(_ continuation: CheckedContinuation<URL, any Error>) {
        let result: Result<URL, any Error>? = state.withLock { state in
            switch state {
            case .waiting(nil):
                state = .waiting(continuation)
                return nil
            case .waiting(.some):
                return .failure(AccountError.listener("already waiting for the login redirect"))
            case .arrived(let url):
                state = .finished
                return .success(url)
            case .finished:
                return .failure(AccountError.cancelled)
            }
        }
        if let result { continuation.resume(with: result) }
    }

    func cancel() {
        let waiter: CheckedContinuation<URL, any Error>? = state.withLock { state in
            defer { state = .finished }
            if case .waiting(let continuation) = state { return continuation }
            return nil
        }
        waiter?.resume(throwing: AccountError.cancelled)
    }
}

/// Answers each request on one connection: the callback GET delivers the redirect, anything else
/// is refused, and the connection closes after its answer.
private final class RedirectHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let callbackPath: String
    private let outcome: RedirectOutcome
    private var head: HTTPRequestHead?

    init(callbackPath: String, outcome: RedirectOutcome) {
        self.callbackPath = callbackPath; self.outcome = outcome
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body: break
        case .end:
            guard let head else { return }
            self.head = nil
            answer(head, context: context)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is IdleStateHandler.IdleStateEvent { context.close(promise: nil) }
        context.fireUserInboundEventTriggered(event)
    }

    private func answer(_ head: HTTPRequestHead, context: ChannelHandlerContext) {
        guard head.method == .GET else {
            return respond(.badRequest, "This address only takes the login redirect.", context: context)
        }
        let path = head.uri.split(separator: "?", maxSplits: 1).first.map(String.init) ?? head.uri
        guard path == callbackPath, let url = outcome.url(forTarget: head.uri) else {
            return respond(.notFound, "Nothing here.", context: context)
        }
        guard outcome.deliver(url) else {
            return respond(.gone, "This login has already finished. You can close this tab.", context: context)
        }
        respond(.ok, "The login response reached storefront. You can close this tab and return to the terminal.",
                context: context)
    }

    private func respond(_ status: HTTPResponseStatus, _ message: String, context: ChannelHandlerContext) {
        let body = "<!doctype html><html><head><meta charset=\"utf-8\"><title>storefront</title></head>" +
            "<body><p>\(message)</p></body></html>"
        var buffer = context.channel.allocator.buffer(capacity: body.utf8.count)
        buffer.writeString(body)
        var headers = HTTPHeaders()
        headers.add(name: "Content-Type", value: "text/html; charset=utf-8")
        headers.add(name: "Content-Length", value: "\(buffer.readableBytes)")
        headers.add(name: "Cache-Control", value: "no-store")
        headers.add(name: "Connection", value: "close")
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(buffer))), promise: nil)
        let channel = context.channel
        context.writeAndFlush(wrapOutboundOut(.end(nil))).whenComplete { _ in channel.close(promise: nil) }
    }
}
