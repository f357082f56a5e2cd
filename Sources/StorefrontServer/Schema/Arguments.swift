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

/// `search(query:, types:, first:, ...)`.
struct SearchArguments: PagingArguments {
    var query: String
    var first: Int?
    var after: String?
    var last: Int?
    var before: String?
    var types: [SearchType]?
    var sortKey: SearchSortKeys?
    var reverse: Bool?
    var unavailableProducts: SearchUnavailableProductsType?
}

struct PredictiveSearchArguments: Decodable, Sendable {
    var query: String
    var limit: Int?
    var limitScope: PredictiveSearchLimitScope?
    var types: [PredictiveSearchType]?
    var unavailableProducts: SearchUnavailableProductsType?
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

enum SearchSortKeys: String, Codable, Sendable, CaseIterable {
    case price = "PRICE", relevance = "RELEVANCE"
}

enum ProductRecommendationIntent: String, Codable, Sendable, CaseIterable {
    case complementary = "COMPLEMENTARY", related = "RELATED"
}
