import AsyncHTTPClient
import Foundation
import NIOPosix
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
        #expect(slots.take(for: .address("10.0.0.1")) && slots.take(for: .address("10.0.0.1")))
        #expect(!slots.take(for: .address("10.0.0.1")))
        #expect(slots.take(for: .address("10.0.0.2")) && slots.take(for: .address("10.0.0.3")))
        #expect(!slots.take(for: .address("10.0.0.4")))   // all four are taken
        slots.release(for: .address("10.0.0.1"))
        #expect(slots.take(for: .address("10.0.0.4")))
        #expect(slots.inUse == 4)
    }

    /// Every SSH shopper's storefront calls from the front-end's address: each session has a share
    /// of its own, beside the address's, and one busy session cannot take another's.
    @Test func eachFrontEndSessionHasItsOwnShare() {
        let slots = RequestSlots(total: 8, perClient: 2, perSession: 2)
        #expect(slots.take(for: .address("127.0.0.1")) && slots.take(for: .address("127.0.0.1")))
        #expect(!slots.take(for: .address("127.0.0.1")))
        #expect(slots.take(for: .frontSession("a")) && slots.take(for: .frontSession("a")))
        #expect(!slots.take(for: .frontSession("a")), "a busy session keeps to its share")
        #expect(slots.take(for: .frontSession("b")) && slots.take(for: .frontSession("b")))
        #expect(slots.inUse == 6)
    }

    @Test func aFrontEndSessionIsNamedOnlyWithTheCredentialsProof() {
        let name = FrontSession.name(session: "4f1c-session", credential: "front-credential-16")
        #expect(FrontSession.session(named: name, credential: "front-credential-16") == "4f1c-session")
        #expect(FrontSession.session(named: name, credential: "another-credential") == nil)
        let proof = name.split(separator: ".").last.map(String.init) ?? ""
        #expect(FrontSession.session(named: "other-session.\(proof)", credential: "front-credential-16") == nil, "a proof is for its session")
        for forged in ["", ".", "4f1c-session", "4f1c-session.", "4f1c-session.zz", "a.b.c", "\u{1b}[2J.\(proof)"] {
            #expect(FrontSession.session(named: forged, credential: "front-credential-16") == nil, "\(forged)")
        }
    }

    /// Over HTTP: with the loopback address's share held, a request naming a session the front-end
    /// credential proves is still worked on; a made-up name counts as its address. The places are
    /// held by taking them from the server's own count, as requests being worked on hold them, for
    /// exactly as long as the test needs them (requests kept busy for a while were outlasted by a
    /// busy machine).
    @Test func aFrontEndSessionIsWorkedOnWhileItsAddressIsBusy() async throws {
        let server = try await Self.frontEndServer(latency: 0, places: 8, perClient: 2, perSession: 1)
        let body = Data(#"{"query":"{ shop { name } }"}"#.utf8)
        @Sendable func status(_ session: String? = nil) async throws -> Int {
            var headers = [(name: GraphQLEndpoint.tokenHeader, value: LoopbackServer.token)]
            if let session { headers.append((FrontSession.header, session)) }
            return try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: headers, body: body)).status
        }
        let slots = server.api.slots
        let loopback = RequestSlots.Holder.address("127.0.0.1")
        #expect(slots.take(for: loopback) && slots.take(for: loopback), "the address's share, held")
        let one = FrontSession.name(session: "one", credential: "front-credential-16")
        let two = FrontSession.name(session: "two", credential: "front-credential-16")
        let first = try await status(one)
        let address = try await status()
        let forged = try await status("three." + String(repeating: "0", count: 64))
        #expect(slots.take(for: .frontSession("one")), "session one's place, held")
        let sameSession = try await status(one)
        // What the SSH front-end gives a session's storefront, the storefront's client sends: through it.
        var configured = try #require(try GraphQLStorefront.Configuration.selected(
            endpoint: server.url.absoluteString, shop: nil, token: LoopbackServer.token,
            environment: [FrontSession.environmentVariable: two]))
        #expect(configured.frontSession == two)
        configured.retry = .never
        let other = try await GraphQLStorefront(configuration: configured, transport: HTTPClientTransport(), cache: ResponseCache(directory: nil))
            .shop().name.isEmpty ? 0 : 200
        for holder in [loopback, loopback, .frontSession("one")] { slots.release(for: holder) }
        let afterwards = try await status()
        await server.stop()
        #expect(address == 503 && forged == 503, "the address's share is held")
        #expect(sameSession == 503, "session one has one place, and holds it")
        #expect(first == 200 && other == 200, "each session is worked on beside the busy address")
        #expect(afterwards == 200 && slots.inUse == 0, "the places come back")
    }
}

