import Foundation
import Storefront
@testable import StorefrontServer

/// The real server on an ephemeral loopback port, serving a fresh embedded storefront, and clients
/// pointed at it. Each test starts its own, so injected faults and carts never leak between tests.
final class LoopbackServer: Sendable {
    static let token = "test-storefront-token"

    let embedded: EmbeddedStorefront
    let endpoint: GraphQLEndpoint
    /// The account server beside the API, when there is one.
    let account: AccountEndpoint?
    let url: URL
    let requestLog: RequestLog
    /// The HTTP server itself (its places: `api.slots`).
    let api: StorefrontAPIServer
    private let task: Task<Void, any Error>
    private let directory: URL

    private init(embedded: EmbeddedStorefront, endpoint: GraphQLEndpoint, account: AccountEndpoint?, url: URL, requestLog: RequestLog,
                 api: StorefrontAPIServer, task: Task<Void, any Error>, directory: URL) {
        self.embedded = embedded; self.endpoint = endpoint; self.account = account; self.url = url; self.requestLog = requestLog
        self.api = api; self.task = task; self.directory = directory
    }

    /// The bundled catalog, read once for all tests.
    private static let catalog = Result { try CatalogLoader.bundled() }

    /// With `takesOrders`, the server is the shop: it places orders beside the API (`storefront serve`).
    /// `catalog` replaces the bundled one.
    /// With `frontCredential`, an account server beside the API trusts SSH front-ends holding it;
    /// `accounts` gives the server an account server without.
    static func start(faults: FaultPlan = .none, limits: RequestLimits = .unhurried, scopes: AccessScopes = .all,
                      takesOrders: Bool = false, catalog: StoreCatalog? = nil, frontCredential: String? = nil,
                      accounts withAccounts: Bool = false) async throws -> LoopbackServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-server-\(UUID().uuidString)")
        // Whole seconds: carts' dates then travel through DateTime without rounding.
        let embedded = EmbeddedStorefront(catalog: try catalog ?? Self.catalog.get(), stateDirectory: directory.appendingPathComponent("state"),
                                          now: { Date(timeIntervalSince1970: 1_790_000_000) })
        let endpoint = try GraphQLEndpoint(storefront: embedded, accessToken: token, faults: faults, limits: limits,
                                           scopes: scopes)
        let requestLog = RequestLog()
        let checkout = takesOrders ? CheckoutEndpoint(backend: embedded, accessToken: token) : nil
        var accounts = AccountAuthority.Configuration()
        accounts.frontCredential = frontCredential
        let account = frontCredential == nil && !withAccounts ? nil : await AccountEndpoint.serving(embedded, configuration: accounts)
        let server = StorefrontAPIServer(endpoint: endpoint, account: account, checkout: checkout,
                                         log: { line in await requestLog.append(line) })
        let (urls, continuation) = AsyncStream.makeStream(of: URL.self)
        let task = Task { try await server.run(handleSignals: false) { url in continuation.yield(url) } }
        guard let url = await urls.first(where: { _ in true }) else { throw CancellationError() }
        return LoopbackServer(embedded: embedded, endpoint: endpoint, account: account, url: url, requestLog: requestLog, api: server,
                              task: task, directory: directory)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
        try? FileManager.default.removeItem(at: directory)
    }

    /// A client of this server. By default: no cache on disk, no retry, no real waiting.
    func client(token: String = LoopbackServer.token, policy: CachePolicy = .networkOnly, retry: RetryHandler = .never,
                cache: ResponseCache? = nil, now: @escaping @Sendable () -> Date = Date.init,
                onEvent: @escaping @Sendable (GraphQLClientEvent) -> Void = { _ in }) -> GraphQLStorefront {
        var configuration = GraphQLStorefront.Configuration(endpoint: url, accessToken: token, cachePolicy: policy)
        configuration.retry = retry
        // A test waits for the server however busy the machine is; tests about time set their own.
        configuration.timeout = 120
        return GraphQLStorefront(configuration: configuration, transport: HTTPClientTransport(),
                                 cache: cache ?? ResponseCache(directory: nil), now: now, onEvent: onEvent)
    }

    var cacheDirectory: URL { directory.appendingPathComponent("cache") }
}

/// The server's request log lines, collected for assertions.
actor RequestLog {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
    /// The operation names, in order.
    var operations: [String] { lines.map { String($0.split(separator: " ").first ?? "") } }
}

/// Records the waits a retry handler asks for instead of waiting.
actor SleepRecorder {
    private(set) var delays: [TimeInterval] = []
    func sleep(_ seconds: TimeInterval) { delays.append(seconds) }
}

extension RetryHandler {
    /// Retries without waiting and without jitter (random is 0: the lower half of each wait).
    static func instant(_ recorder: SleepRecorder, attempts: Int = 3) -> RetryHandler {
        RetryHandler(endurance: .finite(attempts), random: { 0 }, sleep: { await recorder.sleep($0) })
    }
}

/// Runs `body` with a started server and stops it afterwards, whatever happens.
func withServer<T>(faults: FaultPlan = .none, scopes: AccessScopes = .all, takesOrders: Bool = false, catalog: StoreCatalog? = nil,
                   _ body: (LoopbackServer) async throws -> T) async throws -> T {
    let server = try await LoopbackServer.start(faults: faults, scopes: scopes, takesOrders: takesOrders, catalog: catalog)
    do {
        let result = try await body(server)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

extension RequestLimits {
    /// serve's limits with a time budget far past any test's own deadline: on a busy machine a test
    /// process's few threads can leave a request waiting for seconds, and the time budget counts
    /// that wait. Tests of the time budget set their own.
    static var unhurried: RequestLimits {
        var limits = RequestLimits.standard
        limits.timeBudget = .seconds(120)
        return limits
    }
}
