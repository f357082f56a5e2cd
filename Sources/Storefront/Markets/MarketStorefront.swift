import Foundation
import StorefrontModels

/// The embedded storefront as a buyer in one country and language sees it: every product it reads
/// priced in that market's currency, and in the buyer's language where the catalog has a
/// translation. A product the market does not sell is not there at all, as the Storefront API
/// leaves a product out of a market it is not published to: missing from lists and search, and
/// `product(handle:)` answers null. Carts are priced in their own country
/// (`buyerIdentity.countryCode`): a new cart takes the buyer's, as `@inContext` does on `cartCreate`.
struct MarketStorefront: StorefrontClient {
    let base: EmbeddedStorefront
    let context: BuyerContext

    private var markets: Markets { base.catalog.markets }
    private func local(_ product: Product) -> Product { markets.localize(product, context) }
    private func sold(_ product: Product) -> Product? { markets.sells(product, context) ? local(product) : nil }
    private func sold(_ page: Page<Product>) -> Page<Product> { markets.localize(page, context) }

    func shop() async throws -> Shop { try await base.shop() }

    func collections(_ page: PageArguments, sortKey: CollectionSortKeys, productPreview: Int) async throws -> Page<Collection> {
        markets.localize(try await base.collections(page, sortKey: sortKey, productPreview: productPreview)) {
            markets.localize($0, context)
        }
    }

    func collection(handle: String) async throws -> Collection? {
        try await base.collection(handle: handle).map { markets.localize($0, context) }
    }

