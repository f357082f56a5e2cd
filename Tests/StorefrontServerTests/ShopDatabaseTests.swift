import Foundation
import Storefront
import StorefrontServer
import Synchronization
import Testing

/// `serve`'s records in SQLite: they survive a restart, the app's JSON files are imported once
/// and left to the app, two storefronts on one database keep each other's work, and a database that
/// cannot be opened leaves the shop running in memory with one message.
@Suite struct ShopDatabaseTests {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shop-db-\(UUID().uuidString)")

    func storefront(_ persistence: (any EmbeddedPersistence)? = nil) throws -> EmbeddedStorefront {
        let persistence = try persistence ?? SQLiteStatePersistence(directory: directory)
        return EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: directory, persistence: persistence)
    }

    /// A variant with stock to sell, and its product's id.
    func variant(_ index: Int = 0) throws -> ProductVariant { try tracked(index).variant }

    func tracked(_ index: Int) throws -> (productId: String, variant: ProductVariant) {
        let all = try CatalogLoader.bundled().products.flatMap { product in product.variants.map { (product.id, $0) } }
        return all.filter { ($0.1.quantityAvailable ?? 0) > 5 && $0.1.availableForSale }[index]
    }

    /// Units left of the `index`th tracked variant, as `storefront` reads it.
    func stock(_ index: Int, in storefront: EmbeddedStorefront) async throws -> Int? {
        let (productId, variant) = try tracked(index)
        return try await storefront.product(id: productId)?.variants.first { $0.id == variant.id }?.quantityAvailable
    }

    /// An account server that gives SSH keys' sessions to a front-end holding "shop".
    var keySessions: AccountAuthority.Configuration {
        var configuration = AccountAuthority.Configuration()
        configuration.frontCredential = "shop"
        return configuration
    }

    func order(_ session: String, _ cart: Cart) -> CheckoutCompletion {
        CheckoutCompletion(checkoutSessionId: session, cartId: cart.id, email: "ada@example.com", payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242"))
    }

    @Test func cartsOrdersStockAndCustomersSurviveARestart() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try storefront()
        let preferences = CartPreferences(delivery: CartDeliveryPreference(deliveryMethod: ["SHIPPING"], pickupHandle: []), wallet: ["shop_pay"])
        let kept = try #require(try await first.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id)],
                                                                    buyerIdentity: BuyerIdentity(preferences: preferences), note: "keep",
                                                                    metafields: [CartMetafieldInput(key: "custom.wrap", type: "boolean", value: "true")])).cart)
        #expect(kept.metafields.count == 1 && kept.buyerIdentity.preferences == preferences)
        let sold = try #require(try await first.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant(1).id, quantity: 3)])).cart)
        let placed = try await first.placeOrder(order("s1", sold))
        let customer = CustomerRecord(customer: Customer(id: "gid://shopify/Customer/8001", email: "k@example.com"),
                                      keyFingerprint: "SHA256:abc", cartId: kept.id)
        try await first.keep(customer)

        let second = try storefront()
        #expect(second.stateWarnings.isEmpty)
        #expect(try await second.cart(id: kept.id) == kept, "with its metafields and preferences")
        #expect(try await second.orders() == [placed])
        #expect(try await second.checkoutState(cartId: sold.id) == .completed)
        #expect(await second.keptCustomers() == [customer])
        #expect(try await stock(1, in: second) == (try variant(1).quantityAvailable ?? 0) - 3)
        // Written ahead (WAL): the file's header says so (bytes 18 and 19 are 2).
        let header = try Data(contentsOf: directory.appendingPathComponent(SQLiteStatePersistence.fileName)).prefix(20)
        #expect(header.starts(with: Data("SQLite format 3\0".utf8)) && header[18] == 2 && header[19] == 2)
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("carts.json").path), "no JSON beside it")
    }

    @Test func whatAnOrderTookOffAGiftCardSurvivesARestart() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try storefront()
        let cart = try #require(try await first.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id)],
                                                                     giftCardCodes: ["KESTREL-GIFT-10K0"])).cart)
        let placed = try await first.placeOrder(order("g1", cart))
        let used = try #require(placed.giftCardPayments?.first?.amount)
        #expect(used == placed.draft.total && used.amount > cart.cost.totalAmount.amount && used.amount < 100, "delivery too")
        let later = try #require(try await storefront().cartCreate(CartInput(giftCardCodes: ["KESTREL-GIFT-10K0"])).cart)
        #expect(later.appliedGiftCards.first?.balance.amount == 100 - used.amount)
    }

    @Test func theAppsFilesAreImportedOnceAndLeftToTheApp() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let app = EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: directory)
        let open = try #require(try await app.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id, quantity: 2)])).cart)
        let done = try #require(try await app.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant(2).id)])).cart)
        let placed = try await app.placeOrder(order("s1", done))
        let cartsBefore = try Data(contentsOf: directory.appendingPathComponent("carts.json"))

        let database = try SQLiteStatePersistence(directory: directory)
        let report = try #require(database.importReport)
        #expect(report.contains("Imported 2 carts, 1 order and 0 customers"), "\(report)")
        let shop = try storefront(database)
        #expect(try await shop.cart(id: open.id) == open)
        #expect(try await shop.orders() == [placed])
        #expect(report.contains("stay for the app"), "\(report)")
        // The app keeps its files, untouched, and still finds its cart in them.
        #expect(try Data(contentsOf: directory.appendingPathComponent("carts.json")) == cartsBefore, "left, not rewritten")
        let appAgain = EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: directory)
        #expect(try await appAgain.cart(id: open.id) == open)
        // The next order continues the numbering.
        let next = try #require(try await shop.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id)])).cart)
        #expect(try await shop.placeOrder(order("s2", next)).name == "#1002")

        // Files the app writes later are not taken again.
        try cartsBefore.write(to: directory.appendingPathComponent("carts.json"))
        #expect(try SQLiteStatePersistence(directory: directory).importReport == nil)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("carts.json").path))
    }

    @Test func twoStorefrontsOnOneDatabaseKeepEachOthersWork() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = try storefront()
        let b = try storefront()
        let cartA = try #require(try await a.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id)])).cart)
        let cartB = try #require(try await b.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id)])).cart)
        let first = try await a.placeOrder(order("sa", cartA))
        let second = try await b.placeOrder(order("sb", cartB))
        #expect(Set([first.name, second.name]) == ["#1001", "#1002"], "one number each")
        let reopened = try storefront()
        #expect(try await reopened.orders().count == 2)
        #expect(try await stock(0, in: reopened) == (try variant().quantityAvailable ?? 0) - 2)
    }

    /// The database is the carts' one authority: a storefront holds none in memory and reads each
    /// when asked, so a cart another storefront made or changed on the same database is read as it
    /// now is, and an order through either completes it for both.
    @Test func cartsAreReadFromTheDatabaseNotFromACopyInMemory() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let a = try storefront()
        let b = try storefront()
        let made = try #require(try await a.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id)])).cart)
        let changed = try #require(try await b.cartLinesAdd(cartId: made.id, lines: [CartLineInput(merchandiseId: try variant(1).id, quantity: 2)]).cart,
                                   "b finds a cart made after it opened")
        #expect(try await a.cart(id: made.id) == changed, "a reads b's change, not the cart as it made it")
        _ = try await b.placeOrder(order("s-both", changed))
        #expect(try await a.checkoutState(cartId: made.id) == .completed)
        #expect(try await a.cart(id: made.id) == nil, "a completed cart is not answered")
        let refused = try await a.cartLinesAdd(cartId: made.id, lines: [CartLineInput(merchandiseId: try variant().id)])
        #expect(refused.cart == nil && refused.userErrors.map(\.code) == [.invalid])
    }

    @Test func aDatabaseThatCannotBeOpenedLeavesTheShopInMemory() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let blocked = directory.appendingPathComponent("taken")
        try Data("x".utf8).write(to: blocked)
        let (database, problem) = SQLiteStatePersistence.open(directory: blocked)
        #expect(problem?.contains("taken") == true && problem?.contains("kept in memory") == true, "\(problem ?? "")")
        let shop = EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: blocked, persistence: database)
        let told = Told()
        await shop.setStorageProblemHandler { told.add($0) }
        let cart = try #require(try await shop.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id)])).cart)
        _ = try await shop.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: try variant(1).id)])
        #expect(try await shop.cart(id: cart.id)?.lines.count == 2)
        let sold = try await shop.placeOrder(order("s", try #require(try await shop.cart(id: cart.id))))
        #expect(sold.name == "#1001")
        #expect(told.lines.isEmpty, "said once, when it opened: \(told.lines)")
        #expect(try Data(contentsOf: blocked) == Data("x".utf8))
    }

    @Test func aKeysCustomerAndTheirCartOutliveTheServer() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let first = try storefront()
        let endpoint = await AccountEndpoint.serving(first, configuration: keySessions)
        let session = await endpoint.authority.session(forKey: "SHA256:key-one")
        #expect(await endpoint.authority.setCartId("gid://shopify/Cart/t?key=k", accessToken: session.accessToken.rawValue))

        let again = await AccountEndpoint.serving(try storefront(), configuration: keySessions)
        let later = await again.authority.session(forKey: "SHA256:key-one")
        #expect(later.customer == session.customer)
        #expect(await again.authority.cartId(accessToken: later.accessToken.rawValue) == .some("gid://shopify/Cart/t?key=k"))
    }

    /// A key says nothing of its owner's name or e-mail: the checkout starts empty, and the e-mail
    /// and name the shopper gives are remembered for the key's next checkout, also after a restart.
    @Test func aKeysCustomerHasNoMadeUpEmailAndTheOneGivenAtCheckoutIsRemembered() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let shop = try storefront()
        let endpoint = await AccountEndpoint.serving(shop, configuration: keySessions)
        let session = await endpoint.authority.session(forKey: "SHA256:key-two")
        #expect(session.customer.email == nil)
        #expect(session.customer.firstName == nil && session.customer.lastName == nil, "no made-up name either")
        let token = session.accessToken.rawValue
        let cart = try #require(try await shop.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant().id)],
                                                                    buyerIdentity: BuyerIdentity(customerAccessToken: token))).cart)
        #expect(cart.buyerIdentity.email == nil, "nothing to pre-fill the checkout with")
        let address = MailingAddress(firstName: "Grace", lastName: "Hopper", address1: "Keizersgracht 1", city: "Amsterdam",
                                     countryCode: "NL", postalCode: "1015 CJ")
        _ = try await shop.placeOrder(CheckoutCompletion(checkoutSessionId: "k2", cartId: cart.id, email: "grace@hopper.test",
                                                         shippingAddress: address,
                                                         payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))

        let next = try #require(try await shop.cartCreate(CartInput(buyerIdentity: BuyerIdentity(customerAccessToken: token))).cart)
        #expect(next.buyerIdentity.email == "grace@hopper.test", "the same session's next cart")
        #expect(await endpoint.authority.session(forKey: "SHA256:key-two").customer.email == "grace@hopper.test")
        #expect(next.buyerIdentity.customer?.firstName == "Grace" && next.buyerIdentity.customer?.lastName == "Hopper")
        let restarted = await AccountEndpoint.serving(try storefront(), configuration: keySessions)
        #expect(await restarted.authority.session(forKey: "SHA256:key-two").customer.email == "grace@hopper.test")
        #expect(await restarted.authority.session(forKey: "SHA256:key-two").customer.displayName == "Grace Hopper")
        #expect(await restarted.authority.session(forKey: "SHA256:key-three").customer.email == nil, "another key's is its own")
    }

    /// Records kept when every key's customer was given `ssh-<digest>@example.com` and the name
    /// "Shopper <digest>" lose both; a name or address the shopper gave stays.
    @Test func aMadeUpEmailKeptBeforeIsDropped() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let shop = try storefront()
        // SHA-256 of "SHA256:old-key", its first five bytes: the address and name the shop used to make up.
        try await shop.keep(CustomerRecord(customer: Customer(id: "gid://shopify/Customer/8001", email: "ssh-3884950967@example.com",
                                                              firstName: "Shopper", lastName: "388495"),
                                           keyFingerprint: "SHA256:old-key", cartId: nil))
        try await shop.keep(CustomerRecord(customer: Customer(id: "gid://shopify/Customer/8002", email: "kept@shop.test",
                                                              firstName: "Shopper", lastName: "Smith"),
                                           keyFingerprint: "SHA256:given-key", cartId: nil))
        let endpoint = await AccountEndpoint.serving(try storefront(), configuration: keySessions)
        let old = await endpoint.authority.session(forKey: "SHA256:old-key").customer
        #expect(old.email == nil && old.firstName == nil && old.lastName == nil)
        let given = await endpoint.authority.session(forKey: "SHA256:given-key").customer
        #expect(given.email == "kept@shop.test" && given.displayName == "Shopper Smith")
    }

    /// A server that stops frees its shop, and with it the database: its account server refers to
    /// the shop without keeping it (the shop holds the account server), so a process that starts
    /// servers one after another, as the simulator does, keeps none of the ones it stopped.
    @Test func aStoppedServerFreesItsShopAndClosesItsDatabase() async throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let (shop, database) = try await serveOnceAndStop()
        let databasePath = directory.appendingPathComponent(SQLiteStatePersistence.fileName).path
        let deadline = ContinuousClock.now + .seconds(5)
        while (shop.value != nil || database.value != nil || Self.openFiles().contains(databasePath)),
              ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(shop.value == nil, "the stopped server's shop is freed")
        #expect(database.value == nil, "its database is freed")
        #expect(!Self.openFiles().contains(databasePath), "and its file closed")
    }

    /// Starts `serve` (API, account server, checkout) on the shop's database, answers one request
    /// that reaches the account server, and stops it; weak references to its shop and database.
    private func serveOnceAndStop() async throws -> (Weak<EmbeddedStorefront>, Weak<SQLiteStatePersistence>) {
        let database = try SQLiteStatePersistence(directory: directory)
        let shop = try storefront(database)
        let token = "database-test-token"
        let account = await AccountEndpoint.serving(shop, configuration: keySessions)
        let server = StorefrontAPIServer(endpoint: try GraphQLEndpoint(storefront: shop, accessToken: token), account: account,
                                         checkout: CheckoutEndpoint(backend: shop, accessToken: token))
        let (urls, continuation) = AsyncStream.makeStream(of: URL.self)
        let task = Task { try await server.run(handleSignals: false) { url in continuation.yield(url) } }
        let url = await urls.first(where: { _ in true })
        continuation.finish()
        #expect(url != nil, "serve started")
        // The key's customer is kept in the shop's database through the account server.
        _ = await account.authority.session(forKey: "SHA256:key-freed")
        #expect(database.load(now: Date()).customers.contains { $0.keyFingerprint == "SHA256:key-freed" })
        task.cancel()
        _ = await task.result
        return (Weak(shop), Weak(database))
    }

    /// The paths this process has open.
    private static func openFiles() -> Set<String> {
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return Set(descriptors.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)") })
    }
}

/// Lines a handler was given.
final class Told: Sendable {
    private let storage = Mutex<[String]>([])
    func add(_ line: String) { storage.withLock { $0.append(line) } }
    var lines: [String] { storage.withLock { $0 } }
}

/// A reference that does not keep its object.
final class Weak<Object: AnyObject>: @unchecked Sendable {
    weak var value: Object?
    init(_ value: Object) { self.value = value }
}
