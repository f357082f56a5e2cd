import Foundation
import StorefrontModels

// The typed reads and mutations callers use, each one request through `query` or `mutate` in the
// client's own market (`inContext(_:)` gives a client in another).
extension StorefrontClient {
    public func shop() async throws -> Shop {
        try await ask(.shop) { if case .shop(let shop) = $0 { shop } else { nil } }
    }

    /// Collections, each carrying up to `productPreview` of its first products.
    public func collections(_ page: PageArguments, sortKey: CollectionSortKeys, productPreview: Int) async throws -> Page<Collection> {
        try await ask(.collections(page, sortKey: sortKey, productPreview: productPreview)) {
            if case .collections(let page) = $0 { page } else { nil }
        }
    }

    public func collection(handle: String) async throws -> Collection? {
        try await ask(.collection(handle: handle)) { if case .collection(let collection) = $0 { collection } else { nil } }
    }

    public func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys,
                                   reverse: Bool) async throws -> Page<Product> {
        try await products(.collectionProducts(handle: handle, page, sortKey: sortKey, reverse: reverse))
    }

    /// All products, optionally filtered by a query in the Shopify search syntax.
    public func products(_ page: PageArguments, query: String?, sortKey: ProductSortKeys, reverse: Bool) async throws -> Page<Product> {
        try await products(.products(page, query: query, sortKey: sortKey, reverse: reverse))
    }

    public func product(handle: String) async throws -> Product? { try await product(.productByHandle(handle)) }
    public func product(id: String) async throws -> Product? { try await product(.productById(id)) }

    public func productRecommendations(productId: String) async throws -> [Product] {
        try await productList(.productRecommendations(productId: productId))
    }

    /// `search(query:, types: [PRODUCT])`.
    public func search(query: String, page: PageArguments) async throws -> Page<Product> {
        try await products(.search(query: query, page))
    }

    public func predictiveSearch(query: String, limit: Int) async throws -> [Product] {
        try await productList(.predictiveSearch(query: query, limit: limit))
    }

    /// A collection's products through storefront filters, with how many pass and the filters
    /// the collection offers (`Collection.products(filters:)`).
    public func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys, reverse: Bool,
                                   filters: [ProductFilter]) async throws -> Listing<Product> {
        try await productListing(.filteredCollectionProducts(handle: handle, page, sortKey: sortKey, reverse: reverse, filters: filters))
    }

    /// `search(query:, productFilters:, unavailableProducts:, sortKey:, reverse:)` over products, with the same.
    public func search(query: String, page: PageArguments, sortKey: ProductSortKeys, reverse: Bool,
                       unavailableProducts: UnavailableProducts, filters: [ProductFilter]) async throws -> Listing<Product> {
        try await productListing(.filteredSearch(query: query, page, sortKey: sortKey, reverse: reverse,
                                                 unavailableProducts: unavailableProducts, filters: filters))
    }

    /// `collections(query:, sortKey:, reverse:)`, with how many match.
    public func collections(_ page: PageArguments, query: String?, sortKey: CollectionSortKeys,
                            reverse: Bool) async throws -> Listing<Collection> {
        try await ask(.collectionSearch(page, query: query, sortKey: sortKey, reverse: reverse)) {
            if case .collectionListing(let listing) = $0 { listing } else { nil }
        }
    }

    /// nil when the cart does not exist or has expired: start a new one.
    public func cart(id: String) async throws -> Cart? {
        try await ask(.cart(id: id)) { if case .cart(let cart) = $0 { cart } else { nil } }
    }

    /// The countries the shop sells in, and the buyer's country and language.
    public func localization() async throws -> Localization {
        try await ask(.localization) { if case .localization(let localization) = $0 { localization } else { nil } }
    }

    /// The custom fields the shop keeps on a product or variant, by its id.
    public func metafields(ownerId: String) async throws -> [Metafield] {
        try await ask(.metafields(ownerId: ownerId)) { if case .metafields(let metafields) = $0 { metafields } else { nil } }
    }

    // MARK: Cart mutations

    public func cartCreate(_ input: CartInput) async throws -> CartPayload { try await mutate(CartMutation(.create(input))) }

    public func cartLinesAdd(cartId: String, lines: [CartLineInput]) async throws -> CartPayload {
        try await mutate(CartMutation(.linesAdd(cartId: cartId, lines: lines)))
    }
    public func cartLinesUpdate(cartId: String, lines: [CartLineUpdateInput]) async throws -> CartPayload {
        try await mutate(CartMutation(.linesUpdate(cartId: cartId, lines: lines)))
    }
    public func cartLinesRemove(cartId: String, lineIds: [String]) async throws -> CartPayload {
        try await mutate(CartMutation(.linesRemove(cartId: cartId, lineIds: lineIds)))
    }
    public func cartBuyerIdentityUpdate(cartId: String, buyerIdentity: BuyerIdentity) async throws -> CartPayload {
        try await mutate(CartMutation(.buyerIdentityUpdate(cartId: cartId, buyerIdentity: buyerIdentity)))
    }
    public func cartDiscountCodesUpdate(cartId: String, discountCodes: [String]) async throws -> CartPayload {
        try await mutate(CartMutation(.discountCodesUpdate(cartId: cartId, discountCodes: discountCodes)))
    }
    public func cartNoteUpdate(cartId: String, note: String) async throws -> CartPayload {
        try await mutate(CartMutation(.noteUpdate(cartId: cartId, note: note)))
    }
    public func cartAttributesUpdate(cartId: String, attributes: [Attribute]) async throws -> CartPayload {
        try await mutate(CartMutation(.attributesUpdate(cartId: cartId, attributes: attributes)))
    }
    public func cartDeliveryAddressesAdd(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        try await mutate(CartMutation(.deliveryAddressesAdd(cartId: cartId, addresses: addresses)))
    }
    public func cartDeliveryAddressesUpdate(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        try await mutate(CartMutation(.deliveryAddressesUpdate(cartId: cartId, addresses: addresses)))
    }
    public func cartDeliveryAddressesRemove(cartId: String, addressIds: [String]) async throws -> CartPayload {
        try await mutate(CartMutation(.deliveryAddressesRemove(cartId: cartId, addressIds: addressIds)))
    }
    public func cartDeliveryAddressesReplace(cartId: String, addresses: [CartSelectableAddressInput]) async throws -> CartPayload {
        try await mutate(CartMutation(.deliveryAddressesReplace(cartId: cartId, addresses: addresses)))
    }
    public func cartSelectedDeliveryOptionsUpdate(cartId: String, options: [CartSelectedDeliveryOptionInput]) async throws -> CartPayload {
        try await mutate(CartMutation(.selectedDeliveryOptionsUpdate(cartId: cartId, options: options)))
    }
    public func cartGiftCardCodesAdd(cartId: String, giftCardCodes: [String]) async throws -> CartPayload {
        try await mutate(CartMutation(.giftCardCodesAdd(cartId: cartId, giftCardCodes: giftCardCodes)))
    }
    public func cartGiftCardCodesUpdate(cartId: String, giftCardCodes: [String]) async throws -> CartPayload {
        try await mutate(CartMutation(.giftCardCodesUpdate(cartId: cartId, giftCardCodes: giftCardCodes)))
    }
    public func cartGiftCardCodesRemove(cartId: String, appliedGiftCardIds: [String]) async throws -> CartPayload {
        try await mutate(CartMutation(.giftCardCodesRemove(cartId: cartId, appliedGiftCardIds: appliedGiftCardIds)))
    }

    /// Sets metafields on the carts their `ownerId`s name: all of them, or none when any is refused.
    public func cartMetafieldsSet(_ metafields: [CartMetafieldInput]) async throws -> CartMetafieldsSetPayload {
        let mutation = CartMetafieldMutation.set(metafields)
        let answer = try await mutate(mutation)
        guard case .set(let payload) = answer else { throw StorefrontError.mismatchedAnswer(request: mutation.name, answer: answer.name) }
        return payload
    }

    /// Deletes a cart's metafield by "namespace.key" (or a key of the app's namespace).
    public func cartMetafieldDelete(ownerId: String, key: String) async throws -> CartMetafieldDeletePayload {
        let mutation = CartMetafieldMutation.delete(ownerId: ownerId, key: key)
        let answer = try await mutate(mutation)
        guard case .deleted(let payload) = answer else { throw StorefrontError.mismatchedAnswer(request: mutation.name, answer: answer.name) }
        return payload
    }

    // MARK: Answers

    /// Sends `read` in the client's own market and takes what `extract` finds in the answer; an
    /// answer of another kind is a `StorefrontError.mismatchedAnswer`, never a trap.
    private func ask<Value>(_ read: StorefrontQuery.Read, _ extract: (StorefrontAnswer) -> Value?) async throws -> Value {
        let request = StorefrontQuery(read)
        let answer = try await query(request)
        guard let value = extract(answer) else { throw StorefrontError.mismatchedAnswer(request: request.name, answer: answer.name) }
        return value
    }

    private func products(_ read: StorefrontQuery.Read) async throws -> Page<Product> {
        try await ask(read) { if case .products(let page) = $0 { page } else { nil } }
    }
    private func product(_ read: StorefrontQuery.Read) async throws -> Product? {
        try await ask(read) { if case .product(let product) = $0 { product } else { nil } }
    }
    private func productList(_ read: StorefrontQuery.Read) async throws -> [Product] {
        try await ask(read) { if case .productList(let products) = $0 { products } else { nil } }
    }
    private func productListing(_ read: StorefrontQuery.Read) async throws -> Listing<Product> {
        try await ask(read) { if case .productListing(let listing) = $0 { listing } else { nil } }
    }
}
