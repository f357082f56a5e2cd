import Foundation
import Storefront
import XCTest
@testable import CheckoutSheet

/// The demo scenarios on the real embedded store (bundled catalog, state in a temporary directory):
/// the same events as on the in-memory store, and nothing the store writes holds a card number.
final class EmbeddedStoreCheckoutTests: XCTestCase {
    private var directories: [URL] = []
    /// Read once: every store of these tests shares the bundled catalog.
    private static let catalog = Result { try CatalogLoader.bundled() }

    override func tearDown() {
        for directory in directories { try? FileManager.default.removeItem(at: directory) }
        super.tearDown()
    }

    private func makeStore(clock: DemoTime) throws -> EmbeddedStorefront {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("checkout-tests-\(UUID().uuidString)")
        directories.append(directory)
        return EmbeddedStorefront(catalog: try Self.catalog.get(), stateDirectory: directory, now: { clock.now() })
    }

    private func run(_ scenario: CheckoutScenario) async throws -> (events: [CheckoutEvent], lines: [String], logs: [String],
                                                                    signals: [String], store: EmbeddedStorefront) {
        let clock = DemoTime()
        let store = try makeStore(clock: clock)
        let cart = try await DemoCart.make(in: store)
        let lines = Locked<[String]>([]), logs = Locked<[String]>([]), signals = Locked<[String]>([])
        let events = await CheckoutDemo(scenario: scenario, backend: store, checkoutURL: cart.checkoutUrl, clock: clock,
                                        logLevel: .all)
            .run(output: { lines.append($0) }, log: { logs.append($0.message) }, tap: { signals.append(String(describing: $0)) })
        return (events, lines.value, logs.value, signals.value, store)
    }

    func testTheDemoCartIsTheSameEveryTime() async throws {
        let clock = DemoTime()
        let first = try await DemoCart.make(in: try makeStore(clock: clock))
        let second = try await DemoCart.make(in: try makeStore(clock: clock))
        XCTAssertEqual(first.lines.map(\.merchandise.id), second.lines.map(\.merchandise.id))
        XCTAssertEqual(first.lines.map(\.quantity), [2, 1])
        XCTAssertEqual(first.buyerIdentity.email, DemoCart.buyerEmail)
        XCTAssertEqual(first.cost, second.cost)
    }

    func testEveryScenarioOnTheEmbeddedStore() async throws {
        let expected: [String: [String]] = [
            "complete": ["complete:full"], "cancel": ["cancel:false"], "cancel-after-complete": ["complete:full", "cancel:true"],
            "decline": ["cancel:false"], "decline-then-complete": ["complete:full"], "double-submit": ["complete:full"],
            "expired": ["fail:checkoutExpired:cart_expired"], "expired-410": ["fail:checkoutExpired:cart_expired"],
            "already-completed": ["fail:checkoutExpired:cart_completed"],
            "unavailable": ["fail:checkoutUnavailable:503", "recovery", "complete:recovery", "cancel:true"],
            "unrecoverable": ["fail:checkoutUnavailable:403"], "not-found": ["fail:checkoutUnavailable:404"],
            "offline": ["fail:sdkError:unknown", "recovery", "complete:recovery", "cancel:true"],
            "gateway-error": ["fail:checkoutUnavailable:502", "recovery", "complete:recovery", "cancel:true"],
            "password-protected": ["fail:configurationError:storefront_password_required"],
            "multipass-unavailable": ["fail:checkoutUnavailable:503"], "preload-hit": ["complete:full"],
            "flash-sale": ["complete:full"], "slow-load": ["complete:full"],
            "link-click": ["link:https://kestrel-and-co.example/policies/refund-policy", "link:mailto:hello@kestrel-and-co.example",
                           "cancel:false"],
        ]
        XCTAssertEqual(Set(expected.keys), Set(CheckoutScenario.all.map(\.name)))
        for scenario in CheckoutScenario.all {
            let result = try await run(scenario)
            let lifecycle = result.events.map(ScenarioRun.describe).filter { !$0.hasPrefix("pixel:") }
            XCTAssertEqual(lifecycle, expected[scenario.name], scenario.name)
            let orders = try await result.store.orders()
            let completed = lifecycle.contains { $0.hasPrefix("complete") } || scenario.paidEarlier
            XCTAssertEqual(orders.map(\.id), completed ? ["1001"] : [], scenario.name)
        }
    }

    /// Scans every file the store wrote, and everything printed or logged, for the cards' digits.
    func testNothingWrittenOrPrintedHoldsACardNumber() async throws {
        let cards = [TestCards.approved, TestCards.declined, TestCards.gatewayError]
        var scanned = 0
        for scenario in CheckoutScenario.all {
            let result = try await run(scenario)
            var texts = result.lines + result.logs + result.signals
            let directory = result.store.stateDirectory
            let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL } ?? []
            for file in files where !file.hasDirectoryPath {
                texts.append(String(decoding: try Data(contentsOf: file), as: UTF8.self))
                scanned += 1
            }
            for text in texts {
                for card in cards {
                    XCTAssertFalse(text.contains(card), "\(scenario.name): \(card) in \(text.prefix(120))")
                    XCTAssertFalse(text.contains(String(card.dropLast(4))), "\(scenario.name): digits of \(card)")
                }
            }
            if scenario.name == "complete" {
                let orders = String(decoding: try Data(contentsOf: directory.appendingPathComponent("orders.json")), as: UTF8.self)
                XCTAssertTrue(orders.contains("\"4242\""), "the last four digits are stored, so the scan reads the orders")
            }
        }
        XCTAssertGreaterThan(scanned, CheckoutScenario.all.count, "the store did write files")
    }
}
