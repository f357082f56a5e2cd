import Clocks
import Foundation
import Testing
@testable import Storefront

/// Orders take stock: every read after an order shows what is left, a restart counts the order
/// book again, and an order cannot take more than is left.
@Suite struct StockTests {
    let clock = TestClock()
    let directory = TemporaryDirectory()

    func order(_ quantity: Int, of variantId: String, in storefront: EmbeddedStorefront, session: String) async throws -> Order {
        let cart = try #require(try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variantId, quantity: quantity)])).cart)
        let line = try #require(cart.lines.first)
        return try await storefront.placeOrder(CheckoutCompletion(checkoutSessionId: session, cartId: cart.id, email: "ada@example.com", payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))
    }

    @Test func anOrderTakesItsUnitsOffEveryRead() async throws {
        let storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        let small = try Fixtures.variantId("house-espresso", 0)
        _ = try await order(1, of: small, in: storefront, session: "s1")

        let product = try #require(try await storefront.product(handle: "house-espresso"))
        #expect(product.variants.map(\.quantityAvailable) == [2, 10])
        #expect(try await storefront.product(id: product.id)?.variants[0].quantityAvailable == 2)
        let listed = try await storefront.products(PageArguments(first: 50), query: nil, sortKey: .title, reverse: false)
        #expect(listed.nodes.first { $0.handle == "house-espresso" }?.variants[0].quantityAvailable == 2)
        let coffee = try await storefront.collectionProducts(handle: "coffee", page: PageArguments(first: 50), sortKey: .collectionDefault,
                                                             reverse: false)
        #expect(coffee.nodes.first { $0.handle == "house-espresso" }?.variants[0].quantityAvailable == 2)
        // A new cart line sees the same shelf.
        let cart = try #require(try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: small, quantity: 1)])).cart)
        #expect(cart.lines[0].merchandise.quantityAvailable == 2)

        // A restart counts the order book again.
        let restarted = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        #expect(try await restarted.product(handle: "house-espresso")?.variants[0].quantityAvailable == 2)
    }

    @Test func theLastUnitsSellOutAndNoMoreCanBeOrdered() async throws {
        let storefront = try EmbeddedStorefront.fixture(directory: directory, clock: clock)
        let small = try Fixtures.variantId("house-espresso", 0)
        let cart = try #require(try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: small, quantity: 2)])).cart)
        _ = try await order(3, of: small, in: storefront, session: "all")

        let variant = try #require(try await storefront.product(handle: "house-espresso")?.variants[0])
        #expect(variant.quantityAvailable == 0 && !variant.availableForSale)
        let refused = try await storefront.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: small)])
        #expect(refused.userErrors.map(\.message) == ["House Espresso Blend (250 g) is sold out."])
        // The cart made before the last units went cannot be ordered any more.
        await #expect(throws: OrderPlacementError.refused(code: "invalid_cart", message: "House Espresso Blend (250 g) is sold out.")) {
            _ = try await storefront.placeOrder(CheckoutCompletion(checkoutSessionId: "late", cartId: cart.id, email: nil, payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))
        }
        #expect(try await storefront.orders().count == 1)
    }
}
