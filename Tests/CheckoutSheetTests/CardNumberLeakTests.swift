import Foundation
import XCTest
@testable import CheckoutSheet

/// A card number typed into the checkout appears nowhere: not in an event, a JSON line, a log line,
/// a bridge message, a page, or what the store keeps. Only brand, last four digits and a vault token.
/// The one exception is the screen the buyer types it on: while the number field has the focus,
/// the page shows the digits (grouped), as every card form does; it is masked once focus leaves.
final class CardNumberLeakTests: XCTestCase {
    /// A page showing the number being typed: its own field has the focus.
    private static func isTypingTheNumber(_ page: CheckoutPage) -> Bool {
        page.step == .payment && page.focusedFieldID == "cardNumber"
    }

    private static func texts(_ signals: [CheckoutWebSignal]) -> [String] {
        signals.compactMap { signal in
            if case .page(let page) = signal, isTypingTheNumber(page) { return nil }
            return String(describing: signal)
        }
    }

    private static func texts(_ updates: [CheckoutSheetUpdate]) -> [String] {
        updates.compactMap { update in
            if case .page(let page) = update, isTypingTheNumber(page) { return nil }
            return String(describing: update)
        }
    }

    /// Every way the digits could be written: whole, grouped, and the hidden part alone.
    private func forbidden(_ number: String) -> [String] {
        let grouped = stride(from: 0, to: number.count, by: 4).map { i -> String in
            let start = number.index(number.startIndex, offsetBy: i)
            return String(number[start..<(number.index(start, offsetBy: 4, limitedBy: number.endIndex) ?? number.endIndex)])
        }.joined(separator: " ")
        return [number, grouped, String(number.dropLast(4))]
    }

    private func assertNoCardNumbers(in texts: [String], cards: [String], _ context: String,
                                     file: StaticString = #filePath, line: UInt = #line) {
        for text in texts {
            for card in cards {
                for needle in forbidden(card) where text.contains(needle) {
                    XCTFail("\(context): \(needle) found in \(text.prefix(200))", file: file, line: line)
                }
            }
        }
    }

    func testNoScenarioLeaksACardNumber() async throws {
        let cards = [TestCards.approved, TestCards.declined, TestCards.gatewayError]
        for scenario in CheckoutScenario.all {
            let run = try await ScenarioRun.run(scenario.name, logLevel: .all)
            let encoder = JSONEncoder()
            let stored = try run.backend.state.withLock { state in
                try state.orders.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            }
            let everything = run.lines + run.logs + Self.texts(run.signals)
                + run.events.map { String(describing: $0) } + stored
            XCTAssertFalse(everything.isEmpty)
            assertNoCardNumbers(in: everything, cards: cards, scenario.name)
        }
    }

    func testAnyCardIsKeptAsBrandAndLastFourOnly() async throws {
        let card = "5555555555554444"
        let h = SheetHarness()
        let stream = await h.present()
        await h.walkToReview(card: card)
        await h.send(.submit)
        await h.sheet.dismiss()
        let updates = await SheetHarness.collect(stream)
        let orders = try await h.backend.orders()
        let stored = try orders.map { String(decoding: try JSONEncoder().encode($0), as: UTF8.self) }
        XCTAssertEqual(orders.first?.draft.payment?.lastFourDigits, "4444")
        XCTAssertEqual(orders.first?.draft.payment?.brand, "Mastercard")
        let everything = Self.texts(updates) + h.logs + Self.texts(h.signals) + stored
        assertNoCardNumbers(in: everything, cards: [card], "direct run")
        XCTAssertTrue(everything.contains { $0.contains("4444") }, "the last four digits are there, so the scan does look")
    }

    func testTheNumberShowsWhileTypedAndIsMaskedWhenFocusLeaves() async throws {
        let h = SheetHarness()
        await h.present()
        await h.walkToPayment()
        await h.send(.focus(fieldID: "cardNumber"), .insert("42424242424242421"))
        var page = try await h.requirePage()
        XCTAssertEqual(page.fields.first { $0.id == "cardNumber" }?.displayValue, "4242 4242 4242 4242 1",
                       "a 17-digit typo is visible while typing")
        await h.send(.focus(fieldID: "expiry"))
        page = try await h.requirePage()
        XCTAssertEqual(page.fields.first { $0.id == "cardNumber" }?.displayValue, "•••• •••• •••• •242 1")
    }
}
