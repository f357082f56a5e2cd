import Foundation
import Storefront

/// `storefront login`, `logout` and `whoami`, with every outside thing injected (HTTP, clock,
/// randomness, terminal, browser, the embedded storefront) so they run the same in tests. They
/// print through `output` only, and nothing they print is built from a token.
public struct AccountCommands: Sendable {
    public struct LoginOptions: Sendable {
        /// The account server (issuer) whose discovery document names the endpoints.
        public var authServer: URL?
        public var clientId: String?
        /// The loopback port for the redirect; 0 lets the system choose.
        public var port: UInt16
        public var openBrowser: Bool
        public var scope: String
        /// Used when nothing names a server: the local one (`storefront serve`) on its usual port.
        public var fallbackAuthServer: URL?
        /// The Storefront API in use, if any: its shop's account server is the one to log in to.
        public var storefrontEndpoint: URL?
        /// Log in with a code approved on another device (RFC 8628) instead of a browser here:
        /// for a session on a remote terminal (SSH), where no browser can reach this machine.
        public var onAnotherDevice = false

        public init(authServer: URL? = nil, clientId: String? = nil, port: UInt16 = 0, openBrowser: Bool = true,
                    scope: String = AuthorizationRequest.defaultScope, fallbackAuthServer: URL? = nil,
                    storefrontEndpoint: URL? = nil) {
            self.authServer = authServer; self.clientId = clientId; self.port = port; self.openBrowser = openBrowser
            self.scope = scope; self.fallbackAuthServer = fallbackAuthServer; self.storefrontEndpoint = storefrontEndpoint
        }
    }

    /// Where a shop's account server lives on the origin of its Storefront API, when its discovery
    /// document does not say (`storefront serve` serves it there).
    public static let accountPathBesideStorefront = "/account"

    /// The client id the local account server (`storefront serve`) knows this app by.
    public static let defaultClientId = "storefront-cli"

    public var tokenStore: TokenStore
    public var client: AccountServerClient
    public var now: @Sendable () -> Date
    public var random: RandomSource
    public var environment: [String: String]
    /// One line to standard output.
    public var output: @Sendable (String) -> Void
    /// A line typed on the terminal (a pasted redirect); nil at end of input.
    public var readLine: (@Sendable () async -> String?)?
    public var openBrowser: @Sendable (URL) -> Bool
    /// The embedded storefront holding the carts, when there is one.
    public var storefront: @Sendable () async throws -> EmbeddedStorefront?
    /// The cart the app uses on a Storefront API (remembered per endpoint), when it runs on one:
    /// a login gives it the customer, as it does the embedded store's.
    public var remoteCart: @Sendable () async -> (storefront: any StorefrontClient, cartId: String)?

    public init(tokenStore: TokenStore, client: AccountServerClient = AccountServerClient(),
                now: @escaping @Sendable () -> Date = { Date() }, random: RandomSource = .system,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                output: @escaping @Sendable (String) -> Void = { print($0) },
                readLine: (@Sendable () async -> String?)? = nil,
                openBrowser: @escaping @Sendable (URL) -> Bool = { BrowserLauncher.open($0) },
                storefront: @escaping @Sendable () async throws -> EmbeddedStorefront? = { nil },
                remoteCart: @escaping @Sendable () async -> (storefront: any StorefrontClient, cartId: String)? = { nil }) {
        self.tokenStore = tokenStore; self.client = client; self.now = now; self.random = random
        self.environment = environment; self.output = output; self.readLine = readLine; self.openBrowser = openBrowser
        self.storefront = storefront; self.remoteCart = remoteCart
    }

    public var tokenManager: TokenManager { TokenManager(store: tokenStore, client: client, now: now) }

    // MARK: - login

