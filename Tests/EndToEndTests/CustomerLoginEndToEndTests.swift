import CheckoutSheet
import CustomerAccount
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Storefront
import StorefrontServer
import Synchronization
import Testing

/// Logging in against the local server with nobody at the keyboard, then buying as that customer:
/// discovery, PKCE, the loopback redirect (followed by URLSession as a browser would), the token
/// exchange, an authenticated cart over the Storefront API, and a checkout pre-filled from the
/// customer whose completed event carries the customer's email. Then refresh, orders and logout.
struct CustomerLoginEndToEndTests {
    /// URLSession as the browser: it opens the authorization URL, the server approves at once and
    /// answers 302 to the app's loopback callback, and URLSession follows it there.
    static func browse(_ url: URL) async {
        let (body, response) = (try? await URLSession.shared.data(from: url)) ?? (Data(), nil)
        let landed = response?.url?.absoluteString ?? ""
        #expect(landed.hasPrefix("http://127.0.0.1:") && landed.contains("/callback?code="), "the browser ended on \(landed)")
        #expect(String(decoding: body, as: UTF8.self).contains("return to the terminal"))
    }

    @Test func logInBuyAsTheCustomerAndLogOut() async throws {
        try await LocalAccountServer.with { server in try await logInBuyAndLogOut(server) }
    }

