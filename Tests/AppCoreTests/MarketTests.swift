import XCTest
import AppCore
import AppCoreTesting
import Storefront

/// The shopper's country: m opens the picker on it, enter picks another, and the collections,
/// the cart (its buyer identity) and everything else priced come again in that market.
@MainActor
final class MarketTests: XCTestCase {
    nonisolated static func country(_ code: String, _ name: String, _ currency: String) -> Localization.Country {
        Localization.Country(isoCode: code, name: name, currencyCode: currency, currencySymbol: Money.symbol(of: currency))
    }
    nonisolated static let countries = [country("NL", "Netherlands", "EUR"), country("US", "United States", "USD"),
                            country("GB", "United Kingdom", "GBP"), country("JP", "Japan", "JPY")]
    nonisolated static let localization = Localization(availableCountries: countries, country: countries[0], language: "EN")

    /// A collection whose preview's price is in the market's currency: the request's context shows.
    nonisolated static func page(_ context: BuyerContext) -> Page<Collection> {
        var product = Fixtures.shirt()
        let currency = countries.first { $0.isoCode == context.country }?.currencyCode ?? "EUR"
        for i in product.variants.indices { product.variants[i].price = Money(amount: currency == "JPY" ? 3300 : 20, currencyCode: currency) }
        return Fixtures.page([Fixtures.collection("apparel", preview: [product])], hasNextPage: false)
    }

    nonisolated static func yenCart(_ cart: Cart) -> Cart {
        var cart = cart
        let yen = Money(amount: 3300, currencyCode: "JPY")
        cart.buyerIdentity.countryCode = "JP"
        cart.lines[0].cost = CartLineCost(amountPerQuantity: yen, subtotalAmount: yen, totalAmount: yen)
        cart.cost = CartCost(subtotalAmount: yen, totalAmount: yen)
        return cart
    }

