import XCTest
@testable import CheckoutSheet

final class CheckoutLifecycleTests: XCTestCase {
    private let url = "https://aurora.example/cart/c/c1?key=test"
    private let multipass = "https://aurora.example/account/login/multipass/abc?return_to=%2Fcheckout"
    private let unavailable = CheckoutError.checkoutUnavailable(message: "Service Unavailable", code: .httpError(statusCode: 503),
                                                                recoverable: true)
    private let forbidden = CheckoutError.checkoutUnavailable(message: "Forbidden", code: .httpError(statusCode: 403),
                                                              recoverable: false)

    private func completed(_ id: String) -> BridgeMessage {
        .completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: id), decoded: .full), issues: [])
    }

    func testCompletionDoesNotCloseAndCancelSaysItFollowedOne() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        let done = lifecycle.receive(completed("1"))
        XCTAssertEqual(done.events, [.completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: "1"), decoded: .full))])
        XCTAssertNil(done.directive)
        XCTAssertEqual(lifecycle.phase, .checkout)
        XCTAssertEqual(lifecycle.close(), .init(events: [.canceled(afterCompletion: true)], directive: .dismiss))
        XCTAssertEqual(lifecycle.phase, .dismissed)
    }

    func testCancelWithoutCompletion() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        XCTAssertEqual(lifecycle.close().events, [.canceled(afterCompletion: false)])
        XCTAssertEqual(lifecycle.close().events, [], "a second close does nothing")
    }

    func testAtMostOneCompletionPerSession() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        _ = lifecycle.receive(completed("1"))
        let second = lifecycle.receive(completed("2"))
        XCTAssertEqual(second.events, [])
        XCTAssertEqual(second.notes.count, 1)
    }

    func testNoFailureOrRecoveryAfterCompletion() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        _ = lifecycle.receive(completed("1"))
        let failure = lifecycle.fail(unavailable)
        XCTAssertEqual(failure.events, [])
        XCTAssertNil(failure.recoveryDecision)
        XCTAssertNil(failure.directive)
        XCTAssertEqual(lifecycle.receive(.error(.checkoutExpired(message: "x", code: .cartExpired))).events, [])
        XCTAssertFalse(lifecycle.recoveryAttempted)
    }

    func testRecoverableFailureAsksThenRecoversOnce() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        let failure = lifecycle.fail(unavailable)
        XCTAssertEqual(failure.events, [.failed(unavailable)], "the failure is delivered before the question")
        XCTAssertEqual(failure.recoveryDecision, unavailable)
        XCTAssertNil(failure.directive)
        XCTAssertEqual(lifecycle.resolveFailure(recover: true), .init(events: [.recoveryStarted], directive: .startRecovery))
        XCTAssertEqual(lifecycle.phase, .recovery)

        let again = lifecycle.fail(unavailable)
        XCTAssertEqual(again.events, [.failed(unavailable)])
        XCTAssertNil(again.recoveryDecision, "a second failure is never recovered")
        XCTAssertEqual(again.directive, .dismiss)
    }

    func testDeclinedRecoveryDismisses() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        _ = lifecycle.fail(forbidden)
        XCTAssertEqual(lifecycle.resolveFailure(recover: false).directive, .dismiss)
        XCTAssertEqual(lifecycle.phase, .dismissed)
        XCTAssertFalse(lifecycle.recoveryAttempted)
    }

    func testMultipassIsNeverRecovered() {
        var lifecycle = CheckoutLifecycle(checkoutURL: multipass, presented: true)
        let failure = lifecycle.fail(unavailable)
        XCTAssertEqual(failure.events, [.failed(unavailable)])
        XCTAssertNil(failure.recoveryDecision)
        XCTAssertEqual(failure.directive, .dismiss)
    }

    func testRecoveryHasNoBridgeAndCompletesFromTheThankYouURL() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        _ = lifecycle.fail(unavailable)
        _ = lifecycle.resolveFailure(recover: true)
        XCTAssertEqual(lifecycle.receive(.webPixel(PixelEvent(kind: .standard, name: "page_viewed"))).events, [])
        XCTAssertEqual(lifecycle.receive(completed("9")).events, [])
        XCTAssertEqual(lifecycle.navigated(to: "https://aurora.example/checkouts/cn/t/payment").events, [])
        let done = lifecycle.navigated(to: "https://aurora.example/checkouts/cn/t/thank-you?order_id=1001")
        XCTAssertEqual(done.events, [.completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: "1001"), decoded: .recovery))])
        XCTAssertEqual(lifecycle.navigated(to: "https://aurora.example/checkouts/cn/t/thank-you?order_id=1001").events, [])
        XCTAssertEqual(lifecycle.close().events, [.canceled(afterCompletion: true)])
    }

    func testThankYouWithUnderscoreAndWithoutOrderId() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        _ = lifecycle.fail(unavailable)
        _ = lifecycle.resolveFailure(recover: true)
        let done = lifecycle.navigated(to: "https://aurora.example/checkouts/c/t/thank_you")
        XCTAssertEqual(done.events, [.completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: ""), decoded: .recovery))])
        XCTAssertEqual(done.notes, ["thank-you URL without order_id"])
    }

    func testThankYouURLIsIgnoredOutsideRecovery() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        XCTAssertEqual(lifecycle.navigated(to: "https://aurora.example/checkouts/cn/t/thank-you?order_id=1").events, [])
        XCTAssertFalse(lifecycle.hasCompleted)
    }

    func testPixelsFlowOnlyAfterPresented() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url)
        let pixel = PixelEvent(kind: .standard, name: "page_viewed")
        XCTAssertEqual(lifecycle.receive(.webPixel(pixel)).events, [])
        lifecycle.presented()
        XCTAssertEqual(lifecycle.receive(.webPixel(pixel)).events, [.pixel(pixel)])
    }

    func testNothingAfterDismissal() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        _ = lifecycle.fail(forbidden)
        _ = lifecycle.resolveFailure(recover: false)
        XCTAssertEqual(lifecycle.receive(completed("1")).events, [])
        XCTAssertEqual(lifecycle.linkClicked("mailto:a@b.co").events, [])
        XCTAssertEqual(lifecycle.fail(unavailable).events, [])
        XCTAssertEqual(lifecycle.close().events, [])
    }

    func testLinksBlockingAndIgnoredErrors() {
        var lifecycle = CheckoutLifecycle(checkoutURL: url, presented: true)
        XCTAssertEqual(lifecycle.linkClicked("tel:+15550100199").events, [.linkClicked(url: "tel:+15550100199")])
        XCTAssertEqual(lifecycle.receive(.checkoutBlocking(true)).events, [])
        XCTAssertTrue(lifecycle.isBlocking)
        XCTAssertEqual(lifecycle.receive(.ignoredError(group: "violation")).events, [])
        XCTAssertEqual(lifecycle.phase, .checkout)
    }

    func testCheckoutURLHelpers() {
        XCTAssertTrue(CheckoutURL.isMultipass(multipass))
        XCTAssertFalse(CheckoutURL.isMultipass("https://aurora.example/cart/c/x?next=/account/login/multipass/y"))
        XCTAssertEqual(CheckoutURL.thankYouOrderId("https://a.example/checkouts/cn/t/thank-you?x=1&order_id=77"), "77")
        XCTAssertNil(CheckoutURL.thankYouOrderId("https://a.example/checkouts/cn/t/review?order_id=77"))
    }
}
