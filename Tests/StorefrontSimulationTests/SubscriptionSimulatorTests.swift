import Foundation
import Storefront
import StorefrontSimulation
import XCTest

/// Subscriptions in the simulator: an add may choose a selling plan on the Purchase row, and the
/// books hold a contract for every line bought on a plan, for its customer, at its price.
@MainActor
final class SubscriptionSimulatorTests: XCTestCase {
    private static let catalog = Result { try CatalogLoader.bundled() }

    func testAnAddSaysItsPlanAndOldAddsReadAsBefore() {
        XCTAssertEqual(SimulationStep.add(product: 3, variantMoves: 1, quantity: 2).description, "add product 3 variant+1 ×2")
        XCTAssertEqual(SimulationStep.add(product: 3, variantMoves: 1, quantity: 2, plan: 2).description,
                       "add product 3 variant+1 ×2 on selling plan 2")
        XCTAssertEqual(SimulationStep.add(product: 3, variantMoves: 1, quantity: 2), .add(product: 3, variantMoves: 1, quantity: 2, plan: 0))
    }

    func testSessionsDrawAddsOnPlansAndOnce() {
        let plans = (1...20).flatMap { SessionPlan.steps(seed: UInt64($0), count: 30, store: .embedded) }.compactMap { step -> Int? in
            if case .add(_, _, _, let plan) = step { plan } else { nil }
        }
        XCTAssertTrue(plans.contains(0))
        XCTAssertTrue(plans.contains(1))
        XCTAssertTrue(plans.contains(2))
        XCTAssertGreaterThan(plans.filter { $0 == 0 }.count, plans.filter { $0 > 0 }.count, "most adds buy once")
    }

    /// A customer buys coffee every 4 weeks, tea on its only plan (asked for the second: the page
    /// stops at its last) and a sampler (no plans: bought once), and pays: the cart holds each line
    /// on its plan, the order is placed and listed, and the books hold (two contracts, checked).
    func testACustomerBuyingOnPlansKeepsTheBooks() async throws {
        let steps: [SimulationStep] = [.logIn, .add(product: 0, variantMoves: 1, quantity: 2, plan: 2), .add(product: 11, variantMoves: 0, quantity: 1, plan: 2),
                                       .add(product: 7, variantMoves: 0, quantity: 1, plan: 1), .checkout(.pay), .orders]
        for store in SimulatedStoreKind.allCases {
            let lines = TraceLines()
            let failure = try await Simulator(catalog: try Self.catalog.get(), trace: { lines.values.append($0) }).replay(steps, seed: 41, store: store)
            let trace = lines.values.joined(separator: "\n")
            XCTAssertNil(failure, "\(store) step \(failure?.stepIndex ?? -1): \(failure?.violations.map(\.description) ?? [])\n\(trace)")
            // Every 4 weeks is the coffee's plan 7002, every month the tea's 7101; the sampler has none.
            let cart = try XCTUnwrap(lines.values.first { $0.hasPrefix("4. ") })
            XCTAssertEqual(cart.components(separatedBy: "(plan 7002)×2").count - 1, 1, "\(store): \(cart)")
            XCTAssertEqual(cart.components(separatedBy: "(plan 7101)×1").count - 1, 1, "\(store): \(cart)")
            XCTAssertEqual(cart.components(separatedBy: "(plan ").count - 1, 2, "\(store): \(cart)")
            // The sheet's thank-you page named the order (its books are checked after every step).
            XCTAssertTrue(lines.values.contains { $0.contains("sheet thankYou") && $0.hasSuffix("order 1001 ") }, "\(store): \(trace)")
        }
    }

