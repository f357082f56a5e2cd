import Foundation

/// One filter on a product listing (`ProductFilter`): a collection's products or search results.
/// A filter sets one of its fields. Filters of one kind are ORed (two vendors: either), filters of
/// different kinds ANDed; availability, price and variant options hold for one and the same variant.
public struct ProductFilter: Hashable, Sendable, Codable {
    /// `PriceRangeFilter`: `min` defaults to zero, no `max` is no upper bound.
    public struct PriceRange: Hashable, Sendable, Codable {
        public var min: Decimal?
        public var max: Decimal?
        public init(min: Decimal? = nil, max: Decimal? = nil) { self.min = min; self.max = max }
    }

    /// `VariantOptionFilter`: a variant's option, names and values compared without case.
    public struct VariantOption: Hashable, Sendable, Codable {
        public var name: String
        public var value: String
        public init(name: String, value: String) { self.name = name; self.value = value }
    }

    public var available: Bool?
    public var price: PriceRange?
    public var productType: String?
    public var productVendor: String?
    public var tag: String?
    public var variantOption: VariantOption?
    /// A filter on data the catalog does not hold (a category or a metafield): no product has it.
    public var onMissingData: Bool

    public init(available: Bool? = nil, price: PriceRange? = nil, productType: String? = nil, productVendor: String? = nil,
                tag: String? = nil, variantOption: VariantOption? = nil, onMissingData: Bool = false) {
        self.available = available; self.price = price; self.productType = productType; self.productVendor = productVendor
        self.tag = tag; self.variantOption = variantOption; self.onMissingData = onMissingData
    }
}

/// Where search puts products that cannot be bought (`SearchUnavailableProductsType`): after the
/// others (the API's default), where they fall, or not at all.
public enum UnavailableProducts: String, Hashable, Sendable, Codable, CaseIterable {
    case last = "LAST", show = "SHOW", hide = "HIDE"
}

/// A filter a listing offers (`Filter`), with the values found in the listing and how many
/// products each would leave.
public struct ListingFilter: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case list = "LIST", priceRange = "PRICE_RANGE", boolean = "BOOLEAN"
    }

    /// `FilterValue`: `input` is the `ProductFilter` that selects it, as JSON text.
    public struct Value: Hashable, Sendable, Codable {
        public var id: String
        public var label: String
        public var count: Int
        public var input: String
        public init(id: String, label: String, count: Int, input: String) {
            self.id = id; self.label = label; self.count = count; self.input = input
        }
    }

    public var id: String
    public var label: String
    public var kind: Kind
    public var values: [Value]

    public init(id: String, label: String, kind: Kind, values: [Value]) {
        self.id = id; self.label = label; self.kind = kind; self.values = values
    }
}

/// A page of a listing with what a storefront shows around it: how many items the whole listing
/// holds, and (for products) its filters, worked out only when asked for.
public struct Listing<Node: Sendable & Hashable & Codable>: Sendable {
    public var page: Page<Node>
    public var totalCount: Int
    public var filters: @Sendable () -> [ListingFilter]

    public init(page: Page<Node>, totalCount: Int, filters: @escaping @Sendable () -> [ListingFilter] = { [] }) {
        self.page = page; self.totalCount = totalCount; self.filters = filters
    }

    /// The same listing with each node changed (prices in a market, translated text).
    public func map(_ transform: (Node) -> Node) -> Listing<Node> {
        Listing(page: Page(edges: page.edges.map { Edge(cursor: $0.cursor, node: transform($0.node)) }, pageInfo: page.pageInfo),
                totalCount: totalCount, filters: filters)
    }
}
