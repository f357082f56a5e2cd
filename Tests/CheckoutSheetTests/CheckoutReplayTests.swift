import Foundation
import XCTest
@testable import CheckoutSheet

final class CheckoutReplayTests: XCTestCase {
    private func replay(_ lines: [String], url: String = "") -> (output: [String], notes: [String]) {
        var output: [String] = [], notes: [String] = []
        CheckoutReplay.run(lines: lines, checkoutURL: url, output: { output.append($0) }, notes: { notes.append($0) })
        return (output, notes)
    }

    private func pixel(_ name: String) -> String {
        BridgeEnvelope.webPixel(PixelEvent(kind: .standard, name: name, id: "id-\(name)", timestamp: "t"))
    }

    func testBadLinesGetAnErrorNamingThemAndTheReplayGoesOn() {
        let result = replay([
            pixel("page_viewed"),
            "not json at all",
            "",
            #"{"name":"webPixels","body":"{\"event\":{\"name\":\"x\"}}"}"#,
            #"{"name":"completed","body":{"orderDetails":{"id":"1"}}}"#,
            #"{"name":"brandNew","body":"{}"}"#,
            pixel("checkout_started"),
        ])
        XCTAssertEqual(result.output, [
            #"{"event":"pixel","type":"standard","name":"page_viewed","id":"id-page_viewed","timestamp":"t","data":null}"#,
            #"{"event":"error","line":2,"message":"not JSON (expected null at offset 0)"}"#,
            #"{"event":"error","line":4,"message":"webPixels message: pixel event x has no type"}"#,
            #"{"event":"error","line":5,"message":"completed message: body must be a JSON-encoded string (protocol 8.1 encodes it twice)"}"#,
            #"{"event":"error","line":6,"message":"brandNew message: unknown message name, ignored"}"#,
            #"{"event":"pixel","type":"standard","name":"checkout_started","id":"id-checkout_started","timestamp":"t","data":null}"#,
        ])
    }

    func testLifecycleRulesApply() {
        let completed = BridgeEnvelope.completed(OrderDetails(id: "7", cart: .init(lines: [], price: .init(), token: "t")))
        let result = replay([
            completed,
            completed,
            BridgeEnvelope.error(group: "expired", code: "cart_expired", reason: nil),
            BridgeEnvelope.checkoutBlocking(true),
        ])
        XCTAssertEqual(result.output, [
            #"{"event":"complete","orderId":"7","decoded":"full","orderDetails":{"id":"7","cart":{"lines":[],"price":{"discounts":[]},"token":"t"},"deliveries":[],"paymentMethods":[]}}"#,
        ])
        XCTAssertEqual(result.notes, ["line 2: a second completion in the same session ignored (order 7)",
                                      "line 3: failure \"Checkout has expired.\" after completion ignored"])
    }

    func testAFailureEndsTheSessionAndRecoveryHasNoBridge() {
        let unrecoverable = replay([BridgeEnvelope.error(group: "unrecoverable", code: "invalid_cart", reason: "Cart is empty"),
                                    pixel("late")])
        XCTAssertEqual(unrecoverable.output, [
            #"{"event":"fail","error":{"type":"checkoutUnavailable","message":"Cart is empty","code":"invalid_cart","statusCode":null,"recoverable":false}}"#,
        ])
        XCTAssertEqual(unrecoverable.notes, ["line 1: no recovery: shouldRecoverFromError answered false",
                                             "line 2: the sheet is dismissed; pixel event late ignored"])
    }

    func testPartialCompletionsAreMarkedAndNoted() {
        let result = replay([#"{"name":"completed","body":"{\"orderDetails\":{\"id\":\"9\",\"email\":false}}"}"#])
        XCTAssertEqual(result.output, [
            #"{"event":"complete","orderId":"9","decoded":"partial","orderDetails":{"id":"9","deliveries":[],"paymentMethods":[]}}"#,
        ])
        XCTAssertEqual(result.notes, ["line 1: completed partly decoded: orderDetails.email: expected a string; orderDetails.cart: missing"])
    }

    /// A recorded demo run replays to the same pixel, completion and failure events: one decoder, one set of rules.
    func testReplayingARecordedRunGivesItsEvents() async throws {
        for name in ["complete", "decline-then-complete", "double-submit", "preload-hit", "expired", "already-completed",
                     "password-protected"] {
            let run = try await ScenarioRun.run(name)
            let recorded = run.signals.compactMap { signal -> String? in
                if case .bridgeMessage(let text) = signal { return text }
                return nil
            }
            let bridged = run.events.filter {
                switch $0 { case .pixel, .completed, .failed: return true; default: return false }
            }
            XCTAssertEqual(replay(recorded).output, bridged.map(CheckoutEventLine.encode), name)
        }
    }

    /// The example shipped in Assets replays as documented.
    func testTheExampleFileReplays() throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Assets/replay-example.jsonl")
        let text = try String(contentsOf: file, encoding: .utf8)
        let result = replay(text.components(separatedBy: "\n"))
        let kinds = result.output.map { line -> String in
            let json = try? JSONValue(parsing: line)
            let event = json?["event"]?.stringValue ?? "?"
            return event == "pixel" ? "pixel:\(json?["name"]?.stringValue ?? "?")" : event
        }
        XCTAssertEqual(kinds, [
            "pixel:page_viewed", "pixel:checkout_started", "pixel:loyalty_points_previewed", "error", "error",
            "pixel:checkout_contact_info_submitted", "pixel:page_viewed", "error", "complete", "pixel:page_viewed",
            "pixel:checkout_completed",
        ])
        let custom = try JSONValue(parsing: result.output[2])
        XCTAssertEqual(custom["customData"]?.stringValue,
                       #"{"points":12345678901234567890,"tier":null,"history":[[1,2],[],[null,{"x":0.10}]]}"#)
        XCTAssertEqual(result.notes, ["line 11: a second completion in the same session ignored (order 5550001001)"])
    }
}