    func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys,
                            reverse: Bool) async throws -> Page<Product> {
        // The market's own list (what it sells), so a page is full and its cursors are the ones serve gives.
        try base.collectionListing(handle: handle, page: page, sortKey: sortKey, reverse: reverse, filters: [], context: context)
            .map(local).page
    }

    func products(_ page: PageArguments, query: String?, sortKey: ProductSortKeys, reverse: Bool) async throws -> Page<Product> {
        sold(try await base.products(page, query: query, sortKey: sortKey, reverse: reverse))
    }

    func product(handle: String) async throws -> Product? { try await base.product(handle: handle).flatMap(sold) }
    func product(id: String) async throws -> Product? { try await base.product(id: id).flatMap(sold) }
    func productRecommendations(productId: String) async throws -> [Product] {
        try await base.productRecommendations(productId: productId).compactMap(sold)
    }
    func search(query: String, page: PageArguments) async throws -> Page<Product> {
        try base.searchListing(query: query, page: page, sortKey: .relevance, reverse: false, unavailableProducts: .show,
                               filters: [], context: context).map(local).page
    }
    func predictiveSearch(query: String, limit: Int) async throws -> [Product] {
        try await base.predictiveSearch(query: query, limit: limit).compactMap(sold)
    }
    func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys, reverse: Bool,
                            filters: [ProductFilter]) async throws -> Listing<Product> {
        try base.collectionListing(handle: handle, page: page, sortKey: sortKey, reverse: reverse, filters: filters, context: context).map(local)
    }
    func search(query: String, page: PageArguments, sortKey: ProductSortKeys, reverse: Bool, unavailableProducts: UnavailableProducts,
                filters: [ProductFilter]) async throws -> Listing<Product> {
        try base.searchListing(query: query, page: page, sortKey: sortKey, reverse: reverse, unavailableProducts: unavailableProducts,
                               filters: filters, context: context).map(local)
    }
    func collections(_ page: PageArguments, query: String?, sortKey: CollectionSortKeys, reverse: Bool) async throws -> Listing<Collection> {
        try await base.collections(page, query: query, sortKey: sortKey, reverse: reverse).map { markets.localize($0, context) }
    }

    func cart(id: String) async throws -> Cart? { try await base.cart(id: id).map { markets.localize($0, context) } }
    func cartCreate(_ input: CartInput) async throws -> CartPayload {
        var input = input
        if let country = context.country, input.buyerIdentity?.countryCode == nil {
            input.buyerIdentity = input.buyerIdentity ?? BuyerIdentity()
            input.buyerIdentity?.countryCode = country
        }
        return markets.localize(try await base.cartCreate(input), context)
    }
    func cartLinesAdd(cartId: String, lines: [CartLineInput]) async throws -> CartPayload {
        markets.localize(try await base.cartLinesAdd(cartId: cartId, lines: lines), context)
    }
    func cartLinesUpdate(cartId: String, lines: [CartLineUpdateInput]) async throws -> CartPayload {
        markets.localize(try await base.cartLinesUpdate(cartId: cartId, lines: lines), context)
    }
    func cartLinesRemove(cartId: String, lineIds: [String]) async throws -> CartPayload {
        markets.localize(try await base.cartLinesRemove(cartId: cartId, lineIds: lineIds), context)
    }
    func cartBuyerIdentityUpdate(cartId: String, buyerIdentity: BuyerIdentity) async throws -> CartPayload {
        markets.localize(try await base.cartBuyerIdentityUpdate(cartId: cartId, buyerIdentity: buyerIdentity), context)
    }
    func cartDiscountCodesUpdate(cartId: String, discountCodes: [String]) async throws -> CartPayload {
        markets.localize(try await base.cartDiscountCodesUpdate(cartId: cartId, discountCodes: discountCodes), context)
    }
    func cartNoteUpdate(cartId: String, note: String) async throws -> CartPayload {
        markets.localize(try await base.cartNoteUpdate(cartId: cartId, note: note), context)
    }
    func cartAttributesUpdate(cartId: String, attributes: [Attribute]) async throws -> CartPayload {
        markets.localize(try await base.cartAttributesUpdate(cartId: cartId, attributes: attributes), context)
    }
    func cartDeliveryAddressesAdd(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        markets.localize(try await base.cartDeliveryAddressesAdd(cartId: cartId, addresses: addresses), context)
    }
    func cartDeliveryAddressesUpdate(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        markets.localize(try await base.cartDeliveryAddressesUpdate(cartId: cartId, addresses: addresses), context)
    }
    func cartDeliveryAddressesRemove(cartId: String, addressIds: [String]) async throws -> CartPayload {
        markets.localize(try await base.cartDeliveryAddressesRemove(cartId: cartId, addressIds: addressIds), context)
    }
    func cartDeliveryAddressesReplace(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        markets.localize(try await base.cartDeliveryAddressesReplace(cartId: cartId, addresses: addresses), context)
    }
    func cartSelectedDeliveryOptionsUpdate(cartId: String, options: [CartSelectedDeliveryOptionInput]) async throws -> CartPayload {
        markets.localize(try await base.cartSelectedDeliveryOptionsUpdate(cartId: cartId, options: options), context)
    }
    func cartGiftCardCodesAdd(cartId: String, giftCardCodes: [String]) async throws -> CartPayload {
        markets.localize(try await base.cartGiftCardCodesAdd(cartId: cartId, giftCardCodes: giftCardCodes), context)
    }
    func cartGiftCardCodesUpdate(cartId: String, giftCardCodes: [String]) async throws -> CartPayload {
        markets.localize(try await base.cartGiftCardCodesUpdate(cartId: cartId, giftCardCodes: giftCardCodes), context)
    }
    func cartGiftCardCodesRemove(cartId: String, appliedGiftCardIds: [String]) async throws -> CartPayload {
        markets.localize(try await base.cartGiftCardCodesRemove(cartId: cartId, appliedGiftCardIds: appliedGiftCardIds), context)
    }
    // Metafields are text: the same in every market.
    func cartMetafieldsSet(_ metafields: [CartMetafieldInput]) async throws -> CartMetafieldsSetPayload {
        try await base.cartMetafieldsSet(metafields)
    }
    func cartMetafieldDelete(ownerId: String, key: String) async throws -> CartMetafieldDeletePayload {
        try await base.cartMetafieldDelete(ownerId: ownerId, key: key)
    }
    func pictureData(url: String, maxBytes: Int) async throws -> Data { try await base.pictureData(url: url, maxBytes: maxBytes) }

    func inContext(_ context: BuyerContext) -> any StorefrontClient { base.inContext(context) }
    func metafields(ownerId: String) async throws -> [Metafield] { try await base.metafields(ownerId: ownerId) }
    func localization() async throws -> Localization { markets.localization(context) }
}

extension EmbeddedStorefront {
    public nonisolated func inContext(_ context: BuyerContext) -> any StorefrontClient {
        context == .shop ? self : MarketStorefront(base: self, context: context)
    }

    public nonisolated func localization() async throws -> Localization { catalog.markets.localization(.shop) }
}

extension StorefrontClient {
    /// The embedded storefront behind this client, also when it answers in a market; nil for a
    /// storefront over the network.
    public var embeddedStorefront: EmbeddedStorefront? { (self as? EmbeddedStorefront) ?? (self as? MarketStorefront)?.base }
}
