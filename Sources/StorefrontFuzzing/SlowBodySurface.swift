import Foundation
import StorefrontModels

extension FuzzTarget {
    /// Clients that send a request's headers and part of its body, then stall, while another
    /// client queries: the query must be answered (never 503 because of them), and each stalled
    /// client that then finishes its body within `clientTimeout` gets an answer (one that finished
    /// later may be told 408, as it should be). The input names how many stall, how much of the body
    /// each sends first and for how long, and whether they finish.
    public static func slowBodies(url: URL, token: String, clientTimeout: Duration,
                                  query: @escaping @Sendable (Data) async -> (status: Int, body: Data)?) -> FuzzTarget {
        FuzzTarget(surface: .slowBodies, generate: { random in
            "clients=\(random.int(1...48)) prefix=\(random.int(0...40)) pause=\(random.int(0...300)) finish=\(random.chance(0.5) ? 1 : 0)"
        }, check: { input in
            var settings: [String: Int] = [:]
            for part in input.split(separator: " ") {
                let pair = part.split(separator: "=", maxSplits: 1)
                if pair.count == 2, let value = Int(pair[1]) { settings[String(pair[0])] = value }
            }
            guard let host = url.host, let port = url.port else { return "no server address" }
            let body = Data(#"{"query":"{ shop { name } }"}"#.utf8)
            let head = "POST \(url.path) HTTP/1.1\r\nHost: \(host)\r\nContent-Type: application/json\r\n"
                + "X-Shopify-Storefront-Access-Token: \(token)\r\nContent-Length: \(body.count)\r\n\r\n"
            let prefix = min(max(0, settings["prefix"] ?? 0), body.count - 1)
            var stalled: [RawConnection] = []
            let clock = ContinuousClock()
            var firstSent: ContinuousClock.Instant?
            for _ in 0..<min(max(1, settings["clients"] ?? 1), 64) {
                guard let connection = RawConnection(host: host, port: port) else { return "could not connect" }
                connection.send(Data(head.utf8) + body.prefix(prefix))
                if firstSent == nil { firstSent = clock.now }
                stalled.append(connection)
            }
            try? await Task.sleep(for: .milliseconds(min(max(0, settings["pause"] ?? 0), 1_000)))
            guard let answer = await query(body) else { return "the query beside \(stalled.count) slow clients got no answer" }
            guard answer.status == 200 else { return "the query beside \(stalled.count) slow clients got \(answer.status)" }
            if settings["finish"] == 1 {
                for connection in stalled { connection.send(body.dropFirst(prefix)) }
                // On a busy machine the query beside them can outlast the body deadline: a body
                // finished after it is rightly refused (408), and after twice it the connection may
                // already be closed for its silence; one finished in time must be answered.
                let stalledFor = firstSent.map { $0.duration(to: clock.now) } ?? .zero
                // A body refused at the deadline closes the connection; the rest of it, sent after
                // that, is answered by a reset, which may discard the unread 408 with it.
                for connection in stalled {
                    let status = await connection.readStatusLine()
                    let answered = status.hasPrefix("HTTP/1.1 200") || status.hasPrefix("HTTP/1.1 503")
                    let refusedLate = stalledFor >= clientTimeout
                        && (status.hasPrefix("HTTP/1.1 408") || status == RawConnection.reset)
                    let closedSilent = stalledFor >= clientTimeout * 2 && status.isEmpty
                    guard answered || refusedLate || closedSilent else {
                        return "a slow client that finished its body \(stalledFor) "
                            + "after it began got \"\(status)\""
                    }
                }
            }
            return nil
        })
    }
}

/// A plain TCP connection, to send exactly what a slow client sends.
final class RawConnection: Sendable {
    private let socket: Int32

    init?(host: String, port: Int) {
        socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(truncatingIfNeeded: port).bigEndian)
        address.sin_addr.s_addr = inet_addr(host == "localhost" ? "127.0.0.1" : host)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { close(socket); return nil }
        // Longer than the most a finished request may take before its answer (a wait for a place,
        // then its time budget: 5 + 10 s by default), with room for a busy machine.
        var timeout = timeval(tv_sec: 25, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    deinit { close(socket) }

    func send(_ data: Data) {
        guard !data.isEmpty else { return }
        _ = data.withUnsafeBytes { Foundation.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// What `readStatusLine` gives when the server reset the connection, or said nothing in 25 s.
    static let reset = "(connection reset)", silent = "(no answer in 25 s)"

    /// The first line the server answers with; "" when it closes, `reset` or `silent` otherwise.
    func readStatusLine() async -> String {
        await offTheTaskPool { [socket] in
            var received = [UInt8](), buffer = [UInt8](repeating: 0, count: 1024)
            while !received.contains(0x0A) {
                let count = recv(socket, &buffer, buffer.count, 0)
                if count < 0, received.isEmpty { return errno == ECONNRESET ? Self.reset : Self.silent }
                if count <= 0 { break }
                received += buffer[..<count]
            }
            return String(decoding: received.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        }
    }
}

/// Runs a blocking call (a socket read that waits for the server) on a thread of its own. On the
/// task pool it would hold one of its few threads (two on a 2-core machine) while it waits, and
/// the server in the same process, whose timers and handlers run on that pool, could not answer.
public func offTheTaskPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        OwnThread.start(name: "blocking-call") { continuation.resume(returning: work()) }
    }
}
