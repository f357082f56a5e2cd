import Foundation
@testable import StorefrontServer
import Storefront
import StorefrontFuzzing
import Testing

/// Clients that connect and then send slowly, or nothing: the server lets go of them.
struct SlowClientTests {
    /// A raw TCP connection to the server, for sending exactly what a slow client would.
    final class Connection: Sendable {
        let socket: Int32
        init(port: Int) throws {
            socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        }
        deinit { close(socket) }
        func send(_ text: String) { _ = text.withCString { Foundation.send(socket, $0, strlen($0), 0) } }
        /// Everything the server sends until it closes the connection (or 30 s pass without a
        /// byte), read on a thread of its own so the server's tasks keep the task pool.
        func readToEnd() async -> String {
            await offTheTaskPool { [socket] in
                var data = [UInt8](), buffer = [UInt8](repeating: 0, count: 4096)
                while true {
                    let n = recv(socket, &buffer, buffer.count, 0)
                    if n <= 0 { break }
                    data += buffer[..<n]
                }
                return String(decoding: data, as: UTF8.self)
            }
        }
    }

    static var limits: RequestLimits {
        var limits = RequestLimits.standard
        limits.clientTimeout = .seconds(2)
        return limits
    }

    @Test func aClientThatSendsHalfItsHeadersIsLetGo() async throws {
        let server = try await LoopbackServer.start(limits: Self.limits)
        let connection = try Connection(port: try #require(server.url.port))
        connection.send("POST \(GraphQLEndpoint.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        let clock = ContinuousClock()
        let start = clock.now
        _ = await connection.readToEnd()
        let waited = start.duration(to: clock.now)
        await server.stop()
        #expect(waited >= .seconds(1) && waited < .seconds(20))
    }
}

extension SlowClientTests {
    /// More slow senders than there are places to work on requests: each holds only its own
    /// connection while its body trickles in, so queries from others are answered, not told 503.
    @Test func slowBodiesDoNotHoldThePlacesOthersAreWorkedOnIn() async throws {
        var limits = Self.limits
        // The 408 comes from a timer on the task pool, the close after twice the timeout of silence
        // from the event loop: 5 s leave the pool 5 s to be late on a busy machine before the
        // connection is closed without its 408.
        limits.clientTimeout = .seconds(5)
        limits.maximumConcurrentRequests = 4
        limits.maximumConcurrentRequestsPerClient = 4
        let server = try await LoopbackServer.start(limits: limits)
        let port = try #require(server.url.port)
        let body = #"{"query":"{ shop { name } }"}"#
        var slow: [Connection] = []
        for _ in 0..<6 {
            let connection = try Connection(port: port)
            connection.send("POST \(GraphQLEndpoint.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(GraphQLEndpoint.tokenHeader): \(LoopbackServer.token)\r\n"
                            + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body.prefix(5))")
            slow.append(connection)
        }
        try await Task.sleep(for: .milliseconds(300))
        var statuses: [Int] = []
        for _ in 0..<5 {
            let response = try await HTTPClientTransport().send(TransportRequest(
                url: server.url, headers: [(GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: Data(body.utf8)))
            statuses.append(response.status)
        }
        // The slow ones get their 408 at the body deadline, not before.
        let late = await slow[0].readToEnd()
        await server.stop()
        #expect(statuses == [200, 200, 200, 200, 200])
        #expect(late.hasPrefix("HTTP/1.1 408"))
    }

    @Test func oneClientGetsItsShareOfThePlacesAndLeavesTheRest() {
        let slots = RequestSlots(total: 4, perClient: 2)
        #expect(slots.take(for: "10.0.0.1") && slots.take(for: "10.0.0.1"))
        #expect(!slots.take(for: "10.0.0.1"))
        #expect(slots.take(for: "10.0.0.2") && slots.take(for: "10.0.0.3"))
        #expect(!slots.take(for: "10.0.0.4"))   // all four are taken
        slots.release(for: "10.0.0.1")
        #expect(slots.take(for: "10.0.0.4"))
        #expect(slots.inUse == 4)
    }
}
