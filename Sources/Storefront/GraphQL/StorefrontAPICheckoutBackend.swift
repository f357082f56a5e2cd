import Foundation
import StorefrontModels

/// The checkout side of a shop reached over the Storefront API. The API itself has no way to place
/// an order: a Shopify shop takes payment in its web checkout at `cart.checkoutUrl`, so there the
/// checkout can only send the buyer to a browser. A shop whose discovery document names where
/// orders go (`storefront serve`) takes them from the terminal, over HTTP beside its API.
public actor StorefrontAPICheckoutBackend: CheckoutBackend {
    public nonisolated let storefront: GraphQLStorefront
    /// The shop's discovery document once asked for (nil inside: the shop has none).
    private var discovered: ShopDiscovery??

    /// Where the sessions this terminal paid are kept, to find its guest orders again.
    public nonisolated let paidSessions: RemoteOrderSessions?

    public init(storefront: GraphQLStorefront, paidSessions: RemoteOrderSessions? = nil) {
        self.storefront = storefront; self.paidSessions = paidSessions
    }

    public nonisolated func shop() async throws -> Shop { try await storefront.shop() }

    public nonisolated func cart(id: String) async throws -> Cart? { try await storefront.cart(id: id) }

    /// Asked again in the cart's own country (`@inContext`) when it has one, so the titles are
    /// the ones the cart screen showed.
    public nonisolated func checkoutCart(id: String) async throws -> Cart? {
        guard let cart = try await storefront.cart(id: id) else { return nil }
        guard let country = cart.buyerIdentity.countryCode else { return cart }
        return try await storefront.inContext(BuyerContext(country: country)).cart(id: id)
    }

    /// `https://{shop}/cart/c/{token}?key={key}` names the cart `gid://shopify/Cart/{token}?key={key}`.
    public nonisolated func cartId(forCheckoutURL url: String) -> String? {
        guard let components = URLComponents(string: url), components.scheme == "https" else { return nil }
        let path = components.path.split(separator: "/")
        guard path.count == 3, path[0] == "cart", path[1] == "c", !path[2].isEmpty,
              let key = components.queryItems?.first(where: { $0.name == "key" })?.value, !key.isEmpty else { return nil }
        return "gid://shopify/Cart/\(path[2])?key=\(key)"
    }

    /// The shop's answer when it gives one; else open: the API tells neither expiry nor completion
    /// apart from "no such cart", and a checkout reads the cart next anyway, where a missing cart
    /// shows as expired.
    public func checkoutState(cartId: String) async throws -> CartCheckoutState {
        guard let url = try await discovery()?.checkoutState else { return .open }
        return try await storefront.checkoutState(cartId: cartId, at: url)
    }

    public func orderPlacement(cartId: String, checkoutURL: String) async throws -> OrderPlacement {
        try await discovery()?.checkoutOrders != nil ? .here : .webCheckout(url: checkoutURL)
    }

    public func placeOrder(_ request: CheckoutCompletion) async throws -> Order {
        guard let url = try await discovery()?.checkoutOrders else {
            let checkoutURL = try await storefront.cart(id: request.cartId)?.checkoutUrl
            throw OrderPlacementError.webCheckoutRequired(url: checkoutURL ?? "")
        }
        let order = try await storefront.placeOrder(request, at: url)
        await paidSessions?.add(order.draft.checkoutSessionId)
        return order
    }

    /// The orders this terminal paid here, from the shop's ledger (`guestOrders()` leaves out those
    /// a logged-in customer placed, which are on their account's list). The Storefront API itself does not list a buyer's orders without a customer login: a shop
    /// without `checkoutOrders` has none.
    public func orders() async throws -> [Order] {
        guard let paidSessions, let url = try await discovery()?.checkoutOrders else { return [] }
        return try await storefront.orders(checkoutSessions: await paidSessions.all(), at: url)
    }

    /// The session's order from the shop's ledger, a logged-in customer's too (the shop answers
    /// only sessions whose id it is given).
    public func order(checkoutSessionId: String) async throws -> Order? {
        guard let url = try await discovery()?.checkoutOrders else { return nil }
        return try await storefront.orders(checkoutSessions: [checkoutSessionId], at: url).first
    }

    /// Asked once; a failure to reach the shop is not remembered, so the next question asks again.
    private func discovery() async throws -> ShopDiscovery? {
        if let discovered { return discovered }
        let found = try await storefront.discovery()
        discovered = .some(found)
        return found
    }
}
