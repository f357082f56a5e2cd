import Foundation
import Storefront
import Synchronization
@testable import CheckoutSheet

/// A small store for checkout tests: one shop, carts by id, orders placed idempotently per checkout
/// session. Carts are reached through `https://<domain>/cart/c/<cartId>?key=test`; a cart untouched
/// for ten days is expired, as on the real API.
final class InMemoryCheckoutBackend: CheckoutBackend {
    struct State {
        var carts: [String: Cart] = [:]
        var cartStates: [String: CartCheckoutState] = [:]
        var orders: [Order] = []
        var placeOrderCalls = 0
        /// placeOrder answers this many calls with a transport error after placing the order (a lost answer).
        var lostAnswers = 0
        /// placeOrder waits this many scheduler turns first, so a concurrent call can overtake it.
        var placeOrderYields = 0
        var requests: [CheckoutCompletion] = []
        /// placeOrder throws this instead of placing the order.
        var placeOrderError: (any Error)?
        /// Like a Shopify shop: payment only in the web checkout.
        var webCheckoutOnly = false
        /// checkoutState throws this (a shop that refuses the token, say).
        var checkoutStateError: (any Error)?
    }

    static let cartLifetime: TimeInterval = 10 * 24 * 3600

    let shopInfo: Shop
    let state = Mutex(State())
    let now: @Sendable () -> Date

    init(shop: Shop = Fixtures.shop, carts: [Cart] = [Fixtures.cart()],
         now: @escaping @Sendable () -> Date = { DemoTime.demoStart }) {
        shopInfo = shop
        self.now = now
        state.withLock { s in for cart in carts { s.carts[cart.id] = cart } }
    }

    func shop() async throws -> Shop { shopInfo }

    /// Nil for an expired or completed cart, as the Storefront API answers.
    func cart(id: String) async throws -> Cart? {
        let state = try await checkoutState(cartId: id)
        return state != .open ? nil : self.state.withLock { $0.carts[id] }
    }

    func orderPlacement(cartId: String, checkoutURL: String) async throws -> OrderPlacement {
        state.withLock { $0.webCheckoutOnly } ? .webCheckout(url: checkoutURL) : .here
    }

    func cartId(forCheckoutURL url: String) -> String? {
        guard let components = URLComponents(string: url), components.host == shopInfo.domain else { return nil }
        let parts = components.path.split(separator: "/")
        guard parts.count == 3, parts[0] == "cart", parts[1] == "c" else { return nil }
        let id = String(parts[2])
        return state.withLock { $0.carts[id] != nil } ? id : nil
    }

    func checkoutState(cartId: String) async throws -> CartCheckoutState {
        if let error = state.withLock({ $0.checkoutStateError }) { throw error }
        let time = now()
        return state.withLock { s in
            if let set = s.cartStates[cartId] { return set }
            guard let cart = s.carts[cartId] else { return .expired }
            return time.timeIntervalSince(cart.updatedAt) >= Self.cartLifetime ? .expired : .open
        }
    }

    /// Orders are built from the stored cart by the shop's rule (`OrderBuilder`), never from the request.
    func placeOrder(_ request: CheckoutCompletion) async throws -> Order {
        let yields = state.withLock { s -> Int in
            s.placeOrderCalls += 1
            s.requests.append(request)
            return s.placeOrderYields
        }
        if let error = state.withLock({ $0.placeOrderError }) { throw error }
        for _ in 0..<yields { await Task.yield() }
        let stored = state.withLock { $0.carts[request.cartId] }
        guard let stored else { throw OrderPlacementError.refused(code: OrderPlacementError.invalidCart, message: "No such cart") }
        let (draft, _) = try OrderBuilder.order(of: stored, for: request, shopCountry: shopInfo.countryCode)
        let (order, lose) = state.withLock { s -> (Order, Bool) in
            let order: Order
            if let existing = s.orders.first(where: { $0.draft.checkoutSessionId == draft.checkoutSessionId }) {
                order = existing
            } else {
                let number = 1001 + s.orders.count
                order = Order(id: String(5_550_000_000 + number), name: "#\(number)",
                              processedAt: Date(timeIntervalSince1970: 1_748_860_000), draft: draft)
                s.orders.append(order)
                s.cartStates[draft.cartId] = .completed
            }
            let lose = s.lostAnswers > 0
            if lose { s.lostAnswers -= 1 }
            return (order, lose)
        }
        if lose { throw StorefrontError.transport("The request timed out.") }
        return order
    }

    func orders() async throws -> [Order] { state.withLock { $0.orders } }
}
