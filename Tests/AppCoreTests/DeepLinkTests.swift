import XCTest
import AppCore
import AppCoreTesting
import Storefront

/// `storefront --open …` and `ssh -t shop …`: the names parse strictly, and each opens its screen
/// as the keys would.
@MainActor
final class DeepLinkTests: XCTestCase {
    func testTheNamesParse() {
        XCTAssertEqual(try DeepLink.parse("cart").get(), .cart)
        XCTAssertEqual(try DeepLink.parse("  orders ").get(), .orders)
        XCTAssertEqual(try DeepLink.parse("search sencha OR (gyokuro AND -tag:sale)").get(), .search("sencha OR (gyokuro AND -tag:sale)"))
        XCTAssertEqual(try DeepLink.parse("product House-Espresso-Blend").get(), .product(handle: "house-espresso-blend"))
        XCTAssertEqual(try DeepLink.parse("about").get(), .about(nil))
        XCTAssertEqual(try DeepLink.parse("about Refund").get(), .about(.refund))
        XCTAssertEqual(try DeepLink.parse("about terms-of-service").get(), .about(.termsOfService))
        XCTAssertEqual(try DeepLink.parse("about privacyPolicy").get(), .about(.privacy))
        for link in [DeepLink.cart, .orders, .about(nil), .about(.shipping), .about(.termsOfService), .search("tea"), .product(handle: "a-b")] {
            XCTAssertEqual(try DeepLink.parse(link.argument).get(), link)
        }
    }

    func testAnythingElseIsRefusedWithAReason() {
        XCTAssertEqual(DeepLink.parse("cart; id"), .failure(.unknown("cart; id")))
        XCTAssertEqual(DeepLink.parse("sh -c id"), .failure(.unknown("sh -c id")))
        XCTAssertEqual(DeepLink.parse(""), .failure(.unknown("")))
        XCTAssertEqual(DeepLink.parse("cart now"), .failure(.unexpectedArgument("cart")))
        XCTAssertEqual(DeepLink.parse("search"), .failure(.missingArgument("search", "QUERY")))
        XCTAssertEqual(DeepLink.parse("product ../etc/passwd"), .failure(.badHandle))
        XCTAssertEqual(DeepLink.parse("product a;id"), .failure(.badHandle))
        XCTAssertEqual(DeepLink.parse("about returns"), .failure(.unknownPolicy("returns")))
        XCTAssertEqual(DeepLinkError.unknownPolicy("returns").description,
                       "\"returns\" is not a policy of the shop; try refund, shipping, privacy or terms.")
        XCTAssertEqual(DeepLink.parse("search tea\u{1b}[2J"), .failure(.controlCharacters))
        XCTAssertEqual(DeepLink.parse("search " + String(repeating: "a", count: 300)), .failure(.tooLong))
        // On the command line no shell is in question; over SSH the refusal says none ran.
        XCTAssertEqual(DeepLinkError.unknown("bogus").description,
                       "\"bogus\" is not a screen to open; try cart, orders, about [POLICY], search QUERY or product HANDLE.")
        XCTAssertEqual(DeepLinkError.unknown("cart; id").overSSH,
                       "\"cart; id\" is not a screen to open; try cart, orders, about [POLICY], search QUERY or product HANDLE (nothing is run by a shell).")
        XCTAssertEqual(DeepLinkError.badHandle.overSSH, DeepLinkError.badHandle.description)
    }

    func testCartOpensTheCart() async {
        let env = TestEnvironment()
        let store = env.store()
        await store.send(.navigation(.open(.cart))) { $0.screens = [.collections, .cart] }
        await store.finish()
    }

    /// `orders` opens "Your orders" (and loads a signed-in customer's), not the account screen.
    func testOrdersOpenYourOrders() async {
        let env = TestEnvironment()
        var state = AppState()
        state.account = AccountState(status: .loggedOut, isAvailable: true)
        let store = env.store(state)
        await store.send(.navigation(.open(.orders))) { $0.screens = [.collections, .orders(OrdersState())] }
        await store.finish()
    }

