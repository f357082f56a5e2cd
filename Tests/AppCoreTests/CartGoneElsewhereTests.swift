import XCTest
import AppCore
import AppCoreTesting
import CheckoutSheet
import Storefront

/// Another process on the same state directory (a second app, `storefront mcp`) checked out the
/// cart this app shows: the cart is dropped when it is next read, with one line saying so.
@MainActor
final class CartGoneElsewhereTests: XCTestCase {
    let cart = Fixtures.shirtCart()

    func order(name: String, cartId: String) -> Order {
        Order(id: "1001", name: name, processedAt: Fixtures.date, draft: OrderDraft(
            checkoutSessionId: "s", cartId: cartId, email: nil, phone: nil, lineItems: [],
            subtotal: Fixtures.usd("20.00"), shipping: Fixtures.usd("0"), taxes: Fixtures.usd("0"), discounts: Fixtures.usd("0"),
            total: Fixtures.usd("20.00"), shippingAddress: nil, billingAddress: nil, shippingMethod: nil, payment: nil))
    }

    func testOpeningTheCartDropsOneCheckedOutElsewhere() async {
        var env = TestEnvironment()
        env.storedCartId = cart.id
        env.storefront.onCart = { _ in nil }
        let completed = order(name: "#1001", cartId: cart.id)
        env.ledgerOrders = { [completed] }
        let store = env.store(AppState(cart: CartState(cart: cart, confirmedCart: cart)))

        await store.send(.navigation(.openCart)) {
            $0.screens = [.collections, .cart]
            $0.checkout.preloadedURL = self.cart.checkoutUrl
        }
        await store.receive(.cart(.goneElsewhere(cartId: cart.id))) { $0.cart = CartState() }
        await store.receive(.cart(.delegate(.changed))) { $0.checkout.preloadedURL = nil }
        let notice = "This cart was checked out elsewhere (order #1001); the next item starts a new cart."
        await store.receive(.cart(.delegate(.failed(AppError(message: notice))))) { $0.errorMessage = notice }
        await store.finish()
        XCTAssertEqual(env.savedCartIds.values, [nil])
    }

    func testAnOpenCartStaysAndAShopOutOfReachChangesNothing() async {
        var env = TestEnvironment()
        let cart = cart
        env.storefront.onCart = { _ in cart }
        let open = env.store(AppState(cart: CartState(cart: cart, confirmedCart: cart)))
        await open.send(.cart(.checkStillOpen))
        await open.finish()
        XCTAssertEqual(open.state.cart.cart, cart)

        env.storefront.onCart = { _ in throw StorefrontError.transport("connection refused") }
        let unreachable = env.store(AppState(cart: CartState(cart: cart, confirmedCart: cart)))
        await unreachable.send(.cart(.checkStillOpen))
        await unreachable.finish()
        XCTAssertEqual(unreachable.state.cart.cart, cart)
        XCTAssertEqual(env.savedCartIds.values, [])
    }

    /// An add to a cart the shop no longer has: nothing is added, the cart is dropped with the
    /// notice (without an order number when the ledger does not have it), and the saved id of
    /// another cart is left alone.
    func testAnAddToACartCheckedOutElsewhereDropsIt() async {
        var env = TestEnvironment()
        env.storedCartId = "gid://shopify/Cart/other"
        env.storefront.onLinesAdd = { _, _ in
            CartPayload(cart: nil, userErrors: [CartUserError(code: .invalid, field: ["cartId"], message: "The specified cart does not exist.")])
        }
        let shirt = Fixtures.shirt()
        var state = AppState(screens: [.collections, .productDetail(handle: "shirt")], productDetail: ProductDetailState(product: shirt))
        state.cart = CartState(cart: cart, confirmedCart: cart)
        let store = env.store(state)

        await store.send(.productDetail(.addToCart))
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertNil(store.state.cart.cart)
        XCTAssertNil(store.state.cart.latestRequestId)
        XCTAssertNil(store.state.productDetail?.confirmation)
        XCTAssertEqual(store.state.errorMessage,
                       "This cart is no longer open (checked out elsewhere, or expired); the next item starts a new cart.")
        await store.finish()
        XCTAssertEqual(env.savedCartIds.values, [])
    }

    /// The checkout sheet says the cart was already completed: the cart is read again and dropped,
    /// rather than kept for another try that would fail the same way.
    func testACheckoutRefusedAsAlreadyCompletedDropsTheCart() async {
        var env = TestEnvironment()
        env.storefront.onCart = { _ in nil }
        let completed = order(name: "#1002", cartId: cart.id)
        env.ledgerOrders = { [completed] }
        let store = env.store(AppState(screens: [.collections, .cart], cart: CartState(cart: cart, confirmedCart: cart)))
        await store.send(.checkout(.start)) {
            $0.checkout.isPresented = true
            $0.checkout.page = .loading
            $0.checkout.sheetWork = 1
        }
        await store.receive(.checkout(.delegate(.presented)))
        env.sheet.emit(.event(.failed(.checkoutExpired(message: "Checkout already completed", code: .cartCompleted))))
        env.sheet.emit(.dismissed)
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertNil(store.state.cart.cart)
        XCTAssertFalse(store.state.checkout.isPresented)
        XCTAssertEqual(store.state.errorMessage, "This cart was checked out elsewhere (order #1002); the next item starts a new cart.")
        await store.finish()
    }
}
