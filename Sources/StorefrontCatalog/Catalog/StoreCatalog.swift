import Foundation
import StorefrontModels

/// A loaded, checked catalog: the shop, its products and collections, discount codes, lookups by
/// handle and id, and the search index. Immutable once built, so it is shared freely.
public struct StoreCatalog: Sendable {
    /// Where a variant lives: indices into `products` and that product's `variants`.
    public struct VariantLocation: Hashable, Sendable {
        public var product: Int
        public var variant: Int
    }

    /// Every part in one object that copies share: a catalog is copied out of its source for
    /// every request (and within it), and a copy is then one reference counted, not each of its
    /// lists, tables and indexes.
    private struct Parts: Sendable {
        var shop: Shop
        var products: [Product]
        var collections: [Collection]
        var collectionProductIndices: [[Int]]
        var discountCodes: [DiscountCode]
        var giftCards: [GiftCard] = []
        var searchIndex: SearchIndex
        var markets: Markets
        var metafields: [String: [Metafield]] = [:]
        var content = OnlineStoreContent.empty
        var lookups: CatalogLookups
        var collectionIndexByHandle: [String: Int]
        var collectionsOfProduct: [[Int]]
    }
    private var parts: CopyOnWrite<Parts>

    public var shop: Shop { parts.value.shop }
    /// Set once when built; `assign` then gives them their selling plans.
    public internal(set) var products: [Product] {
        get { parts.value.products }
        _modify { yield &parts.value.products }
    }
    /// Collections without their previews; `productIndices` holds each one's products in order.
    public var collections: [Collection] { parts.value.collections }
    public var collectionProductIndices: [[Int]] { parts.value.collectionProductIndices }
    public var discountCodes: [DiscountCode] { parts.value.discountCodes }
    /// Gift cards and their balances (set by the builder after the rest).
    public internal(set) var giftCards: [GiftCard] {
        get { parts.value.giftCards }
        _modify { yield &parts.value.giftCards }
    }
    public var searchIndex: SearchIndex { parts.value.searchIndex }
    /// The countries the shop sells in and the translations (the shop's own country alone unless
    /// the catalog has a `markets` section).
    public internal(set) var markets: Markets {
        get { parts.value.markets }
        _modify { yield &parts.value.markets }
    }
    /// The metafields of products and variants, by the id of the one that has them.
    public internal(set) var metafields: [String: [Metafield]] {
        get { parts.value.metafields }
        _modify { yield &parts.value.metafields }
    }
    /// The shop's pages and blogs (none unless the catalog has `pages` or `blogs`).
    public internal(set) var content: OnlineStoreContent {
        get { parts.value.content }
        _modify { yield &parts.value.content }
    }

    var lookups: CatalogLookups { parts.value.lookups }
    package var collectionIndexByHandle: [String: Int] { parts.value.collectionIndexByHandle }
    /// For each product, the collections it belongs to (for recommendations).
    var collectionsOfProduct: [[Int]] { parts.value.collectionsOfProduct }

    /// A catalog of checked parts; `lookups` must hold every product and variant, `searchIndex`
    /// index the products.
    init(shop: Shop, products: [Product], collections: [Collection], collectionProductIndices: [[Int]],
         discountCodes: [DiscountCode], lookups: CatalogLookups, searchIndex: SearchIndex) {
        var membership = [[Int]](repeating: [], count: products.count)
        for (c, indices) in collectionProductIndices.enumerated() { for p in indices { membership[p].append(c) } }
        parts = CopyOnWrite(Parts(
            shop: shop, products: products, collections: collections, collectionProductIndices: collectionProductIndices,
            discountCodes: discountCodes, searchIndex: searchIndex, markets: .single(shop), lookups: lookups,
            collectionIndexByHandle: Dictionary(collections.enumerated().map { ($1.handle, $0) }, uniquingKeysWith: { a, _ in a }),
            collectionsOfProduct: membership))
    }

    /// A catalog of `shop` with nothing in it: what a storefront whose catalog could not be read
    /// answers from, rather than stopping.
    package static func empty(shop: Shop, markets: Markets) -> StoreCatalog {
        var catalog = StoreCatalog(shop: shop, products: [], collections: [], collectionProductIndices: [], discountCodes: [],
                                   lookups: CatalogLookups(products: 0, variants: 0), searchIndex: SearchIndex(products: []))
        catalog.markets = markets
        return catalog
    }

    /// Puts each product on the plans the catalog's `sellingPlanGroups` give it.
    mutating func assign(_ plans: [String: CatalogSellingPlans.Assignment]) {
        guard !plans.isEmpty else { return }
        for index in products.indices {
            guard let assignment = plans[products[index].handle] else { continue }
            products[index].sellingPlanGroups = assignment.groups
            products[index].requiresSellingPlan = assignment.requiresSellingPlan
        }
    }

    /// The index of the product with this gid.
    package func productIndex(id: String) -> Int? {
        guard id.hasPrefix("gid://shopify/Product/"), let p = lookups.productByNumber[SearchIndex.numericId(id)],
              products[p].id == id else { return nil }
        return p
    }

    public func product(handle: String) -> Product? { lookups.product(handle: handle, in: products).map { products[$0] } }
    public func product(id: String) -> Product? { productIndex(id: id).map { products[$0] } }
    public func collection(handle: String) -> Collection? { collectionIndexByHandle[handle].map { collections[$0] } }

    /// The variant and its product, for a merchandise id.
    public func variant(id: String) -> (product: Product, variant: ProductVariant)? {
        guard id.hasPrefix("gid://shopify/ProductVariant/"), let location = lookups.variant(number: SearchIndex.numericId(id)) else { return nil }
        let product = products[location.product]
        let variant = product.variants[location.variant]
        return variant.id == id ? (product, variant) : nil
    }

    /// Every product matching `query` (Shopify search syntax; nil or blank for all), in the order
    /// of `sortKey`. Throws `StorefrontError.invalidSearch` for a query that does not parse.
    public func products(matching query: String?, sortKey: ProductSortKeys = .relevance, reverse: Bool = false) throws -> [Product] {
        let order = try searchIndex.ordered(query: query, sortKey: sortKey)
        return (reverse ? order.reversed() : order).map { products[$0] }
    }

    /// Gift card codes are case-insensitive; spaces and dashes as printed on a card do not count.
    public func giftCard(code: String) -> GiftCard? {
        let wanted = GiftCard.normalized(code)
        return giftCards.first { GiftCard.normalized($0.code) == wanted }
    }

    public func giftCard(id: String) -> GiftCard? { giftCards.first { $0.id == id } }

    public func discountCode(_ code: String) -> DiscountCode? {
        let wanted = code.uppercased()
        return discountCodes.first { $0.code.uppercased() == wanted }
    }
}