    func logInBuyAndLogOut(_ server: LocalAccountServer) async throws {
        let stateDirectory = server.directory.appendingPathComponent("app-state")
        let output = Mutex<[String]>([])
        let commands = AccountCommands(
            tokenStore: TokenStore(directory: stateDirectory), environment: [:],
            output: { line in output.withLock { $0.append(line) } },
            openBrowser: { url in Task { await Self.browse(url) }; return true })

        // Log in.
        let session = try await commands.login(.init(authServer: server.issuer))
        #expect(session.customer == DemoCustomer.customer)
        let token = session.accessToken.rawValue
        #expect(token.hasPrefix("shcat_"))
        #expect(output.withLock { $0 }.contains("Logged in as Ada Lovelace <ada@example.com>."))
        let file = TokenStore(directory: stateDirectory).fileURL
        let mode = (try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? NSNumber)?.intValue
        #expect(mode == 0o600)

        // An authenticated cart, over the Storefront API.
        let client = server.client()
        let product = try #require(try await client.products(PageArguments(first: 1), query: "available_for_sale:true",
                                                             sortKey: .title, reverse: false).nodes.first)
        let variant = try #require(product.variants.first { $0.availableForSale })
        let created = try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)],
                                                            buyerIdentity: BuyerIdentity(customerAccessToken: token)))
        #expect(created.userErrors.isEmpty)
        let cart = try #require(created.cart)
        #expect(cart.buyerIdentity.email == "ada@example.com")
        let stored = try #require(try await server.storefront.cart(id: cart.id))
        #expect(stored.buyerIdentity.customer?.id == DemoCustomer.customer.id)
        // Read back over the API, the cart knows its customer too: a checkout over the API pre-fills
        // their email and default address from it.
        let overTheAPI = try #require(try await client.cart(id: cart.id))
        #expect(overTheAPI.buyerIdentity.customer == DemoCustomer.customer)
        #expect(try await client.cart(id: try #require(try await client.cartCreate(CartInput()).cart).id)?.buyerIdentity.customer == nil)

        // A forged token is refused by the store.
        let forged = try await client.cartCreate(CartInput(buyerIdentity: BuyerIdentity(customerAccessToken: "shcat_forged")))
        #expect(forged.cart == nil && forged.userErrors.first?.field == ["buyerIdentity", "customerAccessToken"])

        // Checkout on the embedded store: the buyer types only what is empty, so the email and the
        // address come from the customer.
        let scenario = try #require(CheckoutScenario.named("complete"))
        let events = await CheckoutDemo(scenario: scenario, backend: server.storefront, checkoutURL: cart.checkoutUrl)
            .run(output: { _ in })
        let completed = try #require(events.compactMap { event -> CheckoutCompletedEvent? in
            if case .completed(let completed) = event { return completed }
            return nil
        }.first)
        #expect(completed.orderDetails.email == "ada@example.com")
        #expect(completed.orderDetails.deliveries.first?.location?.address1 == "Keizersgracht 123")

        // The customer's orders, from the shop's Customer Account API.
        let orders = try await commands.orders()
        #expect(orders.map(\.id) == ["gid://shopify/Order/" + completed.orderId])
        // With the Customer Account API's statuses: the checkout took the payment, nothing shipped.
        #expect(orders.map(\.financialStatus) == ["PAID"] && orders.map(\.fulfillmentStatus) == ["UNFULFILLED"])

        // Whoami, then logout: tokens and the signed-in cart are gone, and the token stops working.
        let storefront = server.storefront
        let withStore = AccountCommands(tokenStore: commands.tokenStore, environment: [:],
                                        output: { line in output.withLock { $0.append(line) } },
                                        storefront: { storefront })
        #expect(try await withStore.whoami())
        let open = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)],
                                                                      buyerIdentity: BuyerIdentity(customerAccessToken: token))).cart)
        try await withStore.logout()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(try await server.storefront.cart(id: open.id) == nil)
        #expect(try await server.account.authority.customer(accessToken: token) == nil)
        #expect(try await withStore.whoami() == false)

        // Nothing printed and nothing the server logged shows a token.
        let printed = output.withLock { $0 }.joined(separator: "\n")
        let logged = await server.requestLog.all.joined(separator: "\n")
        #expect(printed.contains("Logged out"))
        for secret in [token, session.refreshToken?.rawValue, session.idToken?.rawValue].compactMap({ $0 }) {
            #expect(!printed.contains(secret))
            #expect(!logged.contains(secret))
        }
        // Nor any file left behind (the token file is gone after logout), nor a JWT or a customer
        // token of any value in what was printed or logged.
        let secrets = [token, session.refreshToken?.rawValue, session.idToken?.rawValue].compactMap { $0 }
        var findings = SecretScan.findings(in: printed, place: "output", secrets: secrets)
            + SecretScan.findings(in: logged, place: "request log", secrets: secrets + [LocalAccountServer.storefrontToken])
        for file in SecretScan.files(under: server.directory) {
            findings += SecretScan.findings(in: file.text, place: file.path, secrets: secrets)
        }
        #expect(findings.isEmpty, "\(findings)")
    }

    /// A refresh against the real server before expiry, then a revoked refresh token: the app is
    /// asked to log in again and the cart stays, only its token is dropped.
    @Test func refreshThenRevokedRefreshTokenKeepsTheCart() async throws {
        try await LocalAccountServer.with { server in try await refreshThenRevoke(server) }
    }

    func refreshThenRevoke(_ server: LocalAccountServer) async throws {
        let stateDirectory = server.directory.appendingPathComponent("app-state")
        let store = TokenStore(directory: stateDirectory)
        let now = Mutex(Date())
        let clock: @Sendable () -> Date = { now.withLock { $0 } }
        let commands = AccountCommands(tokenStore: store, now: clock, environment: [:], output: { _ in },
                                       openBrowser: { url in Task { await Self.browse(url) }; return true })
        let first = try await commands.login(.init(authServer: server.issuer))

        // 59 minutes 30 seconds later, less than a minute is left: the token is refreshed.
        now.withLock { $0.addTimeInterval(3600 - 30) }
        let manager = commands.tokenManager
        let refreshed = try await manager.validSession()
        #expect(refreshed.accessToken != first.accessToken && refreshed.refreshToken != first.refreshToken)

        let client = server.client()
        let variant = try #require(try await client.products(PageArguments(first: 1), query: "available_for_sale:true",
                                                             sortKey: .title, reverse: false).nodes.first?.variants.first)
        let cart = try #require(try await client.cartCreate(CartInput(
            lines: [CartLineInput(merchandiseId: variant.id, quantity: 2)],
            buyerIdentity: BuyerIdentity(customerAccessToken: refreshed.accessToken.rawValue))).cart)

        // The session is revoked at the server; the next refresh is refused.
        await server.account.authority.revoke(token: try #require(refreshed.refreshToken).rawValue)
        now.withLock { $0.addTimeInterval(3600) }
        await #expect(throws: AccountError.loginRequired(reason: "The refresh token is unknown or was revoked.")) {
            try await manager.validSession()
        }
        #expect(try store.load() == nil)

        // The cart is kept; its buyer identity loses the token and the customer.
        var identity = cart.buyerIdentity
        identity.customerAccessToken = nil
        let kept = try await client.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: identity)
        #expect(kept.userErrors.isEmpty)
        #expect(kept.cart?.totalQuantity == 2)
        #expect(try await server.storefront.cart(id: cart.id)?.buyerIdentity.customer == nil)
    }
}