    /// A signed-in cart as the API answers it names its customer but never returns the token; the
    /// identity a country change sends replaces the cart's, so it carries the token again, or the
    /// shop would take the customer off the cart and the order would be a guest's.
    func testACountryChangeKeepsTheSignedInCartsCustomer() async {
        var env = TestEnvironment()
        env.account = AccountTests.account(token: .token("tok-1"))
        let identities = Recorder<BuyerIdentity>()
        var cart = Fixtures.shirtCart()
        cart.buyerIdentity = BuyerIdentity(email: "ada@example.com", customer: Customer(id: "gid://shopify/Customer/1", email: "ada@example.com"))
        env.storefront.onBuyerIdentity = { [cart] _, identity in identities.record(identity); return CartPayload(cart: Self.yenCart(cart)) }
        var initial = AccountTests.loggedIn(AppState())
        initial.cart.cart = cart
        initial.cart.confirmedCart = cart
        let store = env.store(initial)
        await store.send(.cart(.countryChanged("JP"))) {
            $0.setLoading([.cartMutation])
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertEqual(identities.values.map(\.customerAccessToken), ["tok-1"])
        XCTAssertEqual(identities.values.map(\.countryCode), ["JP"])
    }

    func testPickingACountryReloadsPricesAndMovesTheCartThere() async {
        var env = TestEnvironment()
        env.storefront.onMarketCollections = { context, _ in Self.page(context) }
        let identities = Recorder<BuyerIdentity>()
        let cart = Fixtures.shirtCart()
        env.storefront.onBuyerIdentity = { _, identity in identities.record(identity); return CartPayload(cart: Self.yenCart(cart)) }
        var initial = AppState()
        initial.localization = Self.localization
        initial.cart.cart = cart
        initial.cart.confirmedCart = cart
        initial.collections = PagedList(items: Self.page(BuyerContext()).nodes, pageInfo: Self.page(BuyerContext()).pageInfo)
        let store = env.store(initial)

        await store.send(.markets(.open)) {
            $0.screens = [.collections, .markets(MarketPickerState(countries: Self.countries, selectedIndex: 0))]
        }
        await store.send(.markets(.moveSelection(by: 3))) { $0.screens[1] = .markets(MarketPickerState(countries: Self.countries, selectedIndex: 3)) }
        await store.send(.markets(.moveSelection(by: 1)))
        await store.send(.markets(.chooseSelected))
        await store.receive(.markets(.delegate(.chosen("JP")))) {
            $0.screens = [.collections]
            $0.country = "JP"
            $0.collections = PagedList()
            $0.setLoading([.collections, .cartMutation])
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await store.receive(.collections(.pageResponse(after: nil, .success(Self.page(BuyerContext(country: "JP")))))) {
            $0.setLoading([.cartMutation])
            $0.collections = PagedList(items: Self.page(BuyerContext(country: "JP")).nodes, pageInfo: Self.page(BuyerContext(country: "JP")).pageInfo)
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: Self.yenCart(cart)))))) {
            $0.setLoading([])
            $0.cart.cart = Self.yenCart(cart)
            $0.cart.confirmedCart = Self.yenCart(cart)
            $0.cart.confirmedRequestId = 1
            $0.cart.latestRequestId = nil
        }
        await store.finish()
        XCTAssertEqual(store.state.marketCountry?.currencyCode, "JPY")
        XCTAssertEqual(store.state.collections.items[0].productsPreview[0].variants[0].price.formatted, "¥3,300")
        XCTAssertEqual(identities.values.map(\.countryCode), ["JP"])
        XCTAssertEqual(env.savedCountries.values, ["JP"])
    }

    /// Enter on the country already chosen closes the picker and asks for nothing.
    func testPickingTheCurrentCountryChangesNothing() async {
        let env = TestEnvironment()
        var initial = AppState()
        initial.localization = Self.localization
        initial.country = "GB"
        let store = env.store(initial)
        await store.send(.markets(.open)) {
            $0.screens = [.collections, .markets(MarketPickerState(countries: Self.countries, selectedIndex: 2))]
        }
        await store.send(.markets(.chooseSelected))
        await store.receive(.markets(.delegate(.chosen("GB")))) { $0.screens = [.collections] }
        await store.finish()
        XCTAssertEqual(env.savedCountries.values, [])
    }

    /// A shop that sells in one country has nothing to pick: m says so.
    func testAShopInOneCountryHasNoPicker() async {
        let env = TestEnvironment()
        var initial = AppState()
        initial.localization = Localization(availableCountries: [Self.countries[0]], country: Self.countries[0], language: "EN")
        let store = env.store(initial)
        await store.send(.markets(.open)) { $0.errorMessage = "The shop sells in one country only." }
        await store.finish()
    }

    /// `--country JP` (or the last run's choice): the first requests already ask in Japan.
    func testTheStartCountryIsAskedInFromTheFirstRequest() async {
        var env = TestEnvironment()
        env.country = "JP"
        env.storefront.onMarketCollections = { context, _ in Self.page(context) }
        env.storefront.onLocalization = { Self.localization }
        let store = env.store()
        await store.send(.appStarted) {
            $0.country = "JP"
            $0.setLoading([.collections, .cartRestore])
        }
        await store.receive(.cart(.restoreResponse(.success(nil)))) { $0.setLoading([.collections]) }
        await store.receive(.collections(.pageResponse(after: nil, .success(Self.page(BuyerContext(country: "JP")))))) {
            $0.setLoading([])
            $0.collections = PagedList(items: Self.page(BuyerContext(country: "JP")).nodes, pageInfo: Self.page(BuyerContext(country: "JP")).pageInfo)
        }
        await store.receive(.shopLoaded(nil, .init()))
        await store.receive(.markets(.localizationLoaded(Self.localization))) { $0.localization = Self.localization }
        await store.finish()
        XCTAssertEqual(store.state.marketCountry?.name, "Japan")
        XCTAssertEqual(env.savedCountries.values, [])
    }

    /// A start country the shop does not sell in: said once, and the shop's own prices instead.
    func testAStartCountryTheShopDoesNotSellInFallsBackToTheShopsOwn() async {
        var env = TestEnvironment()
        env.country = "DE"
        env.storefront.onMarketCollections = { context, _ in Self.page(context) }
        env.storefront.onLocalization = { Self.localization }
        let store = env.store()
        await store.send(.appStarted) {
            $0.country = "DE"
            $0.setLoading([.collections, .cartRestore])
        }
        await store.receive(.cart(.restoreResponse(.success(nil)))) { $0.setLoading([.collections]) }
        await store.receive(.collections(.pageResponse(after: nil, .success(Self.page(BuyerContext(country: "DE")))))) {
            $0.setLoading([])
            $0.collections = PagedList(items: Self.page(BuyerContext(country: "DE")).nodes, pageInfo: Self.page(BuyerContext(country: "DE")).pageInfo)
        }
        await store.receive(.shopLoaded(nil, .init()))
        await store.receive(.markets(.localizationLoaded(Self.localization))) {
            $0.localization = Self.localization
            $0.country = nil
            $0.collections = PagedList()
            $0.setLoading([.collections])
            $0.errorMessage = "The shop does not sell in DE: prices are in EUR."
        }
        await store.receive(.collections(.pageResponse(after: nil, .success(Self.page(BuyerContext()))))) {
            $0.setLoading([])
            $0.collections = PagedList(items: Self.page(BuyerContext()).nodes, pageInfo: Self.page(BuyerContext()).pageInfo)
        }
        await store.finish()
        XCTAssertEqual(env.savedCountries.values, [nil])
    }
}
