import AppCore
import CheckoutSheet
import Clocks
import Foundation
import Storefront
import StorefrontServer

/// The shop a session runs against, on its own temporary state directory: the embedded storefront
/// (each app "process" opens its own instance on the directory, as two terminals would), or `serve`
/// in-process on a loopback port with its SQLite file, reached through the app's GraphQL client.
@MainActor
final class SimulatedShop {
    let kind: SimulatedStoreKind
    let catalog: StoreCatalog
    let directory: URL
    private let seed: UInt64
    private var processes: UInt64 = 0
    /// The customer accounts of the embedded shop (its login server and the terminal's saved login).
    let accounts = SimulatedAccounts()

    // serve
    /// The Storefront token the app is configured with; `serve` may be restarted with another.
    static let token = "simulator-storefront-token"
    private var serverTask: Task<Void, any Error>?
    private var serverShop: EmbeddedStorefront?
    /// `serve`'s account server (a new one each start: tokens live in its memory).
    private var serverAccounts: AccountEndpoint?
    private var port = 0
    private(set) var endpoint: URL?

    init(kind: SimulatedStoreKind, catalog: StoreCatalog, seed: UInt64) {
        self.kind = kind
        self.catalog = catalog
        self.seed = seed
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-simulation-\(UUID().uuidString)")
    }

    var shopDirectory: URL { directory.appendingPathComponent("shop") }

    func start() async throws {
        try FileManager.default.createDirectory(at: shopDirectory, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: appDirectory, withIntermediateDirectories: true)
        if kind == .serve { try await startServe() }
    }

    func stop() async {
        await stopServe()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `serve` stops (requests in flight are answered) and starts again on the same file and port,
    /// with `token` as its Storefront access token.
    func restartServe(token: String = SimulatedShop.token) async throws {
        guard kind == .serve else { return }
        await stopServe()
        try await startServe(token: token)
    }

    private func startServe(token: String = SimulatedShop.token) async throws {
        let (database, _) = SQLiteStatePersistence.open(directory: shopDirectory)
        let shop = EmbeddedStorefront(catalog: catalog, stateDirectory: shopDirectory, persistence: database,
                                      identifiers: .seeded(seed &+ 0x5E4E))
        let endpoint = try GraphQLEndpoint(storefront: shop, accessToken: token)
        let accounts = await ServeAccounts.server(for: shop)
        let server = StorefrontAPIServer(endpoint: endpoint, account: accounts, checkout: CheckoutEndpoint(backend: shop, accessToken: token),
                                         port: port)
        let (urls, continuation) = AsyncStream.makeStream(of: URL.self)
        let task = Task { try await server.run(handleSignals: false) { url in continuation.yield(url) } }
        var iterator = urls.makeAsyncIterator()
        let url = await iterator.next()
        continuation.finish()
        guard let url else {
            _ = await task.result
            throw SimulationFailure("serve did not start on port \(port)")
        }
        serverTask = task
        serverShop = shop
        serverAccounts = accounts
        self.endpoint = url
        port = url.port ?? port
    }

    private func stopServe() async {
        guard let serverTask else { return }
        serverTask.cancel()
        _ = await serverTask.result
        self.serverTask = nil
        serverShop = nil
        serverAccounts = nil
    }

    /// The login server forgets the terminal's login (revoked elsewhere, or expired); the terminal
    /// still holds its tokens.
    func expireLogin() async {
        switch kind {
        case .embedded: await accounts.expire()
        case .serve:
            if let serverAccounts { await ServeAccounts.revokeLogin(directory: appDirectory, at: serverAccounts) }
        }
    }

    /// The state directory of the app's terminal (`serve` runs: cart ids, paid sessions, the token file).
    var appDirectory: URL { directory.appendingPathComponent("app") }

    /// The books as recorded: `serve`'s shop, or the state directory read afresh (what any process
    /// opening it now would find).
    func ledger() -> EmbeddedStorefront {
        if kind == .serve, let serverShop { return serverShop }
        return EmbeddedStorefront(catalog: catalog, stateDirectory: shopDirectory, identifiers: .seeded(seed &+ 0x1ED6))
    }

    /// What one app process runs on: its own storefront instance (embedded) or its own client of
    /// `serve` (with the cart id kept in the state directory, per endpoint), and a checkout sheet over it.
    func dependencies() async throws -> AppDependencies {
        processes += 1
        let processSeed = seed &+ processes &* 0x9E37_79B9
        // Nothing really waits: the add confirmation's timeout and the search debounce pass at once.
        let clock = ImmediateClock()
        let pages = SimulatedCheckoutServer.Environment(sleep: { _ in })
        switch kind {
        case .embedded:
            let shop = EmbeddedStorefront(catalog: catalog, stateDirectory: shopDirectory, identifiers: .seeded(processSeed))
            // The embedded shop knows the customer from the token the terminal holds.
            await shop.setCustomerDirectory(accounts)
            let checkout = CheckoutSheet(webViews: SimulatedCheckoutServer(backend: shop, seed: processSeed, environment: pages))
            // As the app runs on a state directory of its own: its guest orders are the ledger's.
            return AppDependencies(storefront: shop, checkout: checkout, clock: clock,
                                   loadCartId: { await shop.currentCartId() },
                                   saveCartId: { id in try? await shop.setCurrentCartId(id) },
                                   account: accounts.client(shop: shop),
                                   ledgerOrders: { try await shop.guestOrders() })
        case .serve:
            guard let endpoint else { throw SimulationFailure("serve is not running") }
            let client = GraphQLStorefront(configuration: .init(endpoint: endpoint, accessToken: Self.token, cachePolicy: .networkOnly),
                                           cache: ResponseCache(directory: nil))
            // As the app runs against an endpoint: the checkout sessions paid here find its orders again.
            let backend = StorefrontAPICheckoutBackend(storefront: client,
                                                       paidSessions: RemoteOrderSessions(directory: appDirectory, endpoint: endpoint))
            let checkout = CheckoutSheet(webViews: SimulatedCheckoutServer(backend: backend, seed: processSeed, environment: pages))
            let cartIds = RemoteCartIds(directory: appDirectory, endpoint: endpoint)
            return AppDependencies(storefront: client, checkout: checkout, clock: clock,
                                   loadCartId: { await cartIds.current() },
                                   saveCartId: { id in await cartIds.set(id) },
                                   loadSeenCart: { await cartIds.lastSeen() },
                                   saveSeenCart: { cart in await cartIds.remember(cart) },
                                   account: ServeAccounts.client(directory: appDirectory, endpoint: endpoint),
                                   freshStorefront: client, ledgerOrders: { try await backend.guestOrders() })
        }
    }
}

/// The simulator itself could not run a session (not a violation of the books).
public struct SimulationFailure: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
