import XCTest
@testable import CheckoutSheet

/// The ordering rules of protocol 2025-10: fail -> dismiss, complete wins, duplicate completes all
/// reach the host, start is not replayed for a preloaded checkout, identical updates are suppressed.
final class EmbeddedLifecycleTests: XCTestCase {
    private let url = "https://aurora.example/cart/c/c1?key=test"
    private let expired = CheckoutError.checkoutExpired(message: "Checkout already completed", code: .cartCompleted)

    private func lifecycle() -> CheckoutLifecycle {
        CheckoutLifecycle(checkoutURL: url, presented: true, protocolVersion: .embedded202510)
    }

    private func snapshot(_ total: String) -> CheckoutSnapshot {
        CheckoutSnapshot(cart: .object([("cost", .object([("totalAmount", .string(total))]))]))
    }

    private func completed(_ id: String) -> BridgeMessage {
        .completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: id), decoded: .full), issues: [])
    }

    func testAFailureBeforeStartIsFollowedByDismiss() {
        var checkout = lifecycle()
        let outcome = checkout.receive(.error(expired))
        XCTAssertEqual(outcome.events, [.failed(expired)], "the host is asked about recovery first")
        XCTAssertEqual(outcome.recoveryDecision, expired)
        let decided = checkout.resolveFailure(recover: false)
        XCTAssertEqual(decided.events, [.dismissed(afterCompletion: false)])
        XCTAssertEqual(decided.directive, .dismiss)
        XCTAssertEqual(checkout.receive(.started(CheckoutStartEvent(snapshot: snapshot("1"), locale: nil))).events, [],
                       "nothing after the dismiss")
    }

    func testAFailureThatCannotBeRecoveredDismissesAtOnce() {
        var checkout = CheckoutLifecycle(checkoutURL: "https://aurora.example/account/login/multipass/x", presented: true,
                                         protocolVersion: .embedded202510)
        let outcome = checkout.fail(expired)
        XCTAssertEqual(outcome.events, [.failed(expired), .dismissed(afterCompletion: false)])
        XCTAssertEqual(outcome.directive, .dismiss)
    }

    func testCompleteWinsOverALaterFailure() {
        var checkout = lifecycle()
        _ = checkout.receive(completed("1001"))
        let late = checkout.receive(.error(expired))
        XCTAssertEqual(late.events, [])
        XCTAssertNil(late.directive)
        XCTAssertEqual(checkout.phase, .checkout, "the thank-you page stays up")
        XCTAssertEqual(checkout.close().events, [.dismissed(afterCompletion: true)])
    }

    func testDuplicateCompletesAreAllDelivered() {
        var checkout = lifecycle()
        XCTAssertEqual(checkout.receive(completed("1001")).events.count, 1)
        XCTAssertEqual(checkout.receive(completed("1001")).events,
                       [.completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: "1001"), decoded: .full))])
        var bridge = CheckoutLifecycle(checkoutURL: url, presented: true)
        _ = bridge.receive(completed("1001"))
        XCTAssertEqual(bridge.receive(completed("1001")).events, [], "8.1 keeps its one completion")
    }

    func testIdenticalConsecutiveUpdatesAreSuppressed() {
        var checkout = lifecycle()
        XCTAssertEqual(checkout.receive(.started(CheckoutStartEvent(snapshot: snapshot("10"), locale: "en-US"))).events.count, 1)
        XCTAssertEqual(checkout.receive(.updated(snapshot("10"))).events, [], "same as the start")
        XCTAssertEqual(checkout.receive(.updated(snapshot("12"))).events, [.updated(snapshot("12"))])
        let repeated = checkout.receive(.updated(snapshot("12")))
        XCTAssertEqual(repeated.events, [])
        XCTAssertEqual(repeated.notes, ["update identical to the one before suppressed"])
        XCTAssertEqual(checkout.receive(.updated(snapshot("10"))).events, [.updated(snapshot("10"))],
                       "only consecutive repeats are suppressed")
    }

    func testStartIsNotReplayedForAPreloadedCheckout() {
        var checkout = lifecycle()
        checkout.startedWhilePreloading(snapshot("10"))
        let start = checkout.receive(.started(CheckoutStartEvent(snapshot: snapshot("10"), locale: nil)))
        XCTAssertEqual(start.events, [])
        XCTAssertEqual(checkout.receive(.updated(snapshot("10"))).events, [], "what the preload said counts as seen")
        XCTAssertEqual(checkout.receive(.updated(snapshot("11"))).events, [.updated(snapshot("11"))])
    }

    func testRequestsAreDeliveredAndClosingIsDismiss() {
        var checkout = lifecycle()
        let request = CheckoutRequest(kind: .submit, id: "7", sessionId: "s")
        XCTAssertEqual(checkout.receive(.request(request)).events, [.requested(request)])
        XCTAssertEqual(checkout.receive(.ready(id: "1", offered: [])).events, [])
        XCTAssertEqual(checkout.close(), .init(events: [.dismissed(afterCompletion: false)], directive: .dismiss))
    }
}
