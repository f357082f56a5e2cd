import XCTest
@testable import CheckoutSheet

/// The exact event sequence of every `checkout-demo --protocol 2025-10` scenario, on the in-memory
/// store, and the replay of what each run recorded.
final class EmbeddedScenarioTests: XCTestCase {
    /// Delivery, shipping and payment each change the checkout; the contact step does not (the
    /// buyer's e-mail was in the cart already), so its update is suppressed.
    private static let walk = ["start", "update", "update", "update"]
    private static let recovered = ["recovery", "complete:recovery", "dismiss:true"]

    private static let expected: [String: [String]] = [
        "complete": walk + ["complete:full"],
        "cancel": ["start", "update", "dismiss:false"],
        // The declined card was vaulted (an update), then taken off (an update), then the second one.
        "decline-then-complete": walk + ["update", "update", "complete:full"],
        "expired": ["fail:checkoutExpired:cart_expired", "dismiss:false"],
        "already-completed": ["fail:checkoutExpired:cart_completed", "dismiss:false"],
        "unavailable": ["fail:checkoutUnavailable:503"] + recovered,
        "unrecoverable": ["fail:checkoutUnavailable:403", "dismiss:false"],
        "offline": ["fail:sdkError:unknown"] + recovered,
        // No start: it went by while the checkout was preloading.
        "preload-hit": ["update", "update", "update", "complete:full"],
        "address-change": ["start", "addressChangeStart", "answer:addressChangeStart:answered", "update", "update", "update",
                           "complete:full"],
        "payment-change": ["start", "update", "update", "paymentMethodChangeStart", "answer:paymentMethodChangeStart:answered",
                           "update", "complete:full"],
        "submit-timeout": walk + ["submitStart", "answer:submitStart:timeout", "dismiss:false"],
        "fail-before-start": ["fail:configurationError:storefront_password_required", "dismiss:false"],
    ]

    private func run(_ name: String, seed: UInt64 = 1) async throws -> ScenarioRun {
        try await ScenarioRun.run(name, seed: seed, protocolVersion: .embedded202510)
    }

    func testEveryScenarioIsPinned() {
        XCTAssertEqual(Set(CheckoutScenario.embedded.map(\.name)), Set(Self.expected.keys))
        XCTAssertEqual(CheckoutScenario.embedded.count, Self.expected.count, "names are unique")
        XCTAssertNil(CheckoutScenario.named("link-click", protocolVersion: .embedded202510), "pixels only: not in 2025-10")
        XCTAssertNil(CheckoutScenario.named("address-change"), "2025-10 only")
    }

