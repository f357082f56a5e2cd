import Foundation
import StorefrontModels

/// Everything the app reads from and writes to a storefront. Two implementations: the embedded
/// storefront (a catalog file, carts on disk) and the Storefront API over HTTP.
///
/// Narrow, as the Mobile Buy SDK's client is: every read is a `StorefrontQuery` and every cart
/// change a `CartMutation`, each carrying the buyer's market (`BuyerContext`). The typed methods
/// below (`product(handle:)`, `cartLinesAdd(cartId:lines:)`, ...) build those requests; a
/// storefront answering a request with the wrong kind of answer is a `StorefrontError`.
///
/// Cart mutations return user errors and warnings in the payload; they throw only when the request
/// itself failed (transport, HTTP status, malformed response).
public protocol StorefrontClient: Sendable {
    /// Answers one read, in the request's market.
    func query(_ request: StorefrontQuery) async throws -> StorefrontAnswer
    /// Makes one change to a cart (or creates one), in the request's market.
    func mutate(_ mutation: CartMutation) async throws -> CartPayload
    /// Sets or deletes cart metafields.
    func mutate(_ mutation: CartMetafieldMutation) async throws -> CartMetafieldAnswer
    /// The bytes of a product picture (`ProductImage.pictureUrl`), at most `maxBytes` long.
    func pictureData(url: String, maxBytes: Int) async throws -> Data
}

extension StorefrontClient {
    /// A storefront without pictures: every picture is unavailable.
    public func pictureData(url: String, maxBytes: Int) async throws -> Data {
        throw StorefrontError.invalidArgument("this storefront has no pictures")
    }

    /// A storefront without cart metafields says it does not take them.
    public func mutate(_ mutation: CartMetafieldMutation) async throws -> CartMetafieldAnswer {
        throw mutation.notTaken
    }

    /// The same storefront as a buyer in another country and language sees it
    /// (`@inContext(country:, language:)`): prices, currency, what is sold there, text. Every
    /// request sent through it that names no market of its own carries `context`.
    public func inContext(_ context: BuyerContext) -> any StorefrontClient {
        let base = (self as? StorefrontInMarket)?.base ?? self
        // The embedded shop answers a request without a market in its own: it is its own client there.
        if context == .shop, let embedded = base as? EmbeddedStorefront { return embedded }
        return StorefrontInMarket(base: base, context: context)
    }

    /// The embedded storefront behind this client, also when it answers in a market; nil for a
    /// storefront over the network.
    public var embeddedStorefront: EmbeddedStorefront? {
        (self as? EmbeddedStorefront) ?? (self as? StorefrontInMarket)?.base.embeddedStorefront
    }

    /// `cartLinesAdd` that says how many units of each merchandise the cart gained in this call.
    /// A store that counts them itself (the embedded shop, in the same transaction) is taken at its
    /// word; otherwise (the Storefront API answers only the cart after) the cart is read just before
    /// the add and what it gained is counted against that, not against the cart as the caller last
    /// saw it (another process may have changed it).
    public func addLines(cartId: String, lines: [CartLineInput]) async throws -> CartPayload {
        let before = try? await cart(id: cartId)
        var payload = try await cartLinesAdd(cartId: cartId, lines: lines)
        if payload.unitsAdded == nil, let before, let after = payload.cart {
            payload.unitsAdded = CartPayload.gained(by: lines, before: before, after: after)
        }
        return payload
    }
}

/// A storefront in one buyer's market: each request it passes on carries that market, unless the
/// request names its own.
struct StorefrontInMarket: StorefrontClient {
    let base: any StorefrontClient
    let context: BuyerContext

    func query(_ request: StorefrontQuery) async throws -> StorefrontAnswer {
        try await base.query(StorefrontQuery(request.read, context: request.context ?? context))
    }
    func mutate(_ mutation: CartMutation) async throws -> CartPayload {
        try await base.mutate(CartMutation(mutation.change, context: mutation.context ?? context))
    }
    func mutate(_ mutation: CartMetafieldMutation) async throws -> CartMetafieldAnswer { try await base.mutate(mutation) }
    func pictureData(url: String, maxBytes: Int) async throws -> Data { try await base.pictureData(url: url, maxBytes: maxBytes) }
}

extension Localization {
    /// A shop that sells in its own country only, in English.
    public static func home(of shop: Shop) -> Localization {
        let home = Market.home(of: shop)
        return Localization(availableCountries: [home.localizationCountry], country: home.localizationCountry, language: "EN")
    }
}

/// The side of a store that a checkout talks to when the buyer pays. The embedded storefront
/// implements it; the simulated checkout uses it to look up carts and to place orders.
public protocol CheckoutBackend: Sendable {
    func shop() async throws -> Shop
    func cart(id: String) async throws -> Cart?
    /// The cart as its buyer reads it in the checkout: in its own country's language, as the cart
    /// screen showed it (`cart(id:)` answers in the shop's own, as the API does without `@inContext`).
    func checkoutCart(id: String) async throws -> Cart?
    /// The cart behind a checkout URL, or nil if the URL names no cart of this store.
    func cartId(forCheckoutURL url: String) -> String?
    func checkoutState(cartId: String) async throws -> CartCheckoutState
    /// Whether this backend can place the cart's order, or the buyer must pay in a browser.
    func orderPlacement(cartId: String, checkoutURL: String) async throws -> OrderPlacement
    /// Completes the named cart: the shop builds the order from the cart it keeps, prices it,
    /// takes the stock and records it. Idempotent per `request.checkoutSessionId`: a second call
    /// returns the first order. A cart that cannot become an order throws `OrderPlacementError`.
    func placeOrder(_ request: CheckoutCompletion) async throws -> Order
    /// The orders to show whoever shops here (a remote shop: this terminal's guest orders).
    func orders() async throws -> [Order]
    /// The order a checkout session placed, whoever placed it, or nil when it placed none: how a
    /// replayed completion finds the order recorded first.
    func order(checkoutSessionId: String) async throws -> Order?
}
