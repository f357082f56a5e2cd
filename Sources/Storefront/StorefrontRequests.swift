import Foundation
import StorefrontModels

/// One read of a storefront, in the market of the buyer who asks: the `query` entry point of
/// `StorefrontClient`. `context` is `@inContext(country:, language:)`; nil asks in the client's own
/// default (the shop's market for the embedded shop, the configured country over the API).
public struct StorefrontQuery: Sendable {
    public enum Read: Sendable {
        case shop
        /// Collections, each carrying up to `productPreview` of its first products.
        case collections(PageArguments, sortKey: CollectionSortKeys, productPreview: Int)
        case collection(handle: String)
        case collectionProducts(handle: String, PageArguments, sortKey: ProductCollectionSortKeys, reverse: Bool)
        /// All products, optionally filtered by a query in the Shopify search syntax.
        case products(PageArguments, query: String?, sortKey: ProductSortKeys, reverse: Bool)
        case productByHandle(String)
        case productById(String)
        case productRecommendations(productId: String)
        /// `search(query:, types: [PRODUCT])`.
        case search(query: String, PageArguments)
        case predictiveSearch(query: String, limit: Int)
        /// A collection's products through storefront filters, with how many pass and the filters
        /// the collection offers (`Collection.products(filters:)`).
        case filteredCollectionProducts(handle: String, PageArguments, sortKey: ProductCollectionSortKeys, reverse: Bool,
                                        filters: [ProductFilter])
        /// `search(query:, productFilters:, unavailableProducts:, sortKey:, reverse:)` over products, with the same.
        case filteredSearch(query: String, PageArguments, sortKey: ProductSortKeys, reverse: Bool,
                            unavailableProducts: UnavailableProducts, filters: [ProductFilter])
        /// `collections(query:, sortKey:, reverse:)`, with how many match.
        case collectionSearch(PageArguments, query: String?, sortKey: CollectionSortKeys, reverse: Bool)
        /// nil when the cart does not exist or has expired: start a new one.
        case cart(id: String)
        /// The countries the shop sells in, and the buyer's country and language.
        case localization
        /// The custom fields the shop keeps on a product or variant, by its id.
        case metafields(ownerId: String)
    }

    public var read: Read
    public var context: BuyerContext?

    public init(_ read: Read, context: BuyerContext? = nil) {
        self.read = read; self.context = context
    }

    /// The field a storefront answers this read with, for messages.
    public var name: String {
        switch read {
        case .shop: "shop"
        case .collections: "collections"
        case .collection: "collection"
        case .collectionProducts: "collection.products"
        case .products: "products"
        case .productByHandle: "product(handle:)"
        case .productById: "product(id:)"
        case .productRecommendations: "productRecommendations"
        case .search: "search"
        case .predictiveSearch: "predictiveSearch"
        case .filteredCollectionProducts: "collection.products(filters:)"
        case .filteredSearch: "search(productFilters:)"
        case .collectionSearch: "collections(query:)"
        case .cart: "cart"
        case .localization: "localization"
        case .metafields: "metafields"
        }
    }

    /// The error of a read this storefront does not answer.
    public var notAnswered: StorefrontError {
        switch read {
        case .filteredCollectionProducts: .invalidArgument("this storefront does not filter a collection's products")
        case .filteredSearch: .invalidArgument("this storefront does not filter search results")
        case .collectionSearch: .invalidArgument("this storefront does not search collections")
        default: .invalidArgument("this storefront does not answer \(name)")
        }
    }
}

/// What a storefront answers a `StorefrontQuery` with: one case per kind of answer.
public enum StorefrontAnswer: Sendable {
    case shop(Shop)
    case collections(Page<Collection>)
    case collection(Collection?)
    case products(Page<Product>)
    case product(Product?)
    case productList([Product])
    case productListing(Listing<Product>)
    case collectionListing(Listing<Collection>)
    case cart(Cart?)
    case localization(Localization)
    case metafields([Metafield])

    /// The kind of answer, for messages.
    public var name: String {
        switch self {
        case .shop: "a shop"
        case .collections: "a page of collections"
        case .collection: "a collection"
        case .products: "a page of products"
        case .product: "a product"
        case .productList: "a list of products"
        case .productListing: "a listing of products"
        case .collectionListing: "a listing of collections"
        case .cart: "a cart"
        case .localization: "a localization"
        case .metafields: "metafields"
        }
    }
}