    func testEventSequences() async throws {
        for scenario in CheckoutScenario.embedded {
            let run = try await run(scenario.name)
            XCTAssertEqual(run.summary, Self.expected[scenario.name], scenario.name)
            XCTAssertEqual(run.lines, run.events.map(CheckoutEventLine.encode), scenario.name)
            XCTAssertFalse(run.lines.contains { $0.contains(#""event":"pixel""#) }, "no pixels in 2025-10: \(scenario.name)")
            XCTAssertFalse(run.bridgeMessages.contains { $0.contains(#""name":"#) && !$0.contains("jsonrpc") },
                           "every message is JSON-RPC: \(scenario.name)")
        }
    }

    func testTheCheckoutURLAsksForTheProtocolAndTheDeclaredDelegations() async throws {
        let delegated = try await run("address-change")
        let ready = try XCTUnwrap(delegated.bridgeMessages.first)
        XCTAssertEqual(ready, #"{"jsonrpc":"2.0","id":"ready-1","method":"ec.ready","params":{"delegate":["fulfillment.address_change","payment.instruments_change","payment.credential"]}}"#)
        XCTAssertTrue(delegated.logs.contains("ready: delegating fulfillment.address_change"), "\(delegated.logs)")
        let complete = try await run("complete")
        XCTAssertTrue(complete.logs.contains("ready: delegating nothing"))
        XCTAssertFalse(complete.summary.contains { $0.hasSuffix("Start") }, "nothing declared: no requests")
    }

    func testCompletionLineCarriesTheOrderConfirmationAndTheCart() async throws {
        let run = try await run("complete")
        guard case .completed(let completed)? = run.events.last else { return XCTFail("no completion") }
        XCTAssertEqual(completed.orderId, "5550001001")
        XCTAssertEqual(completed.confirmation, OrderConfirmation(
            url: "https://aurora.example/checkouts/cn/\(SimulatedCheckoutServer.checkoutToken(cartId: "c1"))/thank-you?order_id=5550001001",
            number: "#1001", isFirstOrder: true))
        XCTAssertEqual(completed.orderDetails.email, "ada.lovelace@example.com")
        XCTAssertEqual(completed.cart?.cart["paymentMethod"], .object([("brand", .string("Visa")), ("lastFourDigits", .string("4242"))]))
        let line = try XCTUnwrap(run.lines.last)
        XCTAssertTrue(line.hasPrefix(#"{"event":"complete","orderId":"5550001001","decoded":"full","orderDetails":{"id":"5550001001","email":"ada.lovelace@example.com","deliveries":[],"paymentMethods":[]},"orderConfirmation":{"url":"https://aurora.example/checkouts/cn/"#), line)
    }

    func testTheHostsAddressAndCardReachThePage() async throws {
        let address = try await run("address-change")
        guard case .updated(let delivered) = address.events[3] else { return XCTFail("no update after delivery") }
        let group = delivered.cart["deliveryGroups"]?.arrayValue?.first
        XCTAssertEqual(group?["deliveryAddress"]?["address1"], .string("12 St James's Square"))
        XCTAssertEqual(group?["deliveryAddress"]?["countryCode"], .string("GB"))

        let payment = try await run("payment-change")
        guard case .updated(let paid) = payment.events[5] else { return XCTFail("no update after payment") }
        XCTAssertEqual(paid.cart["paymentMethod"]?["lastFourDigits"], .string("4242"))
        XCTAssertEqual(payment.backend.state.withLock { $0.orders.count }, 1)
    }

    /// The saved card the host hands over is typed into the page's form only: no event, line, log,
    /// message or page shows its number (the field is not focused, so it is masked).
    func testTheHostsCardNumberAppearsNowhere() async throws {
        let run = try await run("payment-change")
        let number = CheckoutScenario.savedCard.number
        let texts = run.lines + run.logs + run.bridgeMessages + run.signals.map { String(describing: $0) }
        for text in texts {
            XCTAssertFalse(text.contains(number) || text.contains(String(number.dropLast(4))), String(text.prefix(200)))
        }
        let masked = run.signals.contains { signal in
            if case .page(let page) = signal, page.step == .payment {
                return page.fields.contains { $0.id == "cardNumber" && $0.displayValue.hasSuffix("4242") }
            }
            return false
        }
        XCTAssertTrue(masked, "the payment step shows the card it was given, masked")
    }

    func testSubmitTimeoutSaysWhyAndPlacesNoOrder() async throws {
        let run = try await run("submit-timeout")
        XCTAssertEqual(Array(run.lines.suffix(2)), [
            #"{"event":"answer","request":"submitStart","id":"payment.credential-2","result":"timeout","message":"The app did not answer submitStart within 10 s."}"#,
            #"{"event":"dismiss","afterCompletion":false}"#,
        ])
        XCTAssertEqual(run.backend.state.withLock { $0.orders.count }, 0)
        let refused = run.signals.contains { signal in
            if case .page(let page) = signal {
                return page.step == .review
                    && page.notice == "Payment not confirmed: The app did not answer submitStart within 10 s. No charge was made."
            }
            return false
        }
        XCTAssertTrue(refused, "the review says why Pay now did nothing")
    }

    /// The host takes over the address or the card and never answers: the page asks for it itself,
    /// in whole sentences (the app's reason keeps one full stop).
    func testARequestTheHostNeverAnswersIsAskedForOnThePage() async throws {
        let cases: [(CheckoutDelegation, String)] = [
            (.addressChange, "Your address could not be taken from the app: The app did not answer addressChangeStart within 10 s. Enter it here."),
            (.paymentMethodChange,
             "Your payment method could not be taken from the app: The app did not answer paymentMethodChangeStart within 10 s. Enter a card here."),
        ]
        for (kind, expected) in cases {
            let scenario = CheckoutScenario(name: "unanswered", summary: "", plan: .init(closeOnNotice: true), delegations: [kind])
            let run = await ScenarioRun.run(scenario, protocolVersion: .embedded202510)
            let notices = run.signals.compactMap { signal -> String? in
                if case .page(let page) = signal { return page.notice }
                return nil
            }
            XCTAssertTrue(notices.contains(expected), "\(kind): \(notices)")
        }
    }

    func testTheSameSeedGivesTheSameOutput() async throws {
        let first = try await run("payment-change", seed: 42)
        let second = try await run("payment-change", seed: 42)
        XCTAssertEqual(first.lines, second.lines)
        XCTAssertEqual(first.bridgeMessages, second.bridgeMessages)
    }

    /// The recorded messages replay to the same events, except what only the host knows: the
    /// answers it gave, the buyer closing the sheet, HTTP failures and recovery.
    func testRecordedRunsReplayToTheSameEvents() async throws {
        for name in ["complete", "decline-then-complete", "address-change", "payment-change", "fail-before-start", "expired"] {
            let run = try await run(name)
            var replayed: [String] = []
            var notes: [String] = []
            CheckoutReplay.run(lines: run.bridgeMessages, checkoutURL: Fixtures.checkoutURL(),
                               output: { replayed.append($0) }, notes: { notes.append($0) })
            let hostOnly = run.lines.filter { $0.hasPrefix(#"{"event":"answer""#) }
            XCTAssertEqual(replayed, run.lines.filter { !hostOnly.contains($0) }, name)
            XCTAssertFalse(replayed.contains { $0.hasPrefix(#"{"event":"error""#) }, name)
        }
    }

    func testTheEightOneDemoIsUnchangedByTheNewProtocol() async throws {
        let run = try await ScenarioRun.run("complete")
        XCTAssertTrue(run.bridgeMessages.allSatisfy { !$0.contains("jsonrpc") })
        XCTAssertEqual(run.summary.first, "pixel:page_viewed")
    }
}
