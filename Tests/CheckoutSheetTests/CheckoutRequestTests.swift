import Synchronization
import XCTest
@testable import CheckoutSheet

/// Requests of protocol 2025-10 at the sheet: sent to the delegate only when declared, answered
/// with a change or errors, and failed on the page when no answer comes before the deadline.
final class CheckoutRequestTests: XCTestCase {
    /// A sleep that returns only when the test opens it: the deadline passes when the test says so.
    actor Gate {
        private var isOpen = false
        private var waiting: [CheckedContinuation<Void, Never>] = []
        func wait() async {
            if isOpen { return }
            await withCheckedContinuation { waiting.append($0) }
        }
        func open() {
            isOpen = true
            waiting.forEach { $0.resume() }
            waiting = []
        }
    }

    /// Records the 2025-10 calls; answers at once when `immediate` says so, else keeps the reply.
    final class AnsweringDelegate: CheckoutDelegate {
        let immediate: CheckoutRequestAnswer?
        let calls = Mutex<[String]>([])
        let replies = Mutex<[CheckoutRequestReply]>([])
        init(immediate: CheckoutRequestAnswer? = nil) { self.immediate = immediate }
        var recorded: [String] { calls.withLock { $0 } }
        var lastReply: CheckoutRequestReply? { replies.withLock { $0.last } }
        func checkoutDidRequest(_ request: CheckoutRequest, reply: CheckoutRequestReply) {
            calls.withLock { $0.append("request \(request.eventName) \(request.id)") }
            replies.withLock { $0.append(reply) }
            if let immediate { reply.send(immediate) }
        }
        func checkoutDidEndRequest(_ outcome: CheckoutRequestOutcome) {
            calls.withLock { $0.append("end \(outcome.request.id) \(outcome.result.rawValue) \(outcome.message ?? "-")") }
        }
        func checkoutDidStart(event: CheckoutStartEvent) { calls.withLock { $0.append("start") } }
        func checkoutDidDismiss(afterCompletion: Bool) { calls.withLock { $0.append("dismiss \(afterCompletion)") } }
        func checkoutDidComplete(event: CheckoutCompletedEvent) { calls.withLock { $0.append("complete \(event.orderId)") } }
    }

    private struct Setup {
        let views = FakeWebViews()
        let gate = Gate()
        let sheet: CheckoutSheet
        let logs = Locked<[String]>([])
        /// Each deadline the sheet waited out.
        let slept = Locked<[Duration]>([])
        init(delegations: Set<CheckoutDelegation>) {
            self.init(configuration: CheckoutConfiguration(logLevel: .all, protocolVersion: .embedded202510,
                                                           delegations: delegations, requestDeadline: .seconds(5)))
        }
        init(configuration: CheckoutConfiguration) {
            let gate = self.gate, logs = self.logs, slept = self.slept
            sheet = CheckoutSheet(configuration: configuration, webViews: views,
                                  sleep: { slept.append($0); await gate.wait() }, log: { logs.append($0.message) })
        }
        var view: FakeWebView { views.views[0] }
        func page(_ message: String) async { await view.emit(.bridgeMessage(message)) }
    }

    private let submit = #"{"jsonrpc":"2.0","id":"s-1","method":"ec.payment.credential_request","params":{"sessionId":"tok"}}"#
    private let address = #"{"jsonrpc":"2.0","id":"a-1","method":"checkout.addressChangeStart","params":{"addressType":"shipping"}}"#

