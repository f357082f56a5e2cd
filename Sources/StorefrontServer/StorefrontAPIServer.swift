@_exported import ServerSettings
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import UnixSignals
import Storefront

/// The local Storefront API: `GraphQLEndpoint` served over HTTP/1.1 by Hummingbird on 127.0.0.1.
public struct StorefrontAPIServer: Sendable {
    public let endpoint: GraphQLEndpoint
    /// The customer account server under `/account`, when there is one.
    public let account: AccountEndpoint?
    /// The shop's own checkout under `/checkout`, when this server is the shop.
    public let checkout: CheckoutEndpoint?
    public let host: String
    public let port: Int
    /// One line per request: operation, status, time.
    let log: @Sendable (String) async -> Void
    /// Where the server listens, once it does: the discovery document names absolute addresses.
    let origin = ServedOrigin()
    /// Requests being worked on now (`RequestLimits.maximumConcurrentRequests`).
    let slots: RequestSlots

    public init(endpoint: GraphQLEndpoint, account: AccountEndpoint? = nil, checkout: CheckoutEndpoint? = nil,
                host: String = "127.0.0.1", port: Int = 0, log: @escaping @Sendable (String) async -> Void = { _ in }) {
        self.endpoint = endpoint; self.account = account; self.checkout = checkout; self.host = host; self.port = port
        self.log = log
        self.slots = RequestSlots(endpoint.limits)
    }

    /// Serves until the task is cancelled or the process gets SIGINT/SIGTERM (either way it stops
    /// gracefully: requests in flight are answered); `onStart` gets the
    /// endpoint URL once the socket listens (with the real port when `port` was 0). `returnsMemory`
    /// has memory a burst freed go back to the system once no request is in flight (`serve` does;
    /// a process that runs many servers at once, such as the test suite, need not).
    public func run(handleSignals: Bool = true, returnsMemory: Bool = false,
                    onStart: @escaping @Sendable (URL) async -> Void = { _ in }) async throws {
        let host = host
        let account = account
        var logger = Logger(label: "storefront.serve")
        // The request log is ours; the framework only reports what cannot go on.
        logger.logLevel = .critical
        let limits = endpoint.limits
        let app = Application(
            router: makeRouter(),
            server: .http1(configuration: .init(
                // Silence for twice the client timeout closes a connection; a body that stalls is
                // answered 408 at the client timeout, before that.
                idleTimeout: .nanoseconds(2 * Int64(limits.clientTimeout.components.seconds) * 1_000_000_000
                                          + 2 * limits.clientTimeout.components.attoseconds / 1_000_000_000),
                // The parser refuses (400) at twice our limit; between the two the guard answers 431.
                httpDecoderConfiguration: .init(maxHeaderFieldSize: 2 * limits.maximumHeaderBytes,
                                                maxHeaderListSize: 2 * limits.maximumHeaderBytes, maxHeaderFieldCount: 200))),
            configuration: .init(address: .hostname(host, port: port), serverName: nil),
            onServerRunning: { [origin] channel in
                let port = channel.localAddress?.port ?? 0
                await origin.set("http://\(host):\(port)")
                if let account, let issuer = URL(string: "http://\(host):\(port)\(AccountEndpoint.Path.base)") {
                    await account.authority.setIssuer(issuer)
                }
                if let url = URL(string: "http://\(host):\(port)\(GraphQLEndpoint.path)") { await onStart(url) }
            },
            logger: logger)
        // Memory a burst freed goes back to the system once no request is being worked on.
        let trim = returnsMemory ? AllocatorTrim.watch(busy: { [slots] in slots.inUse > 0 }) : Task {}
        defer { trim.cancel() }
        try await runWithGracefulCancellation(app, signals: handleSignals ? [.sigterm, .sigint] : [], logger: logger)
    }

    private func makeRouter() -> Router<ServeRequestContext> {
        let router = Router(context: ServeRequestContext.self)
        let endpoint = endpoint
        router.add(middleware: RequestGuard(limits: endpoint.limits, slots: slots,
                                            frontCredential: account?.authority.configuration.frontCredential))
        let log = log
        let tokenHeader = HTTPFields.Element.Name(GraphQLEndpoint.tokenHeader)!
        let privateTokenHeader = HTTPFields.Element.Name(GraphQLEndpoint.privateTokenHeader)!
        // Any version is answered by the one `serve` speaks, as the API answers a version it no
        // longer serves with its oldest one; the header says which version answered.
        let graphQL = { @Sendable (request: Request, context: ServeRequestContext) async throws -> Response in
            let version = context.parameters.get("version") ?? GraphQLStorefront.apiVersion
            guard APIVersion.isVersion(version) else { return Self.response(.json(404, #"{"errors":"Not Found"}"#)) }
            let clock = ContinuousClock()
            let start = clock.now
            var request = request
            let body = try await request.collectBody(within: endpoint.limits)
            var answer = await endpoint.handle(token: request.headers[tokenHeader], privateToken: request.headers[privateTokenHeader],
                                               body: body)
            answer.headers["X-Shopify-API-Version"] = GraphQLStorefront.apiVersion
            let elapsed = start.duration(to: clock.now)
            // The operation name is the client's text: no controls, and not a screenful, in the log.
            let operation = answer.operationName.map { String(TextSanitizer.cleanLine($0).prefix(64)) } ?? "-"
            await log("\(operation) \(answer.status) \(Self.milliseconds(elapsed))")
            return Self.response(answer)
        }
        router.post("/api/:version/graphql.json", use: graphQL)
        router.post("/api/graphql.json", use: graphQL)
        for path in PictureRoute.paths {
            router.get(RouterPath(stringLiteral: path)) { request, context -> Response in
                let name = context.parameters.get("name") ?? ""
                var query: [String: String] = [:]
                for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
                return await PictureRoute.answer(name: name, query: query, storefront: endpoint.storefront)
            }
        }
        if let account { addAccountRoutes(account, to: router) }
        if let checkout {
            addCheckoutRoutes(checkout, to: router)
            addAgentRoutes(checkout, to: router)
        }
        addDiscoveryRoute(to: router)
        return router
    }

    /// `12.3 ms`: the request log's time, written without building a Foundation formatter for every
    /// request.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds.multipliedReportingOverflow(by: 10_000)
        guard !tenths.overflow, seconds >= 0, attoseconds >= 0 else { return "\(seconds) s" }
        let total = tenths.partialValue + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(total / 10).\(total % 10) ms"
    }

    static func response(_ answer: EndpointResponse) -> Response {
        var headers = HTTPFields()
        for (name, value) in answer.headers {
            if let field = HTTPFields.Element.Name(name) { headers[field] = value }
        }
        return Response(status: HTTPResponse.Status(code: answer.status, reasonPhrase: reason(answer.status)),
                        headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: answer.body)))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: return "OK"
        case 302: return "Found"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 404: return "Not Found"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 430: return "Shopify Security Rejection"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return ""
        }
    }
}
