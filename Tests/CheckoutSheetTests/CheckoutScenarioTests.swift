import Storefront
import XCTest
@testable import CheckoutSheet

/// The exact event sequence of every `checkout-demo` scenario, on the in-memory store.
final class CheckoutScenarioTests: XCTestCase {
    private static let walk = [
        "pixel:page_viewed", "pixel:checkout_started",
        "pixel:checkout_contact_info_submitted", "pixel:page_viewed",
        "pixel:checkout_address_info_submitted", "pixel:page_viewed",
        "pixel:checkout_shipping_info_submitted", "pixel:page_viewed",
        "pixel:payment_info_submitted", "pixel:page_viewed",
    ]
    private static let paid = walk + ["complete:full", "pixel:page_viewed", "pixel:checkout_completed"]
    private static let recovered = ["recovery", "complete:recovery", "cancel:true"]

    private static let expected: [String: [String]] = [
        "complete": paid,
        "cancel": Array(walk.prefix(6)) + ["cancel:false"],
        "cancel-after-complete": paid + ["cancel:true"],
        "decline": walk + ["pixel:page_viewed", "cancel:false"],
        "decline-then-complete": walk + ["pixel:page_viewed", "pixel:payment_info_submitted", "pixel:page_viewed",
                                         "complete:full", "pixel:page_viewed", "pixel:checkout_completed"],
        "double-submit": paid,
        "expired": ["fail:checkoutExpired:cart_expired"],
        "expired-410": ["fail:checkoutExpired:cart_expired"],
        "already-completed": ["fail:checkoutExpired:cart_completed"],
        "unavailable": ["fail:checkoutUnavailable:503"] + recovered,
        "unrecoverable": ["fail:checkoutUnavailable:403"],
        "not-found": ["fail:checkoutUnavailable:404"],
        "offline": ["fail:sdkError:unknown"] + recovered,
        "gateway-error": walk + ["fail:checkoutUnavailable:502"] + recovered,
        "password-protected": ["fail:configurationError:storefront_password_required"],
        "multipass-unavailable": ["fail:checkoutUnavailable:503"],
        "preload-hit": paid,
        "flash-sale": paid,
        "slow-load": paid,
        "link-click": ["pixel:page_viewed", "pixel:checkout_started", "link:https://aurora.example/policies/refund-policy",
                       "link:mailto:help@aurora.example", "cancel:false"],
    ]

    func testEveryScenarioIsPinned() {
        XCTAssertEqual(Set(CheckoutScenario.all.map(\.name)), Set(Self.expected.keys))
        XCTAssertEqual(CheckoutScenario.all.count, Set(CheckoutScenario.all.map(\.name)).count, "names are unique")
        for required in ["complete", "cancel", "cancel-after-complete", "decline-then-complete", "expired", "already-completed",
                         "unavailable", "unrecoverable", "offline", "preload-hit", "link-click"] {
            XCTAssertNotNil(CheckoutScenario.named(required), required)
        }
    }

    func testEventSequences() async throws {
        for scenario in CheckoutScenario.all {
            let run = try await ScenarioRun.run(scenario.name)
            XCTAssertEqual(run.summary, Self.expected[scenario.name], scenario.name)
            XCTAssertEqual(run.lines, run.events.map(CheckoutEventLine.encode), scenario.name)
        }
    }

    func testFailureAndRecoveryLinesExactly() async throws {
        let run = try await ScenarioRun.run("unavailable")
        XCTAssertEqual(run.lines, [
            #"{"event":"fail","error":{"type":"checkoutUnavailable","message":"Service Unavailable","code":"unknown","statusCode":503,"recoverable":true}}"#,
            #"{"event":"recovery"}"#,
            #"{"event":"complete","orderId":"5550001001","decoded":"recovery","orderDetails":{"id":"5550001001","deliveries":[],"paymentMethods":[]}}"#,
            #"{"event":"cancel","afterCompletion":true}"#,
        ])
        let expired = try await ScenarioRun.run("already-completed")
        XCTAssertEqual(expired.lines, [
            #"{"event":"fail","error":{"type":"checkoutExpired","message":"Checkout already completed","code":"cart_completed","statusCode":null,"recoverable":false}}"#,
        ])
        XCTAssertEqual(expired.backend.state.withLock { $0.orders.count }, 1, "paid once, earlier")
    }

