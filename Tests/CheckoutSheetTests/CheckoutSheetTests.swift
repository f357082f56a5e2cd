import Foundation
import XCTest
@testable import CheckoutSheet

final class CheckoutSheetTests: XCTestCase {
    private let url = Fixtures.checkoutURL()

    private func makeSheet(_ views: FakeWebViews, clock: DemoTime = DemoTime(),
                           logs: Locked<[String]>? = nil) -> CheckoutSheet {
        CheckoutSheet(configuration: CheckoutConfiguration(logLevel: .all), webViews: views, now: { clock.now() },
                      log: { entry in logs?.append(entry.message) })
    }

    private static func pixel(_ name: String) -> String {
        BridgeEnvelope.webPixel(PixelEvent(kind: .standard, name: name, id: name, timestamp: "t"))
    }

    // MARK: Stream and delegate

    func testTheStreamCarriesTheDelegatesEventsInOrderThenDismissed() async throws {
        let h = SheetHarness()
        let stream = await h.present()
        await h.send(.openLink(url: "mailto:help@aurora.example"))
        await h.sheet.dismiss()
        let updates = await SheetHarness.collect(stream)
        let streamEvents = updates.compactMap { if case .event(let e) = $0 { return e }; return nil }
        XCTAssertEqual(streamEvents, h.events)
        XCTAssertEqual(h.summary, ["pixel:page_viewed", "pixel:checkout_started", "link:mailto:help@aurora.example", "cancel:false"])
        XCTAssertEqual(updates.first, .page(.loading))
        XCTAssertEqual(updates.last, .dismissed)
        XCTAssertEqual(h.delegate.recordedCalls.last, "cancel(afterCompletion: false)")
    }

    /// One `settled` for the load and one per input, each after every update the page made for it:
    /// the contact step's submit is followed by the delivery page and its pixels, then its `settled`.
    func testEachLoadAndInputEndsWithOneSettledAfterItsUpdates() async throws {
        let h = SheetHarness()
        let stream = await h.present()
        await h.send(.submit)
        await h.send(.insert("x"))
        await h.sheet.dismiss()
        let updates = await SheetHarness.collect(stream)
        let settled = updates.indices.filter { updates[$0] == .settled }
        XCTAssertEqual(settled.count, 3, "\(updates)")
        // The load: its page and its two pixels come before the first.
        let pixels = { (range: Range<Int>) in updates[range].compactMap { update -> String? in
            if case .event(.pixel(let pixel)) = update { return pixel.name }; return nil } }
        XCTAssertEqual(pixels(0..<settled[0]), ["page_viewed", "checkout_started"])
        // The submit: the delivery page, then its pixels, then its settled; nothing of it after.
        let submit = settled[0]..<settled[1]
        XCTAssertTrue(updates[submit].contains { if case .page(let page) = $0 { return page.step == .delivery }; return false })
        XCTAssertEqual(pixels(submit), ["checkout_contact_info_submitted", "page_viewed"])
        XCTAssertEqual(pixels(settled[1]..<updates.count), [])
    }

    func testInputWithoutASheetIsIgnored() async {
        let views = FakeWebViews()
        let sheet = makeSheet(views)
        await sheet.send(.submit)
        await sheet.dismiss()
        let presented = await sheet.isPresented
        XCTAssertFalse(presented)
        XCTAssertEqual(views.views.count, 0)
    }

    func testPresentingAgainClosesTheFirstSheet() async throws {
        let views = FakeWebViews()
        let sheet = makeSheet(views)
        let delegate = RecordingDelegate()
        let first = await sheet.present(checkoutURL: url, delegate: delegate)
        await sheet.settle()
        _ = await sheet.present(checkoutURL: url, delegate: delegate)
        await sheet.settle()
        let updates = await SheetHarness.collect(first)
        XCTAssertEqual(Array(updates.suffix(2)), [.event(.canceled(afterCompletion: false)), .dismissed])
        XCTAssertEqual(views.views.count, 2)
    }

    // MARK: Pixels only after presented; bad messages never fail the checkout

