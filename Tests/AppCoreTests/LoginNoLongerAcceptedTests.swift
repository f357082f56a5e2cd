import XCTest
import AppCore
import AppCoreTesting
import Storefront

/// A login the store no longer accepts, found out by a change other than an add, and an add the
/// store answers after it had refused requests.
@MainActor
final class LoginNoLongerAcceptedTests: XCTestCase {
    /// The app started again on a saved login the account server has ended (serve restarted, the
    /// login revoked elsewhere): giving the cart the token is refused. The session ends with "log
    /// in again", not the store's bare message beside a login the screen still shows.
    func testARefusedTokenWhenTheCartTakesTheLoginEndsTheSession() async {
        var env = TestEnvironment()
        env.account = AccountTests.account(session: AccountTests.session)
        let refused = CartUserError(code: .invalid, field: ["buyerIdentity", "customerAccessToken"],
                                    message: "The customer access token is invalid or has expired.")
        env.storefront.onBuyerIdentity = { _, _ in CartPayload(cart: nil, userErrors: [refused]) }
        let cart = Fixtures.shirtCart()
        var state = AccountTests.loggedIn()
        state.cart = CartState(cart: cart, confirmedCart: cart)
        let store = env.store(state)

        await store.send(.cart(.attachCustomerIfMissing)) {
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        let reason = "the store no longer accepts your login"
        XCTAssertEqual(store.state.account.status, .sessionEnded(reason: reason))
        XCTAssertEqual(store.state.errorMessage, "Your session has ended (\(reason)). Log in again on the account screen; your cart is kept.")
        XCTAssertEqual(store.state.cart.cart, cart, "the cart keeps its lines")
        await store.finish()
    }

    /// The storefront refused requests (restarted with another token), then answers an add: the ✓
    /// does not stand beside the refusal as if it were about this add.
    func testAnAnsweredAddTakesDownTheRefusalOfEarlierRequests() async {
        var env = TestEnvironment()
        let cart = Fixtures.shirtCart()
        env.storefront.onLinesAdd = { [cart] _, _ in
            var grown = cart
            grown.lines[0].quantity += 1
            return CartPayload(cart: grown)
        }
        let shirt = Fixtures.shirt()
        var state = AppState(screens: [.collections, .productDetail(handle: "shirt")], productDetail: ProductDetailState(product: shirt))
        state.cart = CartState(cart: cart, confirmedCart: cart)
        state.errorMessage = "The storefront refused the request (HTTP 401): the shop domain and the access token probably do not match."
        let store = env.store(state)

        await store.send(.productDetail(.addToCart))
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertEqual(store.state.productDetail?.confirmation, "Added 1 × Shirt shirt (S / Red) to your cart.")
        XCTAssertNil(store.state.errorMessage)
        await env.clock.advance(by: .seconds(4))
        await store.skipReceivedActionsWhenEffectsEnd()
        await store.finish()
    }
}
