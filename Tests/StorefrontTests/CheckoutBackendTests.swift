import Clocks
import Foundation
import Testing
@testable import Storefront

@Suite struct CheckoutBackendTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()
    let storefront: EmbeddedStorefront

    init() throws { storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock) }

    func cartWithALine() async throws -> Cart {
        try #require(try await storefront.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: try Fixtures.variantId("tea-sampler"), quantity: 2)])).cart)
    }

    func draft(for cart: Cart, session: String) -> CheckoutCompletion {
        let total = cart.cost.totalAmount
        return CheckoutCompletion(checkoutSessionId: session, cartId: cart.id, email: "ada@example.com", payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242"))
    }

    @Test func placingAnOrderIsIdempotentPerSessionAndCompletesTheCart() async throws {
        let cart = try await cartWithALine()
        #expect(try await storefront.checkoutState(cartId: cart.id) == .open)
        let order = try await storefront.placeOrder(draft(for: cart, session: "session-1"))
        #expect(order.id == "1001" && order.name == "#1001" && order.processedAt == clock.date)
        let again = try await storefront.placeOrder(draft(for: cart, session: "session-1"))
        #expect(again == order)
        #expect(try await storefront.orders() == [order])
        #expect(try await storefront.checkoutState(cartId: cart.id) == .completed)
        #expect(try await storefront.cart(id: cart.id) == nil)
        await #expect(throws: OrderPlacementError.refused(code: "cart_completed", message: "Checkout already completed")) {
            _ = try await storefront.placeOrder(draft(for: cart, session: "session-2"))
        }
        let second = try await storefront.placeOrder(draft(for: try await cartWithALine(), session: "session-3"))
        #expect(second.name == "#1002" && second.id == "1002")
    }

    @Test func ordersNeedAnOpenCartWithLines() async throws {
        let empty = try #require(try await storefront.cartCreate(CartInput()).cart)
        await #expect(throws: OrderPlacementError.refused(code: "invalid_cart", message: "Cart is empty")) {
            _ = try await storefront.placeOrder(draft(for: empty, session: "a"))
        }
        let cart = try await cartWithALine()
        var unknown = draft(for: cart, session: "b")
        unknown.cartId = "gid://shopify/Cart/nope?key=x"
        await #expect(throws: OrderPlacementError.self) { _ = try await storefront.placeOrder(unknown) }
        await clock.advance(by: .days(11))
        await #expect(throws: OrderPlacementError.refused(code: "cart_expired", message: "Checkout has expired.")) {
            _ = try await storefront.placeOrder(draft(for: cart, session: "c"))
        }
        #expect(try await storefront.orders().isEmpty)
    }

    @Test func checkoutStateCanBeForcedForFaultInjection() async throws {
        let cart = try await cartWithALine()
        try await storefront.setCheckoutState(.expired, cartId: cart.id)
        #expect(try await storefront.checkoutState(cartId: cart.id) == .expired)
        #expect(try await storefront.cart(id: cart.id) == nil)
        try await storefront.setCheckoutState(.open, cartId: cart.id)
        #expect(try await storefront.cart(id: cart.id)?.lines.count == 1)
        try await storefront.setCheckoutState(.completed, cartId: cart.id)
        #expect(try await storefront.checkoutState(cartId: cart.id) == .completed)
        await #expect(throws: StorefrontError.self) { _ = try await storefront.checkoutState(cartId: "gid://shopify/Cart/x?key=y") }
        await #expect(throws: StorefrontError.self) { try await storefront.setCheckoutState(.expired, cartId: "nope") }
    }

    @Test func shopComesFromTheCatalog() async throws {
        let shop = try await storefront.shop()
        #expect(shop.name == "Test Shop" && shop.domain == "test-shop.example" && shop.currencyCode == "EUR")
    }
}