/// One cart mutation, in the market of the buyer who sends it: the `mutate` entry point of
/// `StorefrontClient`. Every change but `create` names its cart. `context` as in `StorefrontQuery`;
/// a new cart takes the context's country as its buyer's, as `@inContext` does on `cartCreate`.
public struct CartMutation: Sendable {
    public enum Change: Sendable {
        case create(CartInput)
        case linesAdd(cartId: String, lines: [CartLineInput])
        case linesUpdate(cartId: String, lines: [CartLineUpdateInput])
        case linesRemove(cartId: String, lineIds: [String])
        case buyerIdentityUpdate(cartId: String, buyerIdentity: BuyerIdentity)
        case discountCodesUpdate(cartId: String, discountCodes: [String])
        case noteUpdate(cartId: String, note: String)
        case attributesUpdate(cartId: String, attributes: [Attribute])
        case deliveryAddressesAdd(cartId: String, addresses: [CartSelectableAddressInput])
        case deliveryAddressesUpdate(cartId: String, addresses: [CartSelectableAddressInput])
        case deliveryAddressesRemove(cartId: String, addressIds: [String])
        case deliveryAddressesReplace(cartId: String, addresses: [CartSelectableAddressInput])
        case selectedDeliveryOptionsUpdate(cartId: String, options: [CartSelectedDeliveryOptionInput])
        case giftCardCodesAdd(cartId: String, giftCardCodes: [String])
        case giftCardCodesUpdate(cartId: String, giftCardCodes: [String])
        case giftCardCodesRemove(cartId: String, appliedGiftCardIds: [String])
    }

    public var change: Change
    public var context: BuyerContext?

    public init(_ change: Change, context: BuyerContext? = nil) {
        self.change = change; self.context = context
    }

    /// The Storefront API's name of the mutation.
    public var name: String {
        switch change {
        case .create: "cartCreate"
        case .linesAdd: "cartLinesAdd"
        case .linesUpdate: "cartLinesUpdate"
        case .linesRemove: "cartLinesRemove"
        case .buyerIdentityUpdate: "cartBuyerIdentityUpdate"
        case .discountCodesUpdate: "cartDiscountCodesUpdate"
        case .noteUpdate: "cartNoteUpdate"
        case .attributesUpdate: "cartAttributesUpdate"
        case .deliveryAddressesAdd: "cartDeliveryAddressesAdd"
        case .deliveryAddressesUpdate: "cartDeliveryAddressesUpdate"
        case .deliveryAddressesRemove: "cartDeliveryAddressesRemove"
        case .deliveryAddressesReplace: "cartDeliveryAddressesReplace"
        case .selectedDeliveryOptionsUpdate: "cartSelectedDeliveryOptionsUpdate"
        case .giftCardCodesAdd: "cartGiftCardCodesAdd"
        case .giftCardCodesUpdate: "cartGiftCardCodesUpdate"
        case .giftCardCodesRemove: "cartGiftCardCodesRemove"
        }
    }

    /// The error of a mutation this storefront does not take.
    public var notTaken: StorefrontError { .invalidArgument("this storefront does not take \(name)") }
}

/// The metafield mutations on carts. Metafields are text: the same in every market, so they carry none.
public enum CartMetafieldMutation: Sendable {
    /// Sets metafields on the carts their `ownerId`s name: all of them, or none when any is refused.
    case set([CartMetafieldInput])
    /// Deletes a cart's metafield by "namespace.key" (or a key of the app's namespace).
    case delete(ownerId: String, key: String)

    public var name: String {
        switch self {
        case .set: "cartMetafieldsSet"
        case .delete: "cartMetafieldDelete"
        }
    }

    public var notTaken: StorefrontError { .invalidArgument("this storefront does not take \(name)") }
}

/// What a storefront answers a `CartMetafieldMutation` with.
public enum CartMetafieldAnswer: Sendable {
    case set(CartMetafieldsSetPayload)
    case deleted(CartMetafieldDeletePayload)

    var name: String {
        switch self {
        case .set: "a cartMetafieldsSet payload"
        case .deleted: "a cartMetafieldDelete payload"
        }
    }
}
