import Foundation
import Storefront
import StorefrontSimulation
import XCTest

/// The simulator: sessions of a shopper through the app's store with the books checked after
/// every step, on the embedded shop and on `serve`.
@MainActor
final class SimulatorTests: XCTestCase {
    private static let catalog = Result { try CatalogLoader.bundled() }

    func testTheSameSeedPlansTheSameSession() {
        XCTAssertEqual(SessionPlan.steps(seed: 42, count: 50, store: .serve), SessionPlan.steps(seed: 42, count: 50, store: .serve))
        XCTAssertNotEqual(SessionPlan.steps(seed: 42, count: 50, store: .serve), SessionPlan.steps(seed: 43, count: 50, store: .serve))
    }

    /// A planted defect (order totals read without their shipping) is caught, and shrunk to the
    /// few steps that place an order.
    func testAnOrderTotalWithoutShippingIsCaughtAndShrunk() async throws {
        let simulator = Simulator(catalog: try Self.catalog.get(), fault: .totalWithoutShipping)
        let steps: [SimulationStep] = [.search("tea"), .add(product: 0, variantMoves: 0, quantity: 1), .note("ring twice"),
                                       .country("GB"), .add(product: 3, variantMoves: 1, quantity: 2), .browse(collection: 2),
                                       .checkout(.pay), .orders, .add(product: 5, variantMoves: 0, quantity: 1)]
        let found = try await simulator.catches(.orderTotal, in: steps, seed: 7)
        XCTAssertEqual(found.stepIndex, 6, "right after the checkout that placed the order")
        XCTAssertEqual(found.shrunk.last, .checkout(.pay))
        // In the Netherlands this cart ships free (so a total without shipping is still right): the
        // country, the add and the checkout are what it takes.
        XCTAssertEqual(found.shrunk, [.country("GB"), .add(product: 3, variantMoves: 1, quantity: 2), .checkout(.pay)], "\(found.shrunkViolations)")
    }

    /// A planted defect in whose orders the checker expects (every order, not this shopper's) is
    /// caught as soon as the customer's list is shown: it rightly lacks the guest order placed before
    /// the login. On both shops: `serve`'s customer is logged in through its own account server.
    func testOrdersReadWithoutTheCustomerAreCaught() async throws {
        let steps: [SimulationStep] = [.add(product: 0, variantMoves: 0, quantity: 1), .checkout(.pay), .logIn,
                                       .add(product: 3, variantMoves: 1, quantity: 1), .checkout(.pay), .orders, .logOut, .orders]
        let planted = Simulator(catalog: try Self.catalog.get(), fault: .ordersIgnoreCustomer)
        for store in SimulatedStoreKind.allCases {
            let failure = try await planted.replay(steps, seed: 3, store: store)
            let found = try XCTUnwrap(failure, "\(store): the planted defect is caught")
            XCTAssertEqual(found.stepIndex, 4, "\(store): at the customer's orders, listed after their checkout: \(found.violations)")
            XCTAssertEqual(found.violations.map(\.invariant), [.ordersShown], "\(store)")
            // The same steps keep the books without it.
            let clean = try await Simulator(catalog: try Self.catalog.get()).replay(steps, seed: 3, store: store)
            XCTAssertNil(clean, "\(store): \(clean?.violations.map(\.description) ?? [])")
        }
    }

    /// Logging in, a login the shop stops honouring, logging out and in again: the orders listed are
    /// the customer's or the guest's, a refused login says "log in again" and never a ✓ for the add
    /// it refused, and a logout says what happened to the cart.
    /// On `serve` the login is its account server's, and the restart finds the saved login ended:
    /// the screen says to log in again before the next login.
    func testLoginExpiryAndLogoutKeepTheBooks() async throws {
        let steps: [SimulationStep] = [.add(product: 0, variantMoves: 0, quantity: 1), .checkout(.pay), .logIn,
                                       .add(product: 3, variantMoves: 1, quantity: 2), .checkout(.pay), .orders,
                                       .loginExpires(product: 8), .add(product: 7, variantMoves: 0, quantity: 1), .restartApp, .logIn,
                                       .add(product: 5, variantMoves: 0, quantity: 1), .logOut, .orders, .logIn, .orders]
        for store in SimulatedStoreKind.allCases {
            let lines = TraceLines()
            let failure = try await Simulator(catalog: try Self.catalog.get(), trace: { lines.values.append($0) }).replay(steps, seed: 21, store: store)
            XCTAssertNil(failure, "\(store) step \(failure?.stepIndex ?? -1): \(failure?.violations.map(\.description) ?? [])")
            // The steps did what they say: the login held, then the new cart the add started was refused
            // on the expired token and the screen said so; the logout said what became of the cart.
            XCTAssertTrue(try XCTUnwrap(lines.values.first { $0.hasPrefix("6. ") }).contains("logged in as"), "\(store)")
            let expired = try XCTUnwrap(lines.values.first { $0.hasPrefix("7. ") })
            XCTAssertTrue(expired.contains("Log in again"), "\(store): \(expired)")
            let loggedOut = try XCTUnwrap(lines.values.first { $0.hasPrefix("12. ") })
            XCTAssertTrue(loggedOut.contains("Logged out"), "\(store): \(loggedOut)")
        }
    }

