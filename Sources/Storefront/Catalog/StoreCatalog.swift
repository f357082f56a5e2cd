import Foundation

/// A loaded, checked catalog: the shop, its products and collections, discount codes, lookups by
/// handle and id, and the search index. Immutable once built, so it is shared freely.
public struct StoreCatalog: Sendable {
    /// Where a variant lives: indices into `products` and that product's `variants`.
    public struct VariantLocation: Hashable, Sendable {
        public var product: Int
        public var variant: Int
    }

    public let shop: Shop
    public let products: [Product]
    /// Collections without their previews; `productIndices` holds each one's products in order.
    public let collections: [Collection]
    public let collectionProductIndices: [[Int]]
    public let discountCodes: [DiscountCode]
    public let searchIndex: SearchIndex

    let productIndexByHandle: [String: Int]
    let productIndexById: [String: Int]
    let collectionIndexByHandle: [String: Int]
    let variantLocations: [String: VariantLocation]
    /// For each product, the collections it belongs to (for recommendations).
    let collectionsOfProduct: [[Int]]

    init(shop: Shop, products: [Product], collections: [Collection], collectionProductIndices: [[Int]],
         discountCodes: [DiscountCode]) {
        self.shop = shop
        self.products = products
        self.collections = collections
        self.collectionProductIndices = collectionProductIndices
        self.discountCodes = discountCodes
        var byHandle: [String: Int] = [:], byId: [String: Int] = [:], variants: [String: VariantLocation] = [:]
        byHandle.reserveCapacity(products.count); byId.reserveCapacity(products.count)
        variants.reserveCapacity(products.count * 3)
        for (p, product) in products.enumerated() {
            byHandle[product.handle] = p
            byId[product.id] = p
            for (v, variant) in product.variants.enumerated() { variants[variant.id] = VariantLocation(product: p, variant: v) }
        }
        productIndexByHandle = byHandle
        productIndexById = byId
        variantLocations = variants
        collectionIndexByHandle = Dictionary(collections.enumerated().map { ($1.handle, $0) }, uniquingKeysWith: { a, _ in a })
        var membership = [[Int]](repeating: [], count: products.count)
        for (c, indices) in collectionProductIndices.enumerated() { for p in indices { membership[p].append(c) } }
        collectionsOfProduct = membership
        searchIndex = SearchIndex(products: products)
    }

    public func product(handle: String) -> Product? { productIndexByHandle[handle].map { products[$0] } }
    public func product(id: String) -> Product? { productIndexById[id].map { products[$0] } }
    public func collection(handle: String) -> Collection? { collectionIndexByHandle[handle].map { collections[$0] } }

    /// The variant and its product, for a merchandise id.
    public func variant(id: String) -> (product: Product, variant: ProductVariant)? {
        guard let location = variantLocations[id] else { return nil }
        let product = products[location.product]
        return (product, product.variants[location.variant])
    }

    public func discountCode(_ code: String) -> DiscountCode? {
        let wanted = code.uppercased()
        return discountCodes.first { $0.code.uppercased() == wanted }
    }
}
