import StorefrontModels

/// A catalog's products and variants by handle and by the number at the end of their gid
/// (hashing an integer is cheaper than hashing the gid). `CatalogBuilder` fills them as it checks
/// that handles and ids are unique, from hashes and numbers its runs found on all cores.
struct CatalogLookups: Sendable {
    /// Product indices by the hash of their handle (`String.hashValue`, so that handles compare
    /// as Strings do).
    private(set) var productByHandle: HashIndex
    private(set) var productByNumber: IntTable
    /// Product index << 32 | variant index.
    private(set) var variantByNumber: IntTable

    init(products: Int, variants: Int) {
        productByHandle = HashIndex(capacity: products)
        productByNumber = IntTable(capacity: products)
        variantByNumber = IntTable(capacity: variants)
    }

    /// Adds product p of `products`; when its handle or number is taken, nothing is added and the
    /// product that has it is returned.
    mutating func addProduct(_ p: Int, of products: UnsafeBufferPointer<Product>, handleHash: Int,
                             number: Int) -> (handleOwner: Int?, numberOwner: Int?) {
        if let owner = productByHandle.first(hash: handleHash, where: { products[$0].handle == products[p].handle }) {
            return (owner, nil)
        }
        if let owner = productByNumber.insert(number, p) { return (nil, owner) }
        _ = productByHandle.insert(p, hash: handleHash) { _ in false }
        return (nil, nil)
    }

    /// The product of `products` with this handle.
    func product(handle: String, in products: [Product]) -> Int? {
        productByHandle.first(hash: handle.hashValue) { products[$0].handle == handle }
    }

    /// Adds variant v of product p; when its number is taken, returns who has it.
    mutating func addVariant(_ v: Int, of p: Int, number: Int) -> StoreCatalog.VariantLocation? {
        variantByNumber.insert(number, p << 32 | v).map(Self.location)
    }

    func variant(number: Int) -> StoreCatalog.VariantLocation? { variantByNumber[number].map(Self.location) }

    private static func location(_ packed: Int) -> StoreCatalog.VariantLocation {
        StoreCatalog.VariantLocation(product: packed >> 32, variant: packed & 0xFFFF_FFFF)
    }
}
