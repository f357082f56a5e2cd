import Foundation
import Hummingbird
import Logging
import Storefront
import StorefrontServer
import Testing

/// The HTTP transport against a real server on loopback: what it sends, what it hands back, and
/// how each way of failing is reported (the retry rules depend on `requestSent`).
struct TransportTests {
    /// `{"data":{"shop":{"name":"Kestrel & Co."}}}` twenty times, gzip-compressed.
    static let gzipped: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0x4a, 0x49, 0x2c, 0x49, 0x54, 0xb2, 0xaa,
        0x56, 0x2a, 0xce, 0xc8, 0x2f, 0x00, 0xd1, 0x79, 0x89, 0xb9, 0xa9, 0x4a, 0x56, 0x4a, 0xde, 0xa9, 0xc5, 0x25, 0x45,
        0xa9, 0x39, 0x0a, 0x6a, 0x0a, 0xce, 0xf9, 0x7a, 0x4a, 0xb5, 0xb5, 0xb5, 0xd5, 0xa3, 0x2a, 0x47, 0x55, 0x8e, 0xaa,
        0xc4, 0xa1, 0x12, 0x00, 0xe2, 0x67, 0x56, 0x49, 0x48, 0x03, 0x00, 0x00,
    ]
    static let plain = String(repeating: #"{"data":{"shop":{"name":"Kestrel & Co."}}}"#, count: 20)

    /// Runs `body` with a small server on an ephemeral loopback port; `slowRequestArrived` hears of
    /// each request to `/slow` as the server starts on it. `/slow` answers after 1.5 s, or, given
    /// `slowAnswerReleased`, once that ends (a test that must not see the answer holds it back).
    func withHTTPServer(slowRequestArrived: AsyncStream<Void>.Continuation? = nil, slowAnswerReleased: AsyncStream<Void>? = nil,
                        _ body: (URL) async throws -> Void) async throws {
        let router = Router()
        router.post("echo") { request, _ -> Response in
            var request = request
            let received = try await request.collectBody(upTo: 1 << 20)
            var headers = HTTPFields()
            headers[.contentType] = "text/plain"
            headers.append(HTTPFields.Element(name: HTTPFields.Element.Name("X-Repeated")!, value: "one"))
            headers.append(HTTPFields.Element(name: HTTPFields.Element.Name("X-Repeated")!, value: "two"))
            let summary = [
                "method=\(request.method.rawValue)",
                "token=\(request.headers[HTTPFields.Element.Name("X-Shopify-Storefront-Access-Token")!] ?? "")",
                "accept-encoding=\(request.headers[.acceptEncoding] ?? "")",
                "body=\(String(buffer: received))",
            ].joined(separator: "\n")
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: summary)))
        }
        router.get("gzip") { _, _ -> Response in
            var headers = HTTPFields()
            headers[.contentType] = "application/json"
            headers[.contentEncoding] = "gzip"
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: Self.gzipped)))
        }
        router.get("moved") { _, _ -> Response in
            Response(status: .found, headers: [.location: "/gzip"])
        }
        router.get("slow") { _, _ -> Response in
            slowRequestArrived?.yield()
            if let slowAnswerReleased {
                // A minute at most: a request that was not cancelled then sees its answer (and fails
                // its test) instead of holding the server's stop forever.
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { for await _ in slowAnswerReleased {} }
                    group.addTask { try? await Task.sleep(for: .seconds(60)) }
                    await group.next()
                    group.cancelAll()
                }
            } else {
                // Longer than any client here waits; the server's graceful stop waits for it.
                try? await Task.sleep(for: .seconds(1.5))
            }
            return Response(status: .ok)
        }
        let (urls, continuation) = AsyncStream.makeStream(of: URL.self)
        var logger = Logger(label: "transport-tests")
        logger.logLevel = .critical
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                              onServerRunning: { channel in
                                  continuation.yield(URL(string: "http://127.0.0.1:\(channel.localAddress?.port ?? 0)")!)
                              }, logger: logger)
        let server = Task { try await runWithGracefulCancellation(app, logger: logger) }
        guard let url = await urls.first(where: { _ in true }) else { throw CancellationError() }
        var failure: (any Error)?
        do { try await body(url) } catch { failure = error }
        // Stopped, not just asked to stop: nothing listens on the port when this returns.
        server.cancel()
        _ = await server.result
        if let failure { throw failure }
    }

    @Test func sendsMethodHeadersAndBodyAndJoinsRepeatedHeaders() async throws {
        try await withHTTPServer { base in
            let response = try await HTTPClientTransport().send(TransportRequest(
                url: base.appendingPathComponent("echo"),
                headers: [("X-Shopify-Storefront-Access-Token", "t0k3n"), ("Content-Type", "application/json")],
                body: Data(#"{"query":"{ shop { name } }"}"#.utf8)))
            #expect(response.status == 200)
            #expect(String(decoding: response.body, as: UTF8.self) == """
                method=POST
                token=t0k3n
                accept-encoding=gzip, deflate
                body={"query":"{ shop { name } }"}
                """)
            #expect(response.header("x-repeated") == "one, two")
            #expect(response.header("Content-Type") == "text/plain")
        }
    }

    @Test func gzipAnswersArriveDecompressedAndRedirectsAreFollowed() async throws {
        try await withHTTPServer { base in
            for path in ["gzip", "moved"] {
                let response = try await HTTPClientTransport().send(TransportRequest(
                    url: base.appendingPathComponent(path), method: "GET", headers: [], body: Data()))
                #expect(response.status == 200)
                #expect(String(decoding: response.body, as: UTF8.self) == Self.plain)
            }
        }
    }

    @Test func aSlowAnswerTimesOutAndMayHaveBeenSeen() async throws {
        try await withHTTPServer { base in
            // The server answers after 1.5 s: the timeout error alone proves the 0.3 s deadline was
            // kept, without timing a busy machine.
            await #expect(throws: TransportError(message: "the request timed out", requestSent: true)) {
                try await HTTPClientTransport().send(TransportRequest(
                    url: base.appendingPathComponent("slow"), method: "GET", headers: [], body: Data(), timeout: 0.3))
            }
        }
    }

    @Test func aRefusedConnectionFailsAtOnceAndProvesNothingWasSent() async throws {
        var port = 0
        try await withHTTPServer { base in port = base.port ?? 0 }
        // The server has stopped: nothing listens on its port any more.
        let url = URL(string: "http://127.0.0.1:\(port)/echo")!
        let clock = ContinuousClock()
        let start = clock.now
        await #expect(throws: TransportError(message: "the connection was refused", requestSent: false)) {
            try await HTTPClientTransport().send(TransportRequest(url: url, headers: [], body: Data("x".utf8)))
        }
        // Not held back until the 10 s connect timeout.
        #expect(start.duration(to: clock.now) < .seconds(5))
    }

    @Test func anUnknownHostProvesNothingWasSent() async throws {
        await #expect(throws: TransportError(message: "the host name could not be resolved", requestSent: false)) {
            try await HTTPClientTransport().send(TransportRequest(url: URL(string: "http://shop.invalid/graphql.json")!,
                                                                  headers: [], body: Data()))
        }
    }

    @Test func cancellingTheTaskCancelsTheRequest() async throws {
        let (arrivals, arrived) = AsyncStream.makeStream(of: Void.self)
        let (released, release) = AsyncStream.makeStream(of: Void.self)
        try await withHTTPServer(slowRequestArrived: arrived, slowAnswerReleased: released) { base in
            let request = Task {
                try await HTTPClientTransport().send(TransportRequest(url: base.appendingPathComponent("slow"), method: "GET",
                                                                      headers: [], body: Data()))
            }
            // Cancelled while the server is working on it: the request is in flight, not yet sent or
            // already answered (the answer is held back until the request has ended, however long
            // a busy machine takes to cancel it).
            _ = await arrivals.first { _ in true }
            request.cancel()
            await #expect(throws: CancellationError.self) { try await request.value }
            release.finish()
        }
    }
}
