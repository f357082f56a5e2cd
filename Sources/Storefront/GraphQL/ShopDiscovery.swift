import Foundation

/// What a shop publishes beside its Storefront API, at `/.well-known/storefront.json` on the API's
/// origin: where a terminal checkout may place orders, and the customer account server. A shop
/// without the document (a Shopify shop) takes payment only in its web checkout.
public struct ShopDiscovery: Hashable, Sendable, Codable {
    public static let path = "/.well-known/storefront.json"

    /// Where a checkout posts a `CheckoutCompletion` (JSON) to place the order; nil when the shop does not
    /// take orders this way.
    public var checkoutOrders: URL?
    /// Where a checkout asks whether a cart is open, completed or expired (`?cart=ID`), which the
    /// Storefront API cannot tell apart: it answers null for all but open carts.
    public var checkoutState: URL?
    /// The customer account server (the OpenID issuer).
    public var customerAccount: URL?

    public init(checkoutOrders: URL? = nil, checkoutState: URL? = nil, customerAccount: URL? = nil) {
        self.checkoutOrders = checkoutOrders; self.checkoutState = checkoutState; self.customerAccount = customerAccount
    }

    /// `scheme://host[:port]` of a URL, without path, query or fragment.
    public static func origin(of url: URL) -> URL? {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false), components.host != nil else { return nil }
        components.path = ""
        components.query = nil
        components.fragment = nil
        components.user = nil
        components.password = nil
        return components.url
    }

    /// The document's address beside a Storefront API endpoint.
    public static func url(besides endpoint: URL) -> URL? {
        origin(of: endpoint).flatMap { URL(string: $0.absoluteString + path) }
    }
}