    func testPixelsFlowOnlyAfterThePresentedMessage() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        XCTAssertEqual(h.bridgeMessages, [], "the page holds its pixels while preloaded")
        await h.present()
        XCTAssertEqual(h.summary, ["pixel:page_viewed", "pixel:checkout_started"])
        guard case .pixel(let viewed) = h.events[0] else { return XCTFail("no pixel") }
        XCTAssertEqual(viewed.timestamp, "2025-06-02T09:30:00.000Z", "stamped when the page was viewed, during the preload")
    }

    func testTheHostDropsPixelsOfAPageThatIsNotPresented() async throws {
        let logs = Locked<[String]>([])
        let views = FakeWebViews { request in FakeWebViews.ready + [.bridgeMessage(Self.pixel("early"))] }
        let sheet = makeSheet(views, logs: logs)
        await sheet.preload(checkoutURL: url)
        let delegate = RecordingDelegate()
        _ = await sheet.present(checkoutURL: url, delegate: delegate)
        await sheet.settle()
        await views.views[0].emit(.bridgeMessage(Self.pixel("late")))
        XCTAssertEqual(delegate.recordedEvents.map(ScenarioRun.describe), ["pixel:late"])
        XCTAssertTrue(logs.value.contains("pixel event early before the sheet was presented dropped"))
        let hostMessages = await views.views[0].hostMessages
        XCTAssertEqual(hostMessages, [#"{"name":"presented"}"#])
    }

    func testMalformedAndUnknownMessagesAreReportedAndDropped() async throws {
        let logs = Locked<[String]>([])
        let views = FakeWebViews()
        let sheet = makeSheet(views, logs: logs)
        let delegate = RecordingDelegate()
        _ = await sheet.present(checkoutURL: url, delegate: delegate)
        await sheet.settle()
        let view = views.views[0]
        await view.emit(.bridgeMessage(#"{"name":"webPixels","body":"{\"event\":{\"name\":\"no_type\"}}"}"#))
        await view.emit(.bridgeMessage("garbage"))
        await view.emit(.bridgeMessage(#"{"name":"somethingNew","body":"{}"}"#))
        await view.emit(.bridgeMessage(BridgeEnvelope.checkoutBlocking(true)))
        await view.emit(.bridgeMessage(Self.pixel("fine")))
        XCTAssertEqual(delegate.recordedEvents.map(ScenarioRun.describe), ["pixel:fine"])
        let presented = await sheet.isPresented
        XCTAssertTrue(presented, "nothing failed the checkout")
        let dropped = logs.value.filter { $0.hasPrefix("bridge message dropped") }
        XCTAssertEqual(dropped.count, 3)
    }

    func testLogLevelFiltersAndLogsNameNoBodies() async throws {
        let quiet = SheetHarness(configuration: CheckoutConfiguration(logLevel: .none))
        await quiet.present()
        await quiet.walkToReview()
        XCTAssertEqual(quiet.logs, [])

        let errors = SheetHarness(faults: CheckoutFaults(loads: [.httpStatus(403)]), configuration: CheckoutConfiguration(logLevel: .error))
        await errors.present()
        XCTAssertEqual(errors.logs, ["checkout failed: checkoutUnavailable Forbidden"])

        let all = SheetHarness()
        await all.present()
        await all.walkToReview()
        await all.send(.submit)
        XCTAssertTrue(all.logs.contains("bridge message webPixels standard checkout_started"))
        XCTAssertFalse(all.logs.contains { $0.contains("ada.lovelace") || $0.contains("Fifth Avenue") }, "no buyer data in logs")
    }

    // MARK: Preload cache

    func testAPreloadedPresentIsReadyAtOnce() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        let stream = await h.sheet.present(checkoutURL: h.url, delegate: h.delegate)
        let current = await h.sheet.currentPage
        XCTAssertEqual(current?.step, .contact, "no loading wait")
        await h.sheet.settle()
        await h.sheet.dismiss()
        let updates = await SheetHarness.collect(stream)
        guard case .page(let first)? = updates.first else { return XCTFail("no page") }
        XCTAssertEqual(first.step, .contact)
        XCTAssertFalse(updates.contains(.page(.loading)))
        let requests = await h.server.requests
        XCTAssertEqual(requests.map(\.purpose), [.prefetch])
    }

    func testThePreloadLastsFiveMinutes() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        await h.clock.pass(.seconds(299))
        var cached = await h.sheet.preloadedURL()
        XCTAssertEqual(cached, h.url)
        await h.present()
        await h.sheet.dismiss()
        var requests = await h.server.requests
        XCTAssertEqual(requests.count, 1, "a hit at 4:59")

        let late = SheetHarness()
        await late.sheet.preload(checkoutURL: late.url)
        await late.clock.pass(.seconds(300))
        cached = await late.sheet.preloadedURL()
        XCTAssertNil(cached)
        await late.present()
        requests = await late.server.requests
        XCTAssertEqual(requests.map(\.purpose), [.prefetch, .navigation], "a miss at 5:00 loads again")
    }

    func testPreloadingTheSameURLAgainReloadsIt() async throws {
        let views = FakeWebViews()
        let sheet = makeSheet(views)
        await sheet.preload(checkoutURL: url)
        await sheet.preload(checkoutURL: url)
        XCTAssertEqual(views.views.count, 2)
        let firstStopped = await views.views[0].stopped
        XCTAssertTrue(firstStopped)
        let secondRequests = await views.views[1].requests
        XCTAssertEqual(secondRequests, [CheckoutWebRequest(url: url, purpose: .prefetch)])
        _ = await sheet.present(checkoutURL: url, delegate: nil)
        await sheet.settle()
        XCTAssertEqual(views.views.count, 2, "present uses the reloaded view")
    }

    func testAConfigurationChangeClearsTheCache() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        await h.sheet.configure(CheckoutConfiguration(logLevel: .all))
        var cached = await h.sheet.preloadedURL()
        XCTAssertEqual(cached, h.url, "the same configuration changes nothing")
        await h.sheet.configure { $0.title = "Paiement" }
        cached = await h.sheet.preloadedURL()
        XCTAssertNil(cached)
        let title = await h.sheet.configuration().title
        XCTAssertEqual(title, "Paiement")
    }

    func testAnHTTPErrorClearsTheCache() async throws {
        for status in [401, 404, 410, 429, 500, 503] {
            let h = SheetHarness(faults: CheckoutFaults(loads: [.httpStatus(status)]))
            await h.sheet.preload(checkoutURL: h.url)
            let cached = await h.sheet.preloadedURL()
            XCTAssertNil(cached, "HTTP \(status)")
            XCTAssertEqual(h.events, [], "a failed preload has no audience")
        }
        let offline = SheetHarness(faults: CheckoutFaults(loads: [.offline]))
        await offline.sheet.preload(checkoutURL: offline.url)
        let cached = await offline.sheet.preloadedURL()
        XCTAssertNil(cached)
    }

    func testAFailureClearsTheCache() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        await h.present()
        await h.walkToReview(card: TestCards.gatewayError)
        var cached = await h.sheet.preloadedURL()
        XCTAssertEqual(cached, h.url)
        await h.send(.submit)
        cached = await h.sheet.preloadedURL()
        XCTAssertNil(cached)

        let expired = SheetHarness(faults: CheckoutFaults(cartState: .expired))
        await expired.sheet.preload(checkoutURL: expired.url)
        cached = await expired.sheet.preloadedURL()
        XCTAssertNil(cached, "an error message during the preload clears it too")
    }

    func testACompletionClearsTheCache() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        await h.present()
        await h.walkToReview()
        await h.send(.submit)
        let cached = await h.sheet.preloadedURL()
        XCTAssertNil(cached)
        let hPage = await h.page()
        XCTAssertEqual(hPage?.step, .thankYou, "the page on screen stays")
    }

    func testCancelKeepsAPreloadedCheckout() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        await h.present()
        await h.send(.submit)
        await h.sheet.dismiss()
        let cached = await h.sheet.preloadedURL()
        XCTAssertEqual(cached, h.url)
        await h.present()
        let hPage = await h.page()
        XCTAssertEqual(hPage?.step, .delivery, "reopened where the buyer left")
        let requests = await h.server.requests
        XCTAssertEqual(requests.count, 1)
    }

    func testCancelClearsACheckoutTheAppNeverPreloaded() async throws {
        let h = SheetHarness()
        await h.present()
        var cached = await h.sheet.preloadedURL()
        XCTAssertEqual(cached, h.url, "present keeps its page in the slot meanwhile")
        await h.sheet.dismiss()
        cached = await h.sheet.preloadedURL()
        XCTAssertNil(cached)
        await h.present()
        let requests = await h.server.requests
        XCTAssertEqual(requests.map(\.purpose), [.navigation, .navigation])
    }

    func testDisabledPreloadingIsANoOp() async throws {
        let h = SheetHarness(configuration: CheckoutConfiguration(preloading: .init(enabled: false), logLevel: .all))
        await h.sheet.preload(checkoutURL: h.url)
        let cached = await h.sheet.preloadedURL()
        XCTAssertNil(cached)
        var requests = await h.server.requests
        XCTAssertEqual(requests, [])
        await h.present()
        await h.sheet.dismiss()
        await h.present()
        requests = await h.server.requests
        XCTAssertEqual(requests.count, 2)
    }

    func testInvalidateDropsThePreload() async throws {
        let h = SheetHarness()
        await h.sheet.preload(checkoutURL: h.url)
        await h.sheet.invalidate()
        let cached = await h.sheet.preloadedURL()
        XCTAssertNil(cached)
    }

    // MARK: Recovery limits

    func testRecoveryIsTriedOncePerSession() async throws {
        let views = FakeWebViews { _ in [.response(url: "u", statusCode: 503)] }
        let sheet = makeSheet(views)
        let delegate = RecordingDelegate()
        let stream = await sheet.present(checkoutURL: url, delegate: delegate)
        await sheet.settle()
        XCTAssertEqual(delegate.recordedCalls, ["fail", "shouldRecover", "recovery", "fail"])
        XCTAssertEqual(delegate.recordedEvents.map(ScenarioRun.describe),
                       ["fail:checkoutUnavailable:503", "recovery", "fail:checkoutUnavailable:503"])
        XCTAssertEqual(views.views.count, 2)
        let recoveryRequests = await views.views[1].requests
        XCTAssertEqual(recoveryRequests, [CheckoutWebRequest(url: url, bridgeEnabled: false)])
        let updates = await SheetHarness.collect(stream)
        XCTAssertEqual(updates.last, .dismissed)
    }

    func testAMultipassURLIsNeverRecovered() async throws {
        let views = FakeWebViews { _ in [.response(url: "u", statusCode: 503)] }
        let sheet = makeSheet(views)
        let delegate = RecordingDelegate()
        _ = await sheet.present(checkoutURL: "https://aurora.example/account/login/multipass/t0k3n", delegate: delegate)
        await sheet.settle()
        XCTAssertEqual(delegate.recordedCalls, ["fail"])
        XCTAssertEqual(views.views.count, 1)
        let presented = await sheet.isPresented
        XCTAssertFalse(presented)
    }

    func testNoFailureOrRecoveryAfterACompletion() async throws {
        let views = FakeWebViews()
        let sheet = makeSheet(views)
        let delegate = RecordingDelegate()
        let stream = await sheet.present(checkoutURL: url, delegate: delegate)
        await sheet.settle()
        let view = views.views[0]
        await view.emit(.bridgeMessage(BridgeEnvelope.completed(OrderDetails(id: "1", cart: .init(lines: [], price: .init(), token: nil)))))
        await view.emit(.bridgeMessage(BridgeEnvelope.completed(OrderDetails(id: "2"))))
        await view.emit(.response(url: url, statusCode: 500))
        await view.emit(.bridgeMessage(BridgeEnvelope.error(group: "expired", code: "cart_expired", reason: nil)))
        await view.emit(.loadFailed(message: "offline"))
        await sheet.settle()
        XCTAssertEqual(delegate.recordedCalls, ["complete"])
        await sheet.dismiss()
        XCTAssertEqual(delegate.recordedCalls, ["complete", "cancel(afterCompletion: true)"])
        XCTAssertEqual(views.views.count, 1, "no recovery view")
        let updates = await SheetHarness.collect(stream)
        XCTAssertEqual(updates.filter { if case .event = $0 { return true }; return false }.count, 2)
    }

    func testTheAppCanDeclineRecovery() async throws {
        let h = SheetHarness(faults: CheckoutFaults(loads: [.httpStatus(503)]), recover: false)
        await h.present()
        XCTAssertEqual(h.delegate.recordedCalls, ["fail", "shouldRecover"])
        let presented = await h.sheet.isPresented
        XCTAssertFalse(presented)
    }

    func testTheAppCanRecoverWhatIsNotRecoverableByDefault() async throws {
        let h = SheetHarness(faults: CheckoutFaults(loads: [.httpStatus(404)]), recover: true)
        await h.present()
        XCTAssertEqual(h.summary, ["fail:checkoutUnavailable:404", "recovery"])
    }

    func testWithoutADelegateRecoveryFollowsTheError() async throws {
        let views = FakeWebViews { request in request.bridgeEnabled ? [.loadFailed(message: "offline")] : FakeWebViews.ready }
        let sheet = makeSheet(views)
        let stream = await sheet.present(checkoutURL: url)
        await sheet.settle()
        await views.views[1].emit(.navigated(url: "https://aurora.example/checkouts/cn/t/thank-you?order_id=77"))
        await sheet.dismiss()
        let events = await SheetHarness.collect(stream).compactMap { if case .event(let e) = $0 { return e }; return nil }
        XCTAssertEqual(events, [
            .failed(.sdkError(underlying: "offline")), .recoveryStarted,
            .completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: "77"), decoded: .recovery)),
            .canceled(afterCompletion: true),
        ])
    }

    func testHTTPStatusMapping() {
        XCTAssertEqual(CheckoutSheet.error(forHTTPStatus: 401),
                       .checkoutUnavailable(message: "Unauthorized", code: .httpError(statusCode: 401), recoverable: false))
        XCTAssertEqual(CheckoutSheet.error(forHTTPStatus: 410), .checkoutExpired(message: "Checkout has expired.", code: .cartExpired))
        XCTAssertTrue(CheckoutSheet.error(forHTTPStatus: 500).isRecoverable)
        XCTAssertTrue(CheckoutSheet.error(forHTTPStatus: 599).isRecoverable)
        XCTAssertFalse(CheckoutSheet.error(forHTTPStatus: 403).isRecoverable)
        XCTAssertFalse(CheckoutSheet.error(forHTTPStatus: 429).isRecoverable)
    }
}
