/// A catalog's products and variants by handle and by the number at the end of their gid
/// (hashing an integer is cheaper than hashing the gid). `CatalogBuilder` fills them as it checks
/// that handles and ids are unique.
struct CatalogLookups: Sendable {
    private(set) var productByHandle: [String: Int] = [:]
    private(set) var productByNumber: IntTable
    /// Product index << 32 | variant index.
    private(set) var variantByNumber: IntTable

    init(products: Int, variants: Int) {
        productByHandle.reserveCapacity(products)
        productByNumber = IntTable(capacity: products)
        variantByNumber = IntTable(capacity: variants)
    }

    /// Adds product p; when its handle or number is taken, nothing is added and the product
    /// that has it is returned.
    mutating func addProduct(_ p: Int, handle: String, number: Int) -> (handleOwner: Int?, numberOwner: Int?) {
        if let owner = productByHandle[handle] { return (owner, nil) }
        if let owner = productByNumber.insert(number, p) { return (nil, owner) }
        productByHandle[handle] = p
        return (nil, nil)
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
