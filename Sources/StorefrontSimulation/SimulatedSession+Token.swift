import Foundation

extension SimulatedSession {
    /// The Storefront token `serve` is restarted with, which the app was not given.
    static let rotatedToken = SimulatedShop.token + "-rotated"

    /// `serve` restarts with a Storefront token the app does not have, and the shopper adds
    /// `product`: the shop refuses the request, so the screen must say so and nothing may claim the
    /// add. Then `serve` restarts with the app's token, and the caller's checks cover the same add
    /// tried again (every login ended with the restarts: a logged-in shopper is asked to log in again).
    func rotateToken(_ app: ShopperApp, product: Int) async throws -> [Violation] {
        guard await app.settle() else { return [Violation(invariant: .settles, detail: "the app did not settle before serve restarted")] }
        try await shop.restartServe(token: Self.rotatedToken)
        let before = try await storedCarts(app)
        let errorBefore = app.state.errorMessage
        await add(app, product: product, moves: 0, quantity: 1)
        guard await app.settle() else { return [Violation(invariant: .settles, detail: "the add on the other token did not settle")] }
        let frames = app.takeFrames()
        let cartId = app.state.cart.cart?.id
        var violations = try await messages(frames, before: cartId.flatMap { before[$0] } ?? [:], after: try await storedUnits(of: cartId),
                                            errorBefore: errorBefore)
        if !frames.contains(where: { $0.errorMessage != nil && $0.errorMessage != errorBefore }) {
            violations.append(Violation(invariant: .messages, detail: "the shop refused the Storefront token and the screen said nothing"))
        }
        try await shop.restartServe()
        await add(app, product: product, moves: 0, quantity: 1)
        return violations
    }
}
