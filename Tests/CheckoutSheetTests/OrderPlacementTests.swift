import ConcurrencyExtras
import Foundation
import Storefront
import XCTest
@testable import CheckoutSheet

/// Placing the order: the reason a store gives travels to the sheet's failure; a refusal no retry
/// can fix is not recovered; a shop that takes payment only in its web checkout sends the buyer to
/// the browser and records the order when the cart is completed there.
final class OrderPlacementTests: XCTestCase {
    /// Tasks run one at a time on the main serial executor: the sheet's watch of the cart and the
    /// test's wait on its updates interleave in one order on every run.
    override func invokeTest() {
        withMainSerialExecutor { super.invokeTest() }
    }

    func testARefusalFailsWithTheStoresReasonAndIsNotRecovered() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview()
        h.backend.state.withLock { $0.placeOrderError = OrderPlacementError.refused(code: "cart_completed", message: "Checkout already completed") }
        await h.send(.submit)
        XCTAssertEqual(Array(h.summary.suffix(2)), ["pixel:page_viewed", "fail:checkoutExpired:cart_completed"])
        guard case .failed(let error)? = h.events.last else { return XCTFail("no failure") }
        XCTAssertEqual(error.message, "Checkout already completed")
        XCTAssertFalse(error.isRecoverable)
        XCTAssertFalse(h.summary.contains("recovery"))
        XCTAssertEqual(h.backend.state.withLock { $0.placeOrderCalls }, 1)
    }

    func testAShopOutOfReachFailsWithWhatHappenedNotAGenericStatus() async throws {
        let h = SheetHarness(recover: false)
        await h.present()
        await h.walkToReview()
        h.backend.state.withLock { $0.placeOrderError = StorefrontError.transport("Connection refused (127.0.0.1:18100)") }
        await h.send(.submit)
        guard case .failed(let error)? = h.events.last else { return XCTFail("no failure") }
        XCTAssertEqual(error.message,
                       "Your order could not be placed: Could not reach the storefront: Connection refused (127.0.0.1:18100)")
        XCTAssertTrue(error.isRecoverable)
        // A lost connection is asked again before giving up.
        XCTAssertEqual(h.backend.state.withLock { $0.placeOrderCalls }, 3)
    }

    func testAWebCheckoutShopSendsTheBuyerToTheBrowserAndWatchesTheCart() async throws {
        let backend = InMemoryCheckoutBackend()
        backend.state.withLock { $0.webCheckoutOnly = true }
        let h = SheetHarness(backend: backend)
        let updates = await h.present()
        let page = try await h.requirePage()
        XCTAssertEqual(page.step, .unavailable)
        XCTAssertEqual(page.webCheckoutURL, h.url)
        XCTAssertEqual(page.summary?.lines.count, Fixtures.cart().lines.count)
        XCTAssertEqual(h.summary, [], "no failure, no recovery: nothing here can pay")

        // The buyer pays in the browser: the API stops answering the cart.
        backend.state.withLock { $0.cartStates["c1"] = .completed }
        // The watch runs on its own (on the demo's time it goes round at once): wait for its event.
        let completion = await SheetHarness.first(in: updates) { if case .event(.completed) = $0 { true } else { false } }
        XCTAssertNotNil(completion, "the watch saw the cart completed")
        XCTAssertEqual(h.summary, ["complete:partial"])
        guard case .completed(let completed)? = h.events.first else { return XCTFail("no completion") }
        XCTAssertEqual(completed.orderDetails.email, Fixtures.cart().buyerIdentity.email)
        XCTAssertNil(completed.orderDetails.cart)
        let done = try await h.requirePage()
        XCTAssertEqual(done.step, .thankYou)
        XCTAssertEqual(done.webCheckoutURL, h.url)
        XCTAssertEqual(backend.state.withLock { $0.placeOrderCalls }, 0)
    }

    func testAShopThatTurnsOutToNeedItsWebCheckoutAtPaymentShowsTheAddressInstead() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToReview()
        h.backend.state.withLock { $0.placeOrderError = OrderPlacementError.webCheckoutRequired(url: "https://shop.example/cart/c/c1?key=test") }
        await h.send(.submit)
        let page = try await h.requirePage()
        XCTAssertEqual(page.webCheckoutURL, "https://shop.example/cart/c/c1?key=test")
        XCTAssertFalse(h.summary.contains { $0.hasPrefix("fail") || $0 == "recovery" })
        await h.sheet.dismiss()
    }
}
