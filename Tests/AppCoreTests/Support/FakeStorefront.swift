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
    /// The buyer's market of a request that names none: what its collections and products answer with.
    var context = BuyerContext()
    var onMarketCollections: (@Sendable (BuyerContext, PageArguments) async throws -> Page<Collection>)?
    /// A product as the buyer's market answers it (nil: the market does not have it); overrides `onProduct`.
    var onMarketProduct: (@Sendable (BuyerContext, String) async throws -> Product?)?

    func query(_ request: StorefrontQuery) async throws -> StorefrontAnswer {
        let context = request.context ?? self.context
        switch request.read {
        case .shop: return .shop(try await onShop())
        case .localization:
            if let onLocalization { return .localization(try await onLocalization()) }
            let shop = try await onShop()
            let home = Localization.Country(isoCode: shop.countryCode, name: shop.countryCode, currencyCode: shop.currencyCode,
                                            currencySymbol: Money.symbol(of: shop.currencyCode))
            return .localization(Localization(availableCountries: [home], country: home, language: "EN"))
        case .collections(let page, _, _):
            if let onMarketCollections { return .collections(try await onMarketCollections(context, page)) }
            return .collections(try await onCollections(page))
        case .collectionProducts(let handle, let page, _, _): return .products(try await onCollectionProducts(handle, page))
        case .productByHandle(let handle):
            if let onMarketProduct { return .product(try await onMarketProduct(context, handle)) }
            return .product(try await onProduct(handle))
        case .search(let query, let page): return .products(try await onSearch(query, page))
        case .cart(let id): return .cart(try await onCart(id))
        case .metafields: return .metafields([])
        case .collection: throw Unexpected(endpoint: "collection")
        case .products: throw Unexpected(endpoint: "products")
        case .productById: throw Unexpected(endpoint: "product(id:)")
        case .productRecommendations: throw Unexpected(endpoint: "recommendations")
        case .predictiveSearch: throw Unexpected(endpoint: "predictiveSearch")
        case .filteredCollectionProducts, .filteredSearch, .collectionSearch: throw request.notAnswered
        }
    }

    func mutate(_ mutation: CartMutation) async throws -> CartPayload {
        switch mutation.change {
        case .create(let input): return try await onCartCreate(input)
        case .linesAdd(let cartId, let lines): return try await onLinesAdd(cartId, lines)
        case .linesUpdate(let cartId, let lines): return try await onLinesUpdate(cartId, lines)
        case .linesRemove(let cartId, let lineIds): return try await onLinesRemove(cartId, lineIds)
        case .buyerIdentityUpdate(let cartId, let identity): return try await onBuyerIdentity(cartId, identity)
        case .discountCodesUpdate(let cartId, let codes): return try await onDiscountCodes(cartId, codes)
        case .noteUpdate(let cartId, let note): return try await onNote(cartId, note)
        default: throw mutation.notTaken
        }
    }
}
