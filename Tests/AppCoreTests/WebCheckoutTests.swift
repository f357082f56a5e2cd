import XCTest
import AppCore
import AppCoreTesting
import CheckoutSheet
import Storefront

/// A shop that takes payment in its web checkout: `o` opens the address the sheet shows; without a
/// browser the error bar says to copy it. Nothing happens without such an address.
@MainActor
final class WebCheckoutTests: XCTestCase {
    let address = "https://aurora.example/cart/c/abc?key=1"

    func presented(_ url: String?) -> AppState {
        AppState(screens: [.collections, .cart],
                 checkout: CheckoutState(isPresented: true, page: CheckoutPage(step: .unavailable, webCheckoutURL: url)))
    }

    func testOOpensTheWebCheckoutInABrowser() async {
        var env = TestEnvironment()
        env.browserOpens = true
        let store = env.store(presented(address))
        await store.send(.checkout(.openWebCheckout))
        await store.receive(.checkout(.webCheckoutOpened(true)))
        await store.finish()
        XCTAssertEqual(env.openedURLs.values, [address])
    }

    func testWithoutABrowserTheBarSaysToCopyTheAddress() async {
        let env = TestEnvironment()
        let store = env.store(presented(address))
        await store.send(.checkout(.openWebCheckout))
        await store.receive(.checkout(.webCheckoutOpened(false)))
        await store.receive(.checkout(.delegate(.failed(AppError(message: "No browser could be opened here: copy the address from the checkout into one."))))) { $0.errorMessage = "No browser could be opened here: copy the address from the checkout into one." }
        await store.finish()
    }

    func testAPageWithoutAnAddressOpensNothing() async {
        let env = TestEnvironment()
        let store = env.store(presented(nil))
        await store.send(.checkout(.openWebCheckout))
        await store.finish()
        XCTAssertEqual(env.openedURLs.values, [])
    }
}