    /// Stock that does not add up is caught at once.
    func testPhantomStockIsCaught() async throws {
        let simulator = Simulator(catalog: try Self.catalog.get(), fault: .phantomStock)
        let failure = try await simulator.replay([.browse(collection: 0)], seed: 1, store: .embedded)
        XCTAssertEqual(failure?.violations.first?.invariant, .stockConserved)
    }

    /// A second app added to the cart this app has not read again: the next add says how many it
    /// added by the shop's count (not against the stale cart: "Added 22" where 21 went in), and the
    /// checker counts against the cart as stored, not the one the app last showed.
    func testAnAddAfterAnotherAppChangedTheCartSaysWhatItAdded() async throws {
        let simulator = Simulator(catalog: try Self.catalog.get())
        for store in SimulatedStoreKind.allCases {
            for (seed, steps) in [(UInt64(90), [SimulationStep.secondProcess(product: 17, quantity: 1), .add(product: 17, variantMoves: 0, quantity: 23)]),
                                  (192, [.secondProcess(product: 8, quantity: 3), .add(product: 8, variantMoves: 0, quantity: 3)]),
                                  (5, [.add(product: 8, variantMoves: 0, quantity: 1), .secondProcess(product: 8, quantity: 2),
                                       .add(product: 8, variantMoves: 0, quantity: 3)])] {
                let failure = try await simulator.replay(steps, seed: seed, store: store)
                XCTAssertNil(failure, "\(store) seed \(seed): \(failure?.violations.map(\.description) ?? [])")
            }
        }
    }

    /// Sessions run side by side report as one at a time would: every failing seed, in seed order,
    /// the first shrunk and the others named by their failing step.
    func testSessionsSideBySideReportInSeedOrder() async throws {
        let simulator = Simulator(catalog: try Self.catalog.get(), steps: 3, fault: .phantomStock)
        var told: [UInt64] = []
        let summary = try await simulator.run(sessions: 5, firstSeed: 11, store: .embedded, jobs: 3) { told.append($0.seed) }
        XCTAssertEqual(summary.sessions, 5)
        XCTAssertEqual(told, [11, 12, 13, 14, 15])
        XCTAssertEqual(summary.failures.map(\.isShrunk), [true, false, false, false, false])
        XCTAssertEqual(summary.failures.first?.shrunk.count, 1, "stock is wrong before any step: one step is all it takes")
    }

    /// Sessions on the embedded shop: every invariant after every step (`SIMULATOR_SESSIONS` runs more).
    func testSessionsOnTheEmbeddedShopKeepTheBooks() async throws {
        try await runSessions(store: .embedded, sessions: 300, steps: 12)
    }

    /// Sessions through `serve`: fewer and shorter, as each starts a server and an app talking
    /// GraphQL to it (a debug build answers slowly), and logs in through its account server;
    /// `storefront-bench simulate` runs the long ones.
    func testSessionsOnServeKeepTheBooks() async throws {
        try await runSessions(store: .serve, sessions: 48, steps: 6)
    }

    /// Every kind of step, the second app on the same state directory included.
    private func runSessions(store: SimulatedStoreKind, sessions: Int, steps: Int) async throws {
        let sessions = Int(ProcessInfo.processInfo.environment["SIMULATOR_SESSIONS"] ?? "") ?? sessions
        let simulator = Simulator(catalog: try Self.catalog.get(), steps: steps)
        let summary = try await simulator.run(sessions: sessions, firstSeed: 1, store: store, jobs: 2)
        XCTAssertEqual(summary.sessions, sessions)
        XCTAssertTrue(summary.failures.isEmpty, summary.failures.map(\.description).joined(separator: "\n\n"))
    }
}

@MainActor
private final class TraceLines { var values: [String] = [] }
