import Foundation
import Storefront

/// A storefront whose answers each test provides. An endpoint a test did not provide throws, so an
/// unexpected request shows up as a failure action the test did not expect.
struct FakeStorefront: StorefrontClient {
    struct Unexpected: Error, CustomStringConvertible {
        var endpoint: String
        var description: String { "unexpected request: \(endpoint)" }
    }

    var onCollections: @Sendable (PageArguments) async throws -> Page<Collection> = { _ in throw Unexpected(endpoint: "collections") }
    var onCollectionProducts: @Sendable (String, PageArguments) async throws -> Page<Product> = { _, _ in
        throw Unexpected(endpoint: "collectionProducts")
    }
    var onProduct: @Sendable (String) async throws -> Product? = { _ in throw Unexpected(endpoint: "product") }
    var onSearch: @Sendable (String, PageArguments) async throws -> Page<Product> = { _, _ in throw Unexpected(endpoint: "search") }
    var onCart: @Sendable (String) async throws -> Cart? = { _ in throw Unexpected(endpoint: "cart") }
    var onCartCreate: @Sendable (CartInput) async throws -> CartPayload = { _ in throw Unexpected(endpoint: "cartCreate") }
    var onLinesAdd: @Sendable (String, [CartLineInput]) async throws -> CartPayload = { _, _ in throw Unexpected(endpoint: "cartLinesAdd") }
    var onLinesUpdate: @Sendable (String, [CartLineUpdateInput]) async throws -> CartPayload = { _, _ in
        throw Unexpected(endpoint: "cartLinesUpdate")
    }
    var onLinesRemove: @Sendable (String, [String]) async throws -> CartPayload = { _, _ in throw Unexpected(endpoint: "cartLinesRemove") }
    var onDiscountCodes: @Sendable (String, [String]) async throws -> CartPayload = { _, _ in
        throw Unexpected(endpoint: "cartDiscountCodesUpdate")
    }
    var onNote: @Sendable (String, String) async throws -> CartPayload = { _, _ in throw Unexpected(endpoint: "cartNoteUpdate") }
    var onBuyerIdentity: @Sendable (String, BuyerIdentity) async throws -> CartPayload = { _, _ in
        throw Unexpected(endpoint: "cartBuyerIdentityUpdate")
    }

    var onShop: @Sendable () async throws -> Shop = { throw Unexpected(endpoint: "shop") }
    /// The countries the shop sells in; nil: a shop in its own country only.
    var onLocalization: (@Sendable () async throws -> Localization)?
    /// The buyer's market this copy asks in (`inContext`): what its collections and products answer with.
    var context = BuyerContext()
    var onMarketCollections: (@Sendable (BuyerContext, PageArguments) async throws -> Page<Collection>)?
    var onMarketProduct: (@Sendable (BuyerContext, String) async throws -> Product?)?

    func inContext(_ context: BuyerContext) -> any StorefrontClient {
        var copy = self
        copy.context = context
        return copy
    }

    func localization() async throws -> Localization {
        if let onLocalization { return try await onLocalization() }
        let shop = try await shop()
        let home = Localization.Country(isoCode: shop.countryCode, name: shop.countryCode, currencyCode: shop.currencyCode,
                                        currencySymbol: Money.symbol(of: shop.currencyCode))
        return Localization(availableCountries: [home], country: home, language: "EN")
    }

    func shop() async throws -> Shop { try await onShop() }
    func collections(_ page: PageArguments, sortKey: CollectionSortKeys, productPreview: Int) async throws -> Page<Collection> {
        if let onMarketCollections { return try await onMarketCollections(context, page) }
        return try await onCollections(page)
    }
    func collection(handle: String) async throws -> Collection? { throw Unexpected(endpoint: "collection") }
    func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys,
                            reverse: Bool) async throws -> Page<Product> {
        try await onCollectionProducts(handle, page)
    }
    func products(_ page: PageArguments, query: String?, sortKey: ProductSortKeys, reverse: Bool) async throws -> Page<Product> {
        throw Unexpected(endpoint: "products")
    }
    func product(handle: String) async throws -> Product? {
        if let onMarketProduct { return try await onMarketProduct(context, handle) }
        return try await onProduct(handle)
    }
    func product(id: String) async throws -> Product? { throw Unexpected(endpoint: "product(id:)") }
    func productRecommendations(productId: String) async throws -> [Product] { throw Unexpected(endpoint: "recommendations") }
    func search(query: String, page: PageArguments) async throws -> Page<Product> { try await onSearch(query, page) }
    func predictiveSearch(query: String, limit: Int) async throws -> [Product] { throw Unexpected(endpoint: "predictiveSearch") }
    func cart(id: String) async throws -> Cart? { try await onCart(id) }
    func cartCreate(_ input: CartInput) async throws -> CartPayload { try await onCartCreate(input) }
    func cartLinesAdd(cartId: String, lines: [CartLineInput]) async throws -> CartPayload { try await onLinesAdd(cartId, lines) }
    func cartLinesUpdate(cartId: String, lines: [CartLineUpdateInput]) async throws -> CartPayload {
        try await onLinesUpdate(cartId, lines)
    }
    func cartLinesRemove(cartId: String, lineIds: [String]) async throws -> CartPayload { try await onLinesRemove(cartId, lineIds) }
    func cartBuyerIdentityUpdate(cartId: String, buyerIdentity: BuyerIdentity) async throws -> CartPayload {
        try await onBuyerIdentity(cartId, buyerIdentity)
    }
    func cartDiscountCodesUpdate(cartId: String, discountCodes: [String]) async throws -> CartPayload {
        try await onDiscountCodes(cartId, discountCodes)
    }
    func cartNoteUpdate(cartId: String, note: String) async throws -> CartPayload { try await onNote(cartId, note) }
}
