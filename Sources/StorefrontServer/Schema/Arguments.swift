import Foundation
import Storefront

// The arguments of the schema's fields, named as in the Storefront API.

/// `first`, `after`, `last`, `before`: the paging arguments of every connection.
protocol PagingArguments: Decodable, Sendable {
    var first: Int? { get }
    var after: String? { get }
    var last: Int? { get }
    var before: String? { get }
}

extension PagingArguments {
    var page: PageArguments { PageArguments(first: first, after: after, last: last, before: before) }

    /// `first: 0` or `last: 0` asks for nothing; the answer is an empty page without a lookup.
    var asksForNothing: Bool { first == 0 || last == 0 }

    /// A listing's page; with `first: 0` or `last: 0` an empty one that still has the listing's
    /// count and filters (one item is looked up and left out).
    func listing<Node>(_ fetch: (PageArguments) async throws -> Listing<Node>) async throws -> Listing<Node> {
        guard asksForNothing else { return try await fetch(page) }
        var listing = try await fetch(.first(1))
        listing.page = .empty
        return listing
    }
}

struct ConnectionArguments: PagingArguments {
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var reverse: Bool?
}

/// A connection with a sort order, and for root connections a search query.
struct SortedConnectionArguments<SortKey: Decodable & Sendable>: PagingArguments {
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var query: String?
    var sortKey: SortKey?
    var reverse: Bool?
}

/// `Collection.products`: a sorted connection through storefront filters.
struct CollectionProductsArguments: PagingArguments {
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var sortKey: ProductCollectionSortKeys?
    var reverse: Bool?
    var filters: [ProductFilterInput]?
}

/// `search(query:, types:, productFilters:, first:, ...)`.
struct SearchArguments: PagingArguments {
    var query: String
    var productFilters: [ProductFilterInput]?
    var unavailableProducts: UnavailableProducts?
    /// Terms already match inside words, so the last one matches as a prefix either way.
    var prefix: SearchPrefixQueryType?
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var types: [SearchType]?
    var sortKey: SearchSortKeys?
    var reverse: Bool?
}

struct PredictiveSearchArguments: Decodable, Sendable {
    var query: String
    var limit: Int?
    var limitScope: PredictiveSearchLimitScope?
    var types: [PredictiveSearchType]?
    var unavailableProducts: UnavailableProducts?
}

/// `collection(handle:, id:)`, `product(handle:, id:)`: exactly one of the two.
struct HandleOrIDArguments: Decodable, Sendable {
    var handle: String?
    var id: GraphID?
}

struct RecommendationsArguments: Decodable, Sendable {
    var productId: GraphID?
    var productHandle: String?
    var intent: ProductRecommendationIntent?
}

struct IDArguments: Decodable, Sendable {
    var id: GraphID
}

struct TruncateArguments: Decodable, Sendable {
    var truncateAt: Int?
}

struct KeyArguments: Decodable, Sendable {
    var key: String
}

struct FirstArguments: Decodable, Sendable {
    var first: Int?
}

enum SearchType: String, Codable, Sendable, CaseIterable {
    case article = "ARTICLE", page = "PAGE", product = "PRODUCT"
}

enum PredictiveSearchType: String, Codable, Sendable, CaseIterable {
    case article = "ARTICLE", collection = "COLLECTION", page = "PAGE", product = "PRODUCT", query = "QUERY"
}

enum SearchPrefixQueryType: String, Codable, Sendable, CaseIterable {
    case last = "LAST", none = "NONE"
}

enum SearchSortKeys: String, Codable, Sendable, CaseIterable {
    case price = "PRICE", relevance = "RELEVANCE"
}

enum ProductRecommendationIntent: String, Codable, Sendable, CaseIterable {
    case complementary = "COMPLEMENTARY", related = "RELATED"
}