    public func login(_ options: LoginOptions) async throws -> CustomerSession {
        let output = output, openBrowser = openBrowser, shouldOpen = options.openBrowser
        let session = try await authenticate(options, interaction: .init(
            present: { request in
                output("Log in by opening this address in a browser:")
                output("")
                output("  \(request.url.absoluteString)")
                output("")
                if shouldOpen && openBrowser(request.url) { output("(Opened in your browser.)") }
                output("Waiting for the browser at \(request.redirectURI.absoluteString) ...")
                output("If the browser runs on another machine, log in there, then paste here the address it ends on")
                output("(\(request.redirectURI.absoluteString)?code=...) and press Enter.")
            },
            readLine: readLine,
            rejectedLine: { line in output("That is not the redirect address (it starts with http://127.0.0.1 and carries ?code= and &state=): \(line.prefix(80))") }))
        for line in AccountReport.loggedIn(session, now: now()) { output(line) }
        await attachCurrentCart(session)
        return session
    }

    /// Discovers the server and runs the login with `interaction`; the session is saved.
    public func authenticate(_ options: LoginOptions, interaction: LoginFlow.Interaction) async throws -> CustomerSession {
        let server = try await discoverAccountServer(options)
        let clientId = options.clientId ?? environment["STOREFRONT_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.defaultClientId
        let flow = LoginFlow(client: client, store: tokenStore, random: random, now: now)
        return try await flow.run(server: server, clientId: clientId, scope: options.scope, port: options.port,
                                  interaction: interaction)
    }

    /// The login of a terminal without a browser: a code approved on another device.
    public func authenticateOnAnotherDevice(_ options: LoginOptions, present: @Sendable (URL, String) async -> Void) async throws -> CustomerSession {
        let server = try await discoverAccountServer(options)
        let clientId = options.clientId ?? environment["STOREFRONT_CLIENT_ID"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.defaultClientId
        let flow = LoginFlow(client: client, store: tokenStore, random: random, now: now)
        return try await flow.runOnAnotherDevice(server: server, clientId: clientId, scope: options.scope, present: present)
    }

    /// The account server's metadata, from the first candidate that answers. With several
    /// candidates (those of a Storefront API), an error names every address tried.
    public func discoverAccountServer(_ options: LoginOptions) async throws -> AccountServerMetadata {
        let candidates = try await accountServerCandidates(options)
        guard candidates.count > 1 else { return try await client.discover(issuer: candidates[0]) }
        var failures: [String] = []
        for issuer in candidates {
            do {
                return try await client.discover(issuer: issuer)
            } catch AccountError.transport(let message) {
                failures.append(message)
            } catch {
                failures.append("\(issuer.absoluteString): \(error)")
            }
        }
        throw AccountError.noAccountServerAnswered(failures)
    }

    /// `--auth-server`, else `$STOREFRONT_ACCOUNT_SERVER`, else the Storefront API's shop (the
    /// account server its discovery document names, else `/account` on its origin, else the origin
    /// itself), else the server of the last login, else the fallback (the local server).
    func accountServerCandidates(_ options: LoginOptions) async throws -> [URL] {
        if let url = options.authServer { return [url] }
        if let text = environment["STOREFRONT_ACCOUNT_SERVER"], !text.isEmpty {
            guard let url = URL(string: text), url.scheme != nil else {
                throw AccountError.invalidSetting("STOREFRONT_ACCOUNT_SERVER=\"\(text)\" is not a URL.")
            }
            return [url]
        }
        if let endpoint = options.storefrontEndpoint, let origin = ShopDiscovery.origin(of: endpoint) {
            if let named = await client.accountServer(besides: endpoint) { return [named] }
            let beside = origin.appendingPathComponent(String(Self.accountPathBesideStorefront.dropFirst()))
            return [beside, origin]
        }
        if let previous = try? tokenStore.load(now: now()) { return [previous.server.issuer] }
        if let fallback = options.fallbackAuthServer { return [fallback] }
        throw AccountError.noAccountServer
    }

    /// The cart in use becomes the customer's: its buyer identity gets the new token, so checkout
    /// is pre-filled. Lines and everything else stay.
    private func attachCurrentCart(_ session: CustomerSession) async {
        do {
            guard let (store, cartId) = try await cartInUse(), let cart = try await store.cart(id: cartId) else { return }
            var identity = cart.buyerIdentity
            identity.customerAccessToken = session.accessToken.rawValue
            identity.customer = nil
            let payload = try await store.cartBuyerIdentityUpdate(cartId: cartId, buyerIdentity: identity)
            if let error = payload.userErrors.first {
                output("Your cart was kept as it is: \(error.message)")
            } else {
                output("Your cart (\(cart.totalQuantity) item\(cart.totalQuantity == 1 ? "" : "s")) now checks out as \(AccountReport.identity(session.customer)).")
            }
        } catch {
            output("Your cart was kept as it is: \(error)")
        }
    }

    /// The Storefront API's cart when the app runs on one, else the embedded store's current cart
    /// (the store then learns to resolve this machine's tokens).
    private func cartInUse() async throws -> (any StorefrontClient, String)? {
        if let remote = await remoteCart() { return (remote.storefront, remote.cartId) }
        guard let store = try await storefront(), let cartId = await store.currentCartId() else { return nil }
        await store.setCustomerDirectory(SessionCustomerDirectory(store: tokenStore, now: now))
        return (store, cartId)
    }

    // MARK: - logout

    /// Tells the server, deletes the tokens and every cart a customer was signed in to.
    public func logout() async throws {
        let result = try await tokenManager.logout()
        var removed = 0
        if let store = try await storefront() { removed = try await store.removeAuthenticatedCarts() }
        for problem in result.problems { output("The account server was not told: \(problem)") }
        if result.wasLoggedIn {
            output("Logged out: the tokens are deleted" + (removed > 0 ? ", and \(removed) signed-in cart\(removed == 1 ? "" : "s")." : "."))
        } else {
            output("Not logged in." + (removed > 0 ? " Deleted \(removed) signed-in cart\(removed == 1 ? "" : "s")." : ""))
        }
    }

    // MARK: - orders

    /// The logged-in customer's orders, newest first, from the shop's Customer Account API (found
    /// from the discovery document beside the account server's OpenID configuration).
    public func orders() async throws -> [CustomerOrder] {
        let session = try await tokenManager.validSession()
        let api = try await client.customerAccountAPI(issuer: session.server.issuer)
        return try await client.orders(accessToken: session.accessToken, api: api)
    }

    /// The logged-in customer as the shop's Customer Account API has them now.
    public func customerDetails() async throws -> Customer {
        let session = try await tokenManager.validSession()
        let api = try await client.customerAccountAPI(issuer: session.server.issuer)
        return try await client.customerDetails(accessToken: session.accessToken, api: api)
    }

    // MARK: - subscriptions

    /// The logged-in customer's subscriptions, oldest first, from the shop's Customer Account API.
    public func subscriptions() async throws -> [CustomerSubscription] {
        let session = try await tokenManager.validSession()
        let api = try await client.customerAccountAPI(issuer: session.server.issuer)
        return try await client.subscriptions(accessToken: session.accessToken, api: api)
    }

    /// Pauses, resumes, skips the next delivery of or cancels one of them: nil when the shop
    /// accepted, what it said when it refused.
    public func changeSubscription(_ subscription: CustomerSubscription, _ request: SubscriptionRequest) async throws
        -> SubscriptionRequestRefused? {
        let session = try await tokenManager.validSession()
        let api = try await client.customerAccountAPI(issuer: session.server.issuer)
        return try await client.changeSubscription(subscription, request, accessToken: session.accessToken, api: api)
    }

    // MARK: - whoami

    /// Prints who is logged in (refreshing the token when it is about to expire). False when nobody is.
    public func whoami() async throws -> Bool {
        do {
            let session = try await tokenManager.validSession()
            for line in AccountReport.whoami(session, now: now()) { output(line) }
            return true
        } catch AccountError.notLoggedIn {
            output("Not logged in.")
            return false
        } catch AccountError.loginRequired(let reason) {
            output(AccountError.loginRequired(reason: reason).description)
            return false
        } catch AccountError.transport(let message) {
            // The token expired and the server is out of reach: say who it was, and that it ended.
            guard let session = try tokenStore.load(now: now()) else { throw AccountError.transport(message) }
            for line in AccountReport.whoami(session, now: now()) { output(line) }
            output("It could not be refreshed: \(AccountError.transport(message).description)")
            return false
        }
    }
}
