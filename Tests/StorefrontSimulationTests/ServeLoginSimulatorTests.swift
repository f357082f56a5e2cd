import Foundation
import Storefront
import StorefrontSimulation
import XCTest

/// The account steps through `serve`: its account server issues the customer's tokens to the app's
/// login (code flow with PKCE, the simulator as the browser), revokes them at logout or when the
/// login is revoked elsewhere, and forgets them when `serve` restarts, also with another token.
@MainActor
final class ServeLoginSimulatorTests: XCTestCase {
    private static let catalog = Result { try CatalogLoader.bundled() }

    /// `serve` restarted with another Storefront token, then the app's again: the add on the other
    /// token is refused with a word on screen and no ✓; the login ended with the restarts, so a
    /// logged-in shopper's next add says to log in again and never "✓ Added" beside the refusal.
    func testTokenRotationOnServeKeepsTheBooks() async throws {
        let simulator = Simulator(catalog: try Self.catalog.get())
        for steps: [SimulationStep] in [[.add(product: 0, variantMoves: 0, quantity: 1), .rotateToken(product: 8), .orders],
                                        [.logIn, .rotateToken(product: 8), .add(product: 3, variantMoves: 0, quantity: 1), .checkout(.pay), .orders],
                                        [.logIn, .add(product: 0, variantMoves: 0, quantity: 1), .rotateToken(product: 0),
                                         .add(product: 3, variantMoves: 0, quantity: 1), .checkout(.pay), .orders, .logIn, .orders]] {
            let lines = TraceLines()
            let traced = Simulator(catalog: simulator.catalog, trace: { lines.values.append($0) })
            let failure = try await traced.replay(steps, seed: 33, store: .serve)
            XCTAssertNil(failure, "step \(failure?.stepIndex ?? -1): \(failure?.violations.map(\.description) ?? [])\n\(lines.values.joined(separator: "\n"))")
        }
    }
}

@MainActor
private final class TraceLines { var values: [String] = [] }
