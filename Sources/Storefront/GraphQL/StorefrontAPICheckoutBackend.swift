import Foundation

/// The checkout side of a shop reached over the Storefront API. The API has no way to place an
/// order: payment happens in the shop's web checkout at `cart.checkoutUrl`. So a checkout over this
/// backend can be shown and filled in, and placing the order fails with a message that says where
/// to pay instead.
public struct StorefrontAPICheckoutBackend: CheckoutBackend {
    public let storefront: any StorefrontClient

    public init(storefront: any StorefrontClient) { self.storefront = storefront }

    public func shop() async throws -> Shop { try await storefront.shop() }

    public func cart(id: String) async throws -> Cart? { try await storefront.cart(id: id) }

    /// `https://{shop}/cart/c/{token}?key={key}` names the cart `gid://shopify/Cart/{token}?key={key}`.
    public func cartId(forCheckoutURL url: String) -> String? {
        guard let components = URLComponents(string: url), components.scheme == "https" else { return nil }
        let path = components.path.split(separator: "/")
        guard path.count == 3, path[0] == "cart", path[1] == "c", !path[2].isEmpty,
              let key = components.queryItems?.first(where: { $0.name == "key" })?.value, !key.isEmpty else { return nil }
        return "gid://shopify/Cart/\(path[2])?key=\(key)"
    }

    /// Always open: the API tells neither expiry nor completion apart from "no such cart", and a
    /// checkout reads the cart next anyway, where a missing cart shows as expired. Asking here would
    /// only send the same request twice.
    public func checkoutState(cartId: String) async throws -> CartCheckoutState { .open }

    public func placeOrder(_ draft: OrderDraft) async throws -> Order {
        let url = try await storefront.cart(id: draft.cartId)?.checkoutUrl
        throw StorefrontError.invalidArgument(
            "Orders of this shop are placed in its web checkout" + (url.map { ": open \($0) in a browser." } ?? "."))
    }

    /// The Storefront API does not list a buyer's orders without a customer login.
    public func orders() async throws -> [Order] { [] }
}