    /// At start the session is not known yet when `orders` opens: once it is, the customer's orders load.
    func testOrdersAtStartLoadTheCustomersOrdersOnceTheSessionIsFound() async {
        var env = TestEnvironment()
        let order = CustomerOrder(id: "900", name: "#900", processedAt: Fixtures.date, totalPrice: Fixtures.usd("20.00"),
                                  lineItems: [.init(title: "Shirt", quantity: 1)])
        env.account = AccountTests.account(orders: { [order] })
        var state = AppState()
        state.account = AccountState(status: .unknown, isAvailable: true)
        let store = env.store(state)
        await store.send(.navigation(.open(.orders))) { $0.screens = [.collections, .orders(OrdersState())] }
        await store.send(.account(.sessionLoaded(AccountTests.session))) { $0.account.status = .loggedIn(AccountTests.session) }
        await store.receive(.account(.delegate(.sessionRestored))) { $0.screens[1] = .orders(OrdersState(isLoading: true)) }
        await store.receive(.orders(.ordersResponse(.success([order])))) { $0.screens[1] = .orders(OrdersState(customerOrders: [order])) }
        await store.finish()
    }

    func testAboutOpensTheShopsPageAtAPolicyWhenNamed() async {
        let store = TestEnvironment().store()
        await store.send(.navigation(.open(.about(nil)))) { $0.screens = [.collections, .about(AboutState())] }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.send(.navigation(.open(.about(.termsOfService)))) {
            $0.screens = [.collections, .about(AboutState(policy: .termsOfService))]
        }
        await store.finish()
    }

    func testSearchTypesTheQuery() async {
        var env = TestEnvironment()
        let results = Fixtures.page(Fixtures.products(2, prefix: "t"), hasNextPage: false)
        env.storefront.onSearch = { query, _ in
            XCTAssertEqual(query, "tea")
            return results
        }
        let store = env.store()
        await store.send(.navigation(.open(.search("tea")))) {
            $0.screens = [.collections, .search]
            $0.search.query = "tea"
            $0.setLoading([.search])
        }
        await env.clock.advance(by: .milliseconds(300))
        await store.receive(.search(.response(query: "tea", after: nil, .success(results)))) {
            $0.setLoading([])
            $0.search.results = PagedList(items: results.nodes, pageInfo: results.pageInfo)
            $0.search.resultsQuery = "tea"
        }
        await store.finish()
    }

    func testProductLoadsItsPage() async {
        var env = TestEnvironment()
        let shirt = Fixtures.shirt()
        env.storefront.onProduct = { handle in
            XCTAssertEqual(handle, "shirt")
            return shirt
        }
        let store = env.store()
        await store.send(.navigation(.open(.product(handle: "shirt")))) {
            $0.screens = [.collections, .productDetail(handle: "shirt")]
            $0.productDetail = ProductDetailState(handle: "shirt")
            $0.setLoading([.product(handle: "shirt")])
        }
        await store.receive(.productDetail(.response(handle: "shirt", .success(shirt)))) {
            $0.setLoading([])
            $0.productDetail = ProductDetailState(product: shirt)
        }
        await store.finish()
    }

    func testAProductPageLeftWhileLoadingTakesItsLoadingWithIt() async {
        var env = TestEnvironment()
        let shirt = Fixtures.shirt()
        env.storefront.onProduct = { _ in shirt }
        let store = env.store()
        await store.send(.navigation(.open(.product(handle: "shirt")))) {
            $0.screens = [.collections, .productDetail(handle: "shirt")]
            $0.productDetail = ProductDetailState(handle: "shirt")
            $0.setLoading([.product(handle: "shirt")])
        }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        // The page kept its own "loading": gone with it, the footer says nothing is loading.
        XCTAssertEqual(store.state.loading, [])
        await store.receive(.productDetail(.response(handle: "shirt", .success(shirt))))
        await store.finish()
    }
}
