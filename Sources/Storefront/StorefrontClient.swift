import Foundation
import StorefrontModels

/// Everything the app reads from and writes to a storefront. Two implementations: the embedded
/// storefront (a catalog file, carts on disk) and the Storefront API over HTTP.
///
/// Cart mutations return user errors and warnings in the payload; they throw only when the request
/// itself failed (transport, HTTP status, malformed response).
public protocol StorefrontClient: Sendable {
    func shop() async throws -> Shop

    /// Collections, each carrying up to `productPreview` of its first products.
    func collections(_ page: PageArguments, sortKey: CollectionSortKeys, productPreview: Int) async throws -> Page<Collection>
    func collection(handle: String) async throws -> Collection?
    func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys,
                            reverse: Bool) async throws -> Page<Product>

    /// All products, optionally filtered by a query in the Shopify search syntax.
    func products(_ page: PageArguments, query: String?, sortKey: ProductSortKeys, reverse: Bool) async throws -> Page<Product>
    func product(handle: String) async throws -> Product?
    func product(id: String) async throws -> Product?
    func productRecommendations(productId: String) async throws -> [Product]
    /// `search(query:, types: [PRODUCT])`.
    func search(query: String, page: PageArguments) async throws -> Page<Product>
    func predictiveSearch(query: String, limit: Int) async throws -> [Product]

    /// A collection's products through storefront filters, with how many pass and the filters
    /// the collection offers (`Collection.products(filters:)`).
    func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys, reverse: Bool,
                            filters: [ProductFilter]) async throws -> Listing<Product>
    /// `search(query:, productFilters:, unavailableProducts:, sortKey:, reverse:)` over products, with the same.
    func search(query: String, page: PageArguments, sortKey: ProductSortKeys, reverse: Bool, unavailableProducts: UnavailableProducts,
                filters: [ProductFilter]) async throws -> Listing<Product>
    /// `collections(query:, sortKey:, reverse:)`, with how many match.
    func collections(_ page: PageArguments, query: String?, sortKey: CollectionSortKeys, reverse: Bool) async throws -> Listing<Collection>

    /// nil when the cart does not exist or has expired: start a new one.
    func cart(id: String) async throws -> Cart?
    func cartCreate(_ input: CartInput) async throws -> CartPayload
    func cartLinesAdd(cartId: String, lines: [CartLineInput]) async throws -> CartPayload
    func cartLinesUpdate(cartId: String, lines: [CartLineUpdateInput]) async throws -> CartPayload
    func cartLinesRemove(cartId: String, lineIds: [String]) async throws -> CartPayload
    func cartBuyerIdentityUpdate(cartId: String, buyerIdentity: BuyerIdentity) async throws -> CartPayload
    func cartDiscountCodesUpdate(cartId: String, discountCodes: [String]) async throws -> CartPayload
    func cartNoteUpdate(cartId: String, note: String) async throws -> CartPayload
    func cartAttributesUpdate(cartId: String, attributes: [Attribute]) async throws -> CartPayload
    func cartDeliveryAddressesAdd(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload
    func cartDeliveryAddressesUpdate(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload
    func cartDeliveryAddressesRemove(cartId: String, addressIds: [String]) async throws -> CartPayload
    func cartDeliveryAddressesReplace(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload
    func cartSelectedDeliveryOptionsUpdate(cartId: String, options: [CartSelectedDeliveryOptionInput]) async throws -> CartPayload
    func cartGiftCardCodesAdd(cartId: String, giftCardCodes: [String]) async throws -> CartPayload
    func cartGiftCardCodesUpdate(cartId: String, giftCardCodes: [String]) async throws -> CartPayload
    func cartGiftCardCodesRemove(cartId: String, appliedGiftCardIds: [String]) async throws -> CartPayload
    /// Sets metafields on the carts their `ownerId`s name: all of them, or none when any is refused.
    func cartMetafieldsSet(_ metafields: [CartMetafieldInput]) async throws -> CartMetafieldsSetPayload
    /// Deletes a cart's metafield by "namespace.key" (or a key of the app's namespace).
    func cartMetafieldDelete(ownerId: String, key: String) async throws -> CartMetafieldDeletePayload

    /// The bytes of a product picture (`ProductImage.pictureUrl`), at most `maxBytes` long.
    func pictureData(url: String, maxBytes: Int) async throws -> Data

    /// The same storefront as a buyer in another country and language sees it
    /// (`@inContext(country:, language:)`): prices, currency, what is sold there, text.
    func inContext(_ context: BuyerContext) -> any StorefrontClient
    /// The countries the shop sells in, and the buyer's country and language.
    func localization() async throws -> Localization

    /// The custom fields the shop keeps on a product or variant, by its id.
    func metafields(ownerId: String) async throws -> [Metafield]
}

extension StorefrontClient {
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

    /// A storefront without pictures: every picture is unavailable.
    public func pictureData(url: String, maxBytes: Int) async throws -> Data {
        throw StorefrontError.invalidArgument("this storefront has no pictures")
    }

    // The app itself never sends these; a storefront that does not take them says so.
    public func cartAttributesUpdate(cartId: String, attributes: [Attribute]) async throws -> CartPayload {
        throw notTaken("cartAttributesUpdate")
    }
    public func cartDeliveryAddressesAdd(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        throw notTaken("cartDeliveryAddressesAdd")
    }
    public func cartDeliveryAddressesUpdate(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        throw notTaken("cartDeliveryAddressesUpdate")
    }
    public func cartDeliveryAddressesRemove(cartId: String, addressIds: [String]) async throws -> CartPayload {
        throw notTaken("cartDeliveryAddressesRemove")
    }
    public func cartDeliveryAddressesReplace(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        throw notTaken("cartDeliveryAddressesReplace")
    }
    public func cartSelectedDeliveryOptionsUpdate(cartId: String, options: [CartSelectedDeliveryOptionInput]) async throws -> CartPayload {
        throw notTaken("cartSelectedDeliveryOptionsUpdate")
    }
    public func cartGiftCardCodesAdd(cartId: String, giftCardCodes: [String]) async throws -> CartPayload {
        throw notTaken("cartGiftCardCodesAdd")
    }
    public func cartGiftCardCodesUpdate(cartId: String, giftCardCodes: [String]) async throws -> CartPayload {
        throw notTaken("cartGiftCardCodesUpdate")
    }
    public func cartGiftCardCodesRemove(cartId: String, appliedGiftCardIds: [String]) async throws -> CartPayload {
        throw notTaken("cartGiftCardCodesRemove")
    }
    public func cartMetafieldsSet(_ metafields: [CartMetafieldInput]) async throws -> CartMetafieldsSetPayload {
        throw notTaken("cartMetafieldsSet")
    }
    public func cartMetafieldDelete(ownerId: String, key: String) async throws -> CartMetafieldDeletePayload {
        throw notTaken("cartMetafieldDelete")
    }

    /// The error of a mutation this storefront does not take.
    private func notTaken(_ mutation: String) -> StorefrontError {
        .invalidArgument("this storefront does not take \(mutation)")
    }

    /// A storefront without markets sells in its own country only.
    public func inContext(_ context: BuyerContext) -> any StorefrontClient { self }

    public func localization() async throws -> Localization {
        let home = Market.home(of: try await shop())
        return Localization(availableCountries: [home.localizationCountry], country: home.localizationCountry, language: "EN")
    }

    /// A storefront that is not asked for metafields (the app's client reads none) has none.
    public func metafields(ownerId: String) async throws -> [Metafield] { [] }
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