    private func present(_ setup: Setup, _ delegate: AnsweringDelegate) async -> AsyncStream<CheckoutSheetUpdate> {
        let stream = await setup.sheet.present(checkoutURL: Fixtures.checkoutURL(), delegate: delegate)
        // The page loads (the sheet's own task) before it says it is ready, as a real one does.
        await setup.sheet.settle()
        await setup.page(#"{"jsonrpc":"2.0","id":"ready-1","method":"ec.ready","params":{"delegate":["fulfillment.address_change","payment.credential","payment.instruments_change"]}}"#)
        return stream
    }

    /// Reads the stream until the request has ended.
    private func waitForAnswer(_ stream: AsyncStream<CheckoutSheetUpdate>) async -> CheckoutRequestOutcome? {
        for await update in stream {
            if case .event(.answered(let outcome)) = update { return outcome }
        }
        return nil
    }

    func testTheHandshakeAcceptsWhatWasDeclaredOfWhatIsOffered() async throws {
        let setup = Setup(delegations: [.submit])
        _ = await present(setup, AnsweringDelegate())
        let hostMessages = await setup.view.hostMessages
        XCTAssertEqual(hostMessages.last, #"{"jsonrpc":"2.0","id":"ready-1","result":{"delegate":["payment.credential"]}}"#)
        let requests = await setup.view.requests
        let requestURL = try XCTUnwrap(requests.first?.url)
        XCTAssertEqual(requestURL, Fixtures.checkoutURL() + "&embed=protocol%3D2025-10%3Bdelegate%3Dpayment.credential")
    }

    func testAnAnswerGivenLaterGoesBackToThePage() async throws {
        let setup = Setup(delegations: [.addressChange])
        let delegate = AnsweringDelegate()
        let stream = await present(setup, delegate)
        await setup.page(address)
        XCTAssertEqual(delegate.recorded, ["request addressChangeStart a-1"])
        let reply = try XCTUnwrap(delegate.lastReply)
        Task { reply.send(.address(CheckoutScenario.savedAddress)) }
        let outcome = await waitForAnswer(stream)
        XCTAssertEqual(outcome, CheckoutRequestOutcome(request: CheckoutRequest(kind: .addressChange, id: "a-1", addressType: "shipping"),
                                                       result: .answered))
        await setup.gate.open()
        await setup.sheet.settle()
        XCTAssertEqual(delegate.recorded, ["request addressChangeStart a-1", "end a-1 answered -"], "the deadline changes nothing now")
        let hostMessages = await setup.view.hostMessages
        XCTAssertEqual(hostMessages.last,
                       #"{"jsonrpc":"2.0","id":"a-1","result":{"address":{"firstName":"Ada","lastName":"Lovelace","address1":"12 St James's Square","city":"London","countryCode":"GB","postalCode":"SW1Y 4JH"}}}"#)
    }

    func testErrorsGoBackAsAJSONRPCError() async throws {
        let setup = Setup(delegations: [.submit])
        let delegate = AnsweringDelegate(immediate: .errors(["Card\u{1B}[2J on hold", "Try later"]))
        _ = await present(setup, delegate)
        await setup.page(submit)
        XCTAssertEqual(delegate.recorded, ["request submitStart s-1", "end s-1 error Card on hold; Try later"])
        let hostMessages = await setup.view.hostMessages
        XCTAssertEqual(hostMessages.last,
                       #"{"jsonrpc":"2.0","id":"s-1","error":{"code":-32000,"message":"Card on hold; Try later"}}"#)
    }

    func testNoAnswerBeforeTheDeadlineFailsTheStepNotTheCheckout() async throws {
        let setup = Setup(delegations: [.submit])
        let delegate = AnsweringDelegate()
        _ = await present(setup, delegate)
        await setup.page(submit)
        await setup.gate.open()
        await setup.sheet.settle()
        XCTAssertEqual(delegate.recorded, ["request submitStart s-1",
                                           "end s-1 timeout The app did not answer submitStart within 5 s."])
        let hostMessages = await setup.view.hostMessages
        XCTAssertEqual(hostMessages.last,
                       #"{"jsonrpc":"2.0","id":"s-1","error":{"code":-32001,"message":"The app did not answer submitStart within 5 s."}}"#)
        let presented = await setup.sheet.isPresented
        XCTAssertTrue(presented, "the sheet is still up")
        // An answer after the deadline is dropped: nothing more reaches the page.
        delegate.lastReply?.send(.proceed)
        let count = await setup.view.hostMessages.count
        await setup.page(#"{"jsonrpc":"2.0","method":"ec.start","params":{"cart":{"id":"c1"}}}"#)
        let after = await setup.view.hostMessages.count
        XCTAssertEqual(after, count)
    }

    /// In the app a person answers: picking a saved address or typing one takes minutes, so the
    /// page waits 5 of them, and says so in minutes when they pass.
    func testAPersonAnsweringGetsMinutesNotSeconds() async throws {
        let configuration = CheckoutConfiguration.answeredByAPerson(protocolVersion: .embedded202510)
        XCTAssertEqual(configuration.delegations, [.addressChange, .paymentMethodChange])
        XCTAssertEqual(CheckoutConfiguration.answeredByAPerson(protocolVersion: .bridge81).delegations, [])
        let setup = Setup(configuration: configuration)
        let delegate = AnsweringDelegate()
        _ = await present(setup, delegate)
        await setup.page(address)
        await setup.gate.open()
        await setup.sheet.settle()
        XCTAssertEqual(setup.slept.value, [.seconds(300)])
        XCTAssertEqual(delegate.recorded, ["request addressChangeStart a-1",
                                           "end a-1 timeout The app did not answer addressChangeStart within 5 min."])
    }

    func testADeadlineIsWordedInMinutesAndSeconds() {
        XCTAssertEqual(CheckoutConfiguration.words(.seconds(10)), "10 s")
        XCTAssertEqual(CheckoutConfiguration.words(.seconds(60)), "1 min")
        XCTAssertEqual(CheckoutConfiguration.words(.seconds(90)), "1 min 30 s")
        XCTAssertEqual(CheckoutConfiguration.words(.seconds(300)), "5 min")
    }

    func testARequestThatWasNotDeclaredIsRefusedWithoutAsking() async throws {
        let setup = Setup(delegations: [.addressChange])
        let delegate = AnsweringDelegate(immediate: .proceed)
        _ = await present(setup, delegate)
        await setup.page(submit)
        XCTAssertEqual(delegate.recorded, [])
        let hostMessages = await setup.view.hostMessages
        XCTAssertEqual(hostMessages.last,
                       #"{"jsonrpc":"2.0","id":"s-1","error":{"code":-32601,"message":"payment.credential is not delegated"}}"#)
        XCTAssertTrue(setup.logs.value.contains("submitStart refused: the host did not declare payment.credential"))
    }

    /// Not deduplicated in 2025-10: both completes reach the delegate; the store placed one order.
    func testDuplicateCompletesBothReachTheDelegate() async throws {
        let setup = Setup(delegations: [])
        let delegate = AnsweringDelegate()
        _ = await present(setup, delegate)
        let complete = #"{"jsonrpc":"2.0","method":"ec.complete","params":{"orderConfirmation":{"order":{"id":"1001"}},"cart":{"id":"c1"}}}"#
        await setup.page(complete)
        await setup.page(complete)
        await setup.sheet.dismiss()
        XCTAssertEqual(delegate.recorded, ["complete 1001", "complete 1001", "dismiss true"])
    }
}
