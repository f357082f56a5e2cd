import Storefront

/// The cart `checkout-demo` pays for: the first two products of the store that can be bought, in a
/// fixed order, with the demo buyer's e-mail and the shop's country, so every run starts the same.
package enum DemoCart {
    package static let buyerEmail = "ada.lovelace@example.com"

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func make(in store: any StorefrontClient) async throws -> Cart {
        let shop = try await store.shop()
        let products = try await store.products(.first(50), query: nil, sortKey: .id, reverse: false).nodes
        let variants = products.compactMap { product in product.variants.first { $0.availableForSale } }
        guard variants.count >= 2 else { throw Failure(description: "The store has fewer than two products for sale.") }
        let payload = try await store.cartCreate(CartInput(
            lines: [CartLineInput(merchandiseId: variants[0].id, quantity: 2), CartLineInput(merchandiseId: variants[1].id)],
            buyerIdentity: BuyerIdentity(email: buyerEmail, countryCode: shop.countryCode)))
        guard let cart = payload.cart else {
            throw Failure(description: "The store refused the demo cart: "
                + payload.userErrors.map(\.message).joined(separator: "; "))
        }
        return cart
    }
}
