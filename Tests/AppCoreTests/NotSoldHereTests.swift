import XCTest
import AppCore
import AppCoreTesting
import Storefront

/// A product the shopper's country does not sell: the market leaves it out (null from
/// `product(handle:)`), the shop's own still has it. The page says "Not sold in Japan" and adds
/// nothing; a cart moved there keeps the line, marks it, and checkout refuses it until it goes or
/// the country changes back.
@MainActor
final class NotSoldHereTests: XCTestCase {
    /// The shirt, in every market but Japan.
    nonisolated static func market(_ context: BuyerContext, _ handle: String) -> Product? {
        context.country == "JP" ? nil : Fixtures.shirt(handle: handle)
    }

    func japan() -> AppState {
        var state = AppState()
        state.localization = MarketTests.localization
        state.country = "JP"
        return state
    }

    func testAProductPageInACountryThatDoesNotSellItSaysSoAndAddsNothing() async {
        var env = TestEnvironment()
        let asked = Recorder<String?>()
        env.storefront.onMarketProduct = { context, handle in asked.record(context.country); return Self.market(context, handle) }
        var initial = japan()
        initial.screens = [.collections, .productDetail(handle: "shirt")]
        initial.productDetail = ProductDetailState(handle: "shirt")
        let store = env.store(initial)

        await store.send(.productDetail(.reload)) { $0.setLoading([.product(handle: "shirt")]) }
        await store.receive(.productDetail(.notSold(handle: "shirt", Fixtures.shirt(), in: "Japan"))) {
            $0.setLoading([])
            var detail = ProductDetailState(product: Fixtures.shirt())
            detail.notSoldIn = "Japan"
            $0.productDetail = detail
        }
        XCTAssertFalse(store.state.productDetail?.canAddToCart ?? true)
        await store.send(.productDetail(.addToCart))
        await store.receive(.productDetail(.delegate(.failed(AppError(message: "Shirt shirt is not sold in Japan."))))) {
            $0.errorMessage = "Shirt shirt is not sold in Japan."
        }
        await store.finish()
        // Asked in Japan, then in the shop's own market.
        XCTAssertEqual(asked.values, ["JP", nil])
    }

    /// In the shop's own country a missing product is simply not found: nothing else is asked.
    func testWithoutAChosenCountryAMissingProductIsNotFound() async {
        var env = TestEnvironment()
        let asked = Recorder<String?>()
        env.storefront.onMarketProduct = { context, _ in asked.record(context.country); return nil }
        var initial = AppState(screens: [.collections, .productDetail(handle: "gone")], productDetail: ProductDetailState(handle: "gone"))
        initial.localization = MarketTests.localization
        let store = env.store(initial)
        await store.send(.productDetail(.reload)) { $0.setLoading([.product(handle: "gone")]) }
        await store.receive(.productDetail(.response(handle: "gone", .success(nil)))) {
            $0.setLoading([])
            $0.productDetail?.notFound = true
        }
        await store.finish()
        XCTAssertEqual(asked.values, [nil])
    }

    func testACartMovedToACountryThatDoesNotSellALineKeepsItMarkedAndCheckoutRefusesIt() async {
        var env = TestEnvironment()
        env.storefront.onMarketProduct = { context, handle in Self.market(context, handle) }
        env.storefront.onMarketCollections = { context, _ in MarketTests.page(context) }
        let cart = Fixtures.shirtCart()
        env.storefront.onBuyerIdentity = { _, identity in
            CartPayload(cart: identity.countryCode == "JP" ? MarketTests.yenCart(cart) : cart)
        }
        var initial = AppState()
        initial.localization = MarketTests.localization
        initial.cart.cart = cart
        initial.cart.confirmedCart = cart
        let store = env.store(initial)
        let notSold = CartWarning(code: .productUnavailableInBuyerLocation, message: "Shirt shirt is not sold in Japan.", target: "line-1")
        let notice = "Shirt shirt is not sold in Japan. It stays in your cart; checkout needs it removed or another country."

        await store.send(.markets(.delegate(.chosen("JP")))) {
            $0.country = "JP"
            $0.setLoading([.collections, .cartMutation])
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await store.receive(.collections(.pageResponse(after: nil, .success(MarketTests.page(BuyerContext(country: "JP")))))) {
            $0.setLoading([.cartMutation])
            $0.collections = PagedList(items: MarketTests.page(BuyerContext(country: "JP")).nodes,
                                       pageInfo: MarketTests.page(BuyerContext(country: "JP")).pageInfo)
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: MarketTests.yenCart(cart), warnings: [notSold]))))) {
            $0.setLoading([])
            $0.cart.cart = MarketTests.yenCart(cart)
            $0.cart.confirmedCart = MarketTests.yenCart(cart)
            $0.cart.confirmedRequestId = 1
            $0.cart.latestRequestId = nil
            $0.cart.notSoldHere = [notSold]
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: notice))))) { $0.errorMessage = notice }
        XCTAssertEqual(store.state.cart.notSoldReason(cart.lines[0]), "Shirt shirt is not sold in Japan.")

        let refusal = "Shirt shirt is not sold in Japan. Remove it, or shop from another country, to check out."
        await store.send(.checkout(.start))
        await store.receive(.checkout(.delegate(.failed(AppError(message: refusal))))) { $0.errorMessage = refusal }
        XCTAssertFalse(store.state.checkout.isPresented)

        // Back in the Netherlands: the line was never gone, and nothing is marked.
        await store.send(.markets(.delegate(.chosen("NL")))) {
            $0.country = "NL"
            $0.collections = PagedList()
            $0.setLoading([.collections, .cartMutation])
            $0.cart.latestRequestId = 2
            $0.cart.nextRequestId = 3
        }
        await store.receive(.collections(.pageResponse(after: nil, .success(MarketTests.page(BuyerContext(country: "NL")))))) {
            $0.setLoading([.cartMutation])
            $0.collections = PagedList(items: MarketTests.page(BuyerContext(country: "NL")).nodes,
                                       pageInfo: MarketTests.page(BuyerContext(country: "NL")).pageInfo)
        }
        await store.receive(.cart(.mutationResponse(requestId: 2, .success(CartPayload(cart: cart))))) {
            $0.setLoading([])
            $0.cart.cart = cart
            $0.cart.confirmedCart = cart
            $0.cart.confirmedRequestId = 2
            $0.cart.latestRequestId = nil
            $0.cart.notSoldHere = []
        }
        await store.finish()
        XCTAssertEqual(store.state.cart.cart?.lines.map(\.quantity), [1])
    }
}