    /// A customer's subscriptions in other currencies, with codes and a gift card, after a failed
    /// card and a declined one, across a restart: each line costs its plan's price in the order's
    /// currency and has its contract.
    func testSubscriptionsInOtherMarketsWithCodesKeepTheBooks() async throws {
        let steps: [SimulationStep] = [.logIn, .add(product: 1, variantMoves: 2, quantity: 2, plan: 1), .country("JP"), .discount("WELCOME10"),
                                       .add(product: 12, variantMoves: 1, quantity: 1, plan: 1), .giftCard("KESTREL-GIFT-2500"),
                                       .checkout(.gatewayFailureThenPay), .orders, .country("US"), .add(product: 69, variantMoves: 0, quantity: 3, plan: 2),
                                       .add(product: 69, variantMoves: 0, quantity: 1), .restartApp, .checkout(.declineThenPay), .orders]
        for store in SimulatedStoreKind.allCases {
            let lines = TraceLines()
            let failure = try await Simulator(catalog: try Self.catalog.get(), trace: { lines.values.append($0) }).replay(steps, seed: 77, store: store)
            let trace = lines.values.joined(separator: "\n")
            XCTAssertNil(failure, "\(store) step \(failure?.stepIndex ?? -1): \(failure?.violations.map(\.description) ?? [])\n\(trace)")
            let thanks = lines.values.filter { $0.contains("sheet thankYou") && !$0.hasSuffix("order - ") }
            XCTAssertEqual(thanks.count, 2, "\(store): \(trace)")
            // Paid in yen, then in dollars, each cart with its lines on plans.
            XCTAssertTrue(thanks.first?.contains("¥") == true && thanks.last?.contains("$") == true, "\(store): \(thanks)")
            let first = try XCTUnwrap(lines.values.first { $0.hasPrefix("6. ") })
            XCTAssertTrue(first.contains("(plan 7001)×2") && first.contains("(plan 7101)×1"), "\(store): \(first)")
            let second = try XCTUnwrap(lines.values.first { $0.hasPrefix("12. ") })
            XCTAssertTrue(second.contains("(plan 7002)×3") && second.contains("×1"), "\(store): \(second)")
        }
    }

    /// A guest with a line on a plan: the shop sells subscriptions to customers only, so the
    /// checkout places nothing and no screen says it did (a thank-you page would need its order).
    func testAGuestsSubscriptionIsNotSold() async throws {
        let steps: [SimulationStep] = [.add(product: 2, variantMoves: 0, quantity: 1, plan: 1), .checkout(.pay), .orders,
                                       .checkout(.declineThenPay), .orders]
        for store in SimulatedStoreKind.allCases {
            let lines = TraceLines()
            let failure = try await Simulator(catalog: try Self.catalog.get(), trace: { lines.values.append($0) }).replay(steps, seed: 8, store: store)
            XCTAssertNil(failure, "\(store) step \(failure?.stepIndex ?? -1): \(failure?.violations.map(\.description) ?? [])")
            XCTAssertTrue(try XCTUnwrap(lines.values.first { $0.hasPrefix("5. ") }).contains("orders []"), "\(store): \(lines.values)")
        }
    }

    /// Planted: the books read without one contract, and a line bought once read as on a plan. Each
    /// is caught right after the checkout that placed the order and shrunk to the login, the add
    /// and the checkout; the same steps keep the books without it.
    func testPlantedSubscriptionDefectsAreCaughtAndShrunk() async throws {
        let cases: [(LedgerFault, [SimulationStep])] = [
            (.contractDropped, [.search("coffee"), .logIn, .add(product: 3, variantMoves: 0, quantity: 1, plan: 1), .note("ring twice"),
                                .add(product: 20, variantMoves: 0, quantity: 1), .checkout(.pay), .orders]),
            (.oneTimeLineReadAsSubscribed, [.logIn, .browse(collection: 1), .add(product: 7, variantMoves: 1, quantity: 2),
                                            .country("GB"), .checkout(.pay), .orders]),
        ]
        for (fault, steps) in cases {
            let checkout = try XCTUnwrap(steps.firstIndex(of: .checkout(.pay)))
            let found = try await Simulator(catalog: try Self.catalog.get(), fault: fault).catches(.subscriptions, in: steps, seed: 12)
            XCTAssertEqual(found.stepIndex, checkout, "\(fault): \(found.violations)")
            XCTAssertEqual(found.shrunk, [.logIn, steps[checkout - (fault == .contractDropped ? 3 : 2)], .checkout(.pay)], "\(fault): \(found.shrunkViolations)")
            let clean = try await Simulator(catalog: try Self.catalog.get()).replay(steps, seed: 12, store: .embedded)
            XCTAssertNil(clean, "\(fault): \(clean?.violations.map(\.description) ?? [])")
        }
    }
}

@MainActor
private final class TraceLines { var values: [String] = [] }
