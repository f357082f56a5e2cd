import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The redirect URI of a native app's login (RFC 8252 §7.3): a tiny HTTP listener on
/// `http://127.0.0.1:PORT/callback`, bound to the loopback interface only, on a port the system
/// picks unless one is asked for. It answers the browser's one redirect and hands its URL over.
///
/// A blocking `accept` loop on a thread of its own keeps this module free of a server framework;
/// `close()` (or cancelling the wait) shuts the socket down, which wakes the loop.
public final class LoopbackListener: Sendable {
    public let port: UInt16
    public let callbackPath: String
    private let socket: Int32
    private let closed = Mutex(false)

    private init(socket: Int32, port: UInt16, callbackPath: String) {
        self.socket = socket; self.port = port; self.callbackPath = callbackPath
    }

    deinit { _ = systemClose(socket) }

    /// Listens on 127.0.0.1; `port` 0 lets the system choose a free one.
    public static func start(port: UInt16 = 0, callbackPath: String = "/callback") throws -> LoopbackListener {
        let fd = openStreamSocket()
        guard fd >= 0 else { throw failure("socket") }
        var reuse: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 8) == 0 else {
            let error = failure(port == 0 ? "bind 127.0.0.1" : "bind 127.0.0.1:\(port)")
            _ = systemClose(fd)
            throw error
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return LoopbackListener(socket: fd, port: UInt16(bigEndian: actual.sin_port), callbackPath: callbackPath)
    }

    /// `http://127.0.0.1:PORT/callback`: the IP literal, not "localhost", which a resolver or a
    /// firewall could send elsewhere (RFC 8252 §8.3).
    public var redirectURI: URL { URL(string: "http://127.0.0.1:\(port)\(callbackPath)")! }

    /// Waits for the browser's request to the callback path, answers it with a page that sends the
    /// customer back to the terminal, and returns its full URL. Other requests (a favicon) get a 404
    /// and the wait goes on. Throws `cancelled` once closed.
    public func waitForRedirect() async throws -> URL {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<URL, any Error>) in
                let thread = Thread { continuation.resume(with: Result { try self.acceptLoop() }) }
                thread.name = "loopback-redirect"
                thread.start()
            }
        } onCancel: {
            close()
        }
    }

    /// Stops listening; a wait in progress ends with `cancelled`.
    public func close() {
        closed.withLock { isClosed in
            guard !isClosed else { return }
            isClosed = true
            // Wakes a thread blocked in accept (EINVAL on Linux); the descriptor is closed in deinit,
            // so its number cannot be reused while that thread may still hold it.
            _ = shutdown(socket, Int32(SHUT_RDWR))
        }
    }

    private var isClosed: Bool { closed.withLock { $0 } }

    private func acceptLoop() throws -> URL {
        while true {
            if isClosed { throw AccountError.cancelled }
            let client = accept(socket, nil, nil)
            if client < 0 {
                if isClosed { throw AccountError.cancelled }
                if errno == EINTR || errno == ECONNABORTED { continue }
                throw Self.failure("accept")
            }
            defer { _ = systemClose(client) }
            // A client that connects and says nothing must not hold the login up.
            var timeout = timeval(tv_sec: 10, tv_usec: 0)
            _ = setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            guard let target = Self.readRequestTarget(client) else {
                Self.respond(client, status: "400 Bad Request", body: Self.page("This address only takes the login redirect."))
                continue
            }
            let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
            guard path == callbackPath, let url = URL(string: "http://127.0.0.1:\(port)\(target)") else {
                Self.respond(client, status: "404 Not Found", body: Self.page("Nothing here."))
                continue
            }
            Self.respond(client, status: "200 OK",
                         body: Self.page("The login response reached storefront. You can close this tab and return to the terminal."))
            return url
        }
    }

    /// The target of a `GET` request line ("/callback?code=...&state=..."), or nil for anything else.
    static func readRequestTarget(_ fd: Int32) -> String? {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 2048)
        while data.count < 16_384 {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            data += buffer[0..<n]
            if data.count >= 2, let end = firstLineEnd(data) { return requestTarget(Array(data[0..<end])) }
        }
        return nil
    }

    private static func firstLineEnd(_ data: [UInt8]) -> Int? {
        data.indices.dropLast().first { data[$0] == 0x0D && data[$0 + 1] == 0x0A }
    }

    public static func requestTarget(_ line: [UInt8]) -> String? {
        let parts = String(decoding: line, as: UTF8.self).split(separator: " ")
        guard parts.count == 3, parts[0] == "GET", parts[1].hasPrefix("/"), parts[2].hasPrefix("HTTP/1.") else { return nil }
        return String(parts[1])
    }

    private static func respond(_ fd: Int32, status: String, body: String) {
        let bytes = Array(body.utf8)
        let head = "HTTP/1.1 \(status)\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(bytes.count)\r\n" +
            "Cache-Control: no-store\r\nConnection: close\r\n\r\n"
        let message = Array(head.utf8) + bytes
        var offset = 0
        while offset < message.count {
            let n = message[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, noSignal) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return }
            offset += n
        }
    }

    private static func page(_ message: String) -> String {
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>storefront</title></head>" +
            "<body><p>\(message)</p></body></html>"
    }

    private static func failure(_ action: String) -> AccountError {
        .listener("could not \(action): \(String(cString: strerror(errno)))")
    }
}

/// A TCP socket (`socket(2)`, whose name the listener's property hides).
private func openStreamSocket() -> Int32 {
    #if canImport(Glibc)
    return socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
    return socket(AF_INET, SOCK_STREAM, 0)
    #endif
}

/// A browser that hangs up early must not kill the process with SIGPIPE.
#if canImport(Glibc)
private let noSignal = Int32(MSG_NOSIGNAL)
#else
private let noSignal: Int32 = 0
#endif

/// `close(2)`, under a name that does not collide with `LoopbackListener.close()`.
private func systemClose(_ fd: Int32) -> Int32 {
    #if canImport(Glibc)
    return Glibc.close(fd)
    #else
    return Darwin.close(fd)
    #endif
}
