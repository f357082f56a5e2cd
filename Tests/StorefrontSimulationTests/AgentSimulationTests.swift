import Foundation
import Storefront
import StorefrontSimulation
import XCTest

/// An AI agent as one more actor of the simulator: it shops through the MCP tools on the same shop
/// as the shopper, and the books hold with it in the mix.
@MainActor
final class AgentSimulationTests: XCTestCase {
    private static let catalog = Result { try CatalogLoader.bundled() }

    func testSessionsDrawAgentSteps() {
        let steps = (1...40).flatMap { SessionPlan.steps(seed: UInt64($0), count: 30, store: .embedded) }
        let actions = steps.compactMap { step -> AgentAction? in if case .agent(let action) = step { action } else { nil } }
        XCTAssertGreaterThan(actions.count, 20)
        XCTAssertTrue(actions.contains { if case .checkout = $0 { true } else { false } })
        XCTAssertTrue(actions.contains(.intrude))
    }

    /// A guest shopper and an agent sharing the terminal's cart: the agent adds (with a price of its
    /// own), checks out (with a total of its own, then replays its key); the app shows the agent's
    /// lines once it reads the cart again and the agent's order on the orders screen; a declined
    /// token places nothing; stock and totals hold.
    func testAnAgentSharingTheGuestCartKeepsTheBooks() async throws {
        let steps: [SimulationStep] = [.add(product: 0, variantMoves: 0, quantity: 1), .agent(.add(product: 3, quantity: 2)), .restartApp,
                                       .agent(.search("coffee")), .agent(.checkout(option: 1, declined: false)), .orders, .restartApp,
                                       .add(product: 5, variantMoves: 0, quantity: 1), .agent(.checkout(option: 0, declined: true)),
                                       .checkout(.pay), .agent(.intrude), .orders]
        for store in SimulatedStoreKind.allCases {
            let lines = TraceLines()
            let simulator = Simulator(catalog: try Self.catalog.get(), trace: { lines.values.append($0) })
            let failure = try await simulator.replay(steps, seed: 17, store: store)
            XCTAssertNil(failure, "\(store) step \(failure?.stepIndex ?? -1): \(failure?.violations.map(\.description) ?? [])")
            let trace = lines.values.joined(separator: "\n")
            // The agent's lines reached the app's cart, and its order the app's orders screen.
            let restarted = try XCTUnwrap(lines.values.first { $0.hasPrefix("3. ") })
            XCTAssertEqual(restarted.components(separatedBy: "×").count - 1, 2, "two lines in the app's cart: \(trace)")
            let ordered = try XCTUnwrap(lines.values.first { $0.hasPrefix("6. ") })
            XCTAssertTrue(ordered.contains("orders [\"#"), "\(store): \(trace)")
            let both = try XCTUnwrap(lines.values.first { $0.hasPrefix("12. ") })
            XCTAssertEqual(both.components(separatedBy: "\"#").count - 1, 2, "the agent's order and the app's: \(trace)")
        }
    }

    /// Logged in: the agent acts for the same customer (its order is on the customer's orders
    /// screen), and another customer's agent is refused the customer's cart and orders.
    func testAnAgentOfTheSameCustomerKeepsTheBooks() async throws {
        let steps: [SimulationStep] = [.logIn, .add(product: 2, variantMoves: 1, quantity: 1), .agent(.add(product: 7, quantity: 1)),
                                       .agent(.intrude), .agent(.checkout(option: 0, declined: false)), .agent(.intrude),
                                       .add(product: 4, variantMoves: 0, quantity: 2), .agent(.intrude), .logOut, .orders, .logIn, .orders]
        let lines = TraceLines()
        let failure = try await Simulator(catalog: try Self.catalog.get(), trace: { lines.values.append($0) }).replay(steps, seed: 5, store: .embedded)
        XCTAssertNil(failure, "step \(failure?.stepIndex ?? -1): \(failure?.violations.map(\.description) ?? [])")
        // The agent's step opened the customer's orders screen and found its order there (else a violation).
        let ordered = try XCTUnwrap(lines.values.first { $0.hasPrefix("5. ") })
        XCTAssertTrue(ordered.contains("logged in as"), ordered)
        let guest = try XCTUnwrap(lines.values.first { $0.hasPrefix("10. ") })
        XCTAssertTrue(guest.contains("orders []"), "the customer's order is not the guest's: \(guest)")
    }

    /// Planted: a replayed key that placed a second order, and an order at the agent's price. The
    /// checker catches each right after the agent's checkout and shrinks it to the steps it takes.
    func testPlantedAgentDefectsAreCaughtAndShrunk() async throws {
        let steps: [SimulationStep] = [.search("tea"), .add(product: 0, variantMoves: 0, quantity: 1), .note("ring twice"),
                                       .agent(.add(product: 3, quantity: 1)), .orders, .agent(.checkout(option: 0, declined: false)),
                                       .add(product: 5, variantMoves: 0, quantity: 1)]
        for fault in [LedgerFault.agentReplayOrdersAgain, .agentSentPriceCharged] {
            let simulator = Simulator(catalog: try Self.catalog.get(), fault: fault)
            let found = try await simulator.catches(.agent, in: steps, seed: 9)
            XCTAssertEqual(found.stepIndex, 5, "\(fault): \(found.violations)")
            XCTAssertEqual(found.shrunk.last, .agent(.checkout(option: 0, declined: false)), "\(fault)")
            XCTAssertLessThanOrEqual(found.shrunk.count, 2, "\(fault): \(found.shrunk)")
        }
        let clean = try await Simulator(catalog: try Self.catalog.get()).replay(steps, seed: 9, store: .embedded)
        XCTAssertNil(clean, "\(clean?.violations.map(\.description) ?? [])")
    }
}

@MainActor
private final class TraceLines { var values: [String] = [] }