    func testLinkClickLinesExactly() async throws {
        let run = try await ScenarioRun.run("link-click")
        XCTAssertEqual(run.lines.first,
                       #"{"event":"pixel","type":"standard","name":"page_viewed","id":"sh-910a2dec-8902-5cc1-beeb-8da1658eec67","timestamp":"2025-06-02T09:30:00.000Z","data":null}"#)
        XCTAssertEqual(Array(run.lines.suffix(3)), [
            #"{"event":"linkClick","url":"https://aurora.example/policies/refund-policy"}"#,
            #"{"event":"linkClick","url":"mailto:help@aurora.example"}"#,
            #"{"event":"cancel","afterCompletion":false}"#,
        ])
    }

    func testTheSameSeedGivesTheSameOutput() async throws {
        let first = try await ScenarioRun.run("decline-then-complete", seed: 42)
        let second = try await ScenarioRun.run("decline-then-complete", seed: 42)
        XCTAssertEqual(first.lines, second.lines)
        let other = try await ScenarioRun.run("decline-then-complete", seed: 43)
        XCTAssertNotEqual(first.lines, other.lines, "ids follow the seed")
        XCTAssertEqual(first.summary, other.summary)
    }

    func testDoubleSubmitPlacesOneOrder() async throws {
        let backend = InMemoryCheckoutBackend()
        backend.state.withLock { $0.placeOrderYields = 10 }
        let run = try await ScenarioRun.run("double-submit", backend: backend)
        XCTAssertEqual(backend.state.withLock { $0.placeOrderCalls }, 1)
        XCTAssertEqual(run.summary.filter { $0.hasPrefix("complete") }.count, 1)
    }

    func testAPreloadHitStartsPixelsAtPresentWithPreloadTimes() async throws {
        let run = try await ScenarioRun.run("preload-hit")
        guard case .pixel(let first)? = run.events.first else { return XCTFail("no pixel") }
        XCTAssertEqual(first.timestamp, "2025-06-02T09:30:00.000Z", "viewed during the preload, 20 s before present")
        XCTAssertTrue(run.logs.contains("presenting the preloaded checkout"))
        let loads = run.signals.filter { if case .response = $0 { return true }; return false }
        XCTAssertEqual(loads.count, 1, "one load, the preload")
    }

    func testAFlashSaleRefusesThePreloadThenQueues() async throws {
        let run = try await ScenarioRun.run("flash-sale")
        XCTAssertTrue(run.logs.contains("preload cache cleared: preload answered HTTP 429"))
        XCTAssertTrue(run.signals.contains(.response(url: Fixtures.checkoutURL(), statusCode: 429)))
    }

    func testADeclineIsInlineOnTheDemoToo() async throws {
        let run = try await ScenarioRun.run("decline")
        let notices = run.signals.compactMap { signal -> String? in
            if case .page(let page) = signal { return page.notice }
            return nil
        }
        XCTAssertTrue(notices.contains("Your card was declined. Try a different card."))
        XCTAssertFalse(run.summary.contains { $0.hasPrefix("fail") })
        XCTAssertEqual(run.backend.state.withLock { $0.orders.count }, 0)
    }
}

extension CheckoutScenarioTests {
    /// Whatever country the shop or buyer is in, the scripted buyer has an address the page accepts.
    func testTheScriptedBuyerHasAnAddressForEveryCountryShippedTo() {
        for country in ShippingCountry.all {
            let address = ScriptedBuyer.sampleAddress(country.code)
            XCTAssertNotNil(address, country.code)
            XCTAssertNil(CheckoutValidation.postalCode(address?["postalCode"] ?? "", country: country.code), country.code)
        }
    }
}