extension SlowClientTests {
    /// A burst bigger than the places (fifty shoppers' storefronts starting at once): requests
    /// within their shares wait their turn instead of being told 503 together, and then all
    /// coming back together after the same `Retry-After`.
    @Test func aBurstIsWorkedThroughInsteadOfRefused() async throws {
        // The waits are long enough for a machine busy with other work: what is shown is that the burst
        // waits in line rather than being refused, not how fast the line moves.
        let server = try await Self.frontEndServer(latency: 0.2, places: 4, perClient: 4, perSession: 2, placeWait: .seconds(60))
        let body = Data(#"{"query":"{ shop { name } }"}"#.utf8)
        // A client of its own with a connection per request, so all sixteen reach the server at once
        // (the process's shared client keeps eight per host, and other tests use it meanwhile).
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 16
        configuration.timeout = .init(connect: .seconds(30))
        let client = HTTPClient(eventLoopGroup: MultiThreadedEventLoopGroup.singleton, configuration: configuration)
        defer { _ = client.shutdown() }
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let session = FrontSession.name(session: "s\(index)", credential: "front-credential-16")
                    return try await HTTPClientTransport(client: client).send(TransportRequest(
                        url: server.url, headers: [(GraphQLEndpoint.tokenHeader, LoopbackServer.token), (FrontSession.header, session)],
                        body: body)).status
                }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        await server.stop()
        #expect(statuses == Array(repeating: 200, count: 16))
    }

    @Test func waitersAreGivenPlacesInOrderWithinTheirSharesAndTheWaitIsBounded() async {
        let slots = RequestSlots(total: 2, perClient: 2, perSession: 1, maximumWaiting: 2)
        #expect(slots.take(for: .frontSession("a")) && slots.take(for: .frontSession("b")))
        async let c = slots.take(for: .frontSession("c"), bodyBytes: 10, waitingUpTo: .seconds(30))
        async let d = slots.take(for: .frontSession("d"), bodyBytes: 10, waitingUpTo: .seconds(30))
        #expect(await eventually(within: 5) { slots.waiting == 2 })
        // The waiting room is full; a session at its share is refused at once, as before.
        #expect(!(await slots.take(for: .frontSession("e"), bodyBytes: 10, waitingUpTo: .seconds(30))))
        #expect(!(await slots.take(for: .frontSession("a"), bodyBytes: 10, waitingUpTo: .seconds(30))))
        slots.release(for: .frontSession("a"))
        slots.release(for: .frontSession("b"))
        let (gotC, gotD) = await (c, d)
        #expect(gotC && gotD)
        #expect(slots.inUse == 2 && slots.waiting == 0)
        // Nobody lets go: the wait ends with a refusal, and the waiting room is empty again.
        #expect(!(await slots.take(for: .frontSession("f"), bodyBytes: 10, waitingUpTo: .milliseconds(100))))
        #expect(slots.waiting == 0)
    }

    /// A loopback serve whose requests take `latency` seconds, with these places to work on them,
    /// and the front-end credential `front-credential-16`.
    static func frontEndServer(latency: Double, places: Int, perClient: Int, perSession: Int,
                               placeWait: Duration = RequestLimits().placeWait) async throws -> LoopbackServer {
        // Not the slow-client tests' two seconds for a body: these tests are about shares, and with it a
        // run whose threads were all taken by other tests for longer than that answered 408 to a whole
        // burst before reading bodies that had arrived long before.
        var limits = RequestLimits.standard
        limits.clientTimeout = .seconds(60)
        limits.placeWait = placeWait
        limits.maximumConcurrentRequests = places
        limits.maximumConcurrentRequestsPerClient = perClient
        limits.maximumConcurrentRequestsPerFrontSession = perSession
        return try await LoopbackServer.start(faults: FaultPlan(latency: latency), limits: limits, frontCredential: "front-credential-16")
    }
}
