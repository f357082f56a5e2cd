/// Relay-style paging arguments: forward with `first` + `after`, backward with `last` + `before`.
public struct PageArguments: Hashable, Sendable, Codable {
    public var first: Int?
    public var after: String?
    public var last: Int?
    public var before: String?

    /// The largest page the Storefront API serves.
    public static let maximumPageSize = 250
    /// How far the Storefront API pages into a list: a page reaching past its 25,000th object is
    /// an error (narrow the list with a query or filters instead).
    public static let maximumPaginationDepth = 25_000

    /// Refuses a page whose items reach `end` (one past the last position it holds) beyond
    /// `maximumPaginationDepth`.
    public static func checkPaginationDepth(reaching end: Int) throws {
        guard end <= maximumPaginationDepth else {
            throw StorefrontError.invalidArgument(
                "Pagination is limited to the first \(maximumPaginationDepth) objects of a list; narrow it with a query or filters.")
        }
    }

    public init(first: Int? = nil, after: String? = nil, last: Int? = nil, before: String? = nil) {
        self.first = first; self.after = after; self.last = last; self.before = before
    }

    public static func first(_ n: Int, after: String? = nil) -> PageArguments { PageArguments(first: n, after: after) }
    public static func last(_ n: Int, before: String? = nil) -> PageArguments { PageArguments(last: n, before: before) }
}

/// `PageInfo` of a connection.
public struct PageInfo: Hashable, Sendable, Codable {
    public var hasNextPage: Bool
    public var hasPreviousPage: Bool
    public var startCursor: String?
    public var endCursor: String?

    public init(hasNextPage: Bool, hasPreviousPage: Bool, startCursor: String?, endCursor: String?) {
        self.hasNextPage = hasNextPage; self.hasPreviousPage = hasPreviousPage
        self.startCursor = startCursor; self.endCursor = endCursor
    }

    public static let empty = PageInfo(hasNextPage: false, hasPreviousPage: false, startCursor: nil, endCursor: nil)
}

/// One edge of a connection: an opaque cursor and its node.
public struct Edge<Node: Sendable & Hashable & Codable>: Hashable, Sendable, Codable {
    public var cursor: String
    public var node: Node
    public init(cursor: String, node: Node) { self.cursor = cursor; self.node = node }
}

/// A page of a connection (`edges`, `nodes`, `pageInfo`).
public struct Page<Node: Sendable & Hashable & Codable>: Hashable, Sendable, Codable {
    public var edges: [Edge<Node>]
    public var pageInfo: PageInfo

    public init(edges: [Edge<Node>], pageInfo: PageInfo) { self.edges = edges; self.pageInfo = pageInfo }

    public var nodes: [Node] { edges.map { $0.node } }

    public static var empty: Page<Node> { Page(edges: [], pageInfo: .empty) }
}

/// Sort keys, as the Storefront API names them.
public enum ProductSortKeys: String, Sendable, Codable, CaseIterable {
    case title = "TITLE", productType = "PRODUCT_TYPE", vendor = "VENDOR", updatedAt = "UPDATED_AT"
    case createdAt = "CREATED_AT", bestSelling = "BEST_SELLING", price = "PRICE", id = "ID", relevance = "RELEVANCE"
}

public enum ProductCollectionSortKeys: String, Sendable, Codable, CaseIterable {
    case title = "TITLE", price = "PRICE", bestSelling = "BEST_SELLING", created = "CREATED", id = "ID"
    case manual = "MANUAL", collectionDefault = "COLLECTION_DEFAULT", relevance = "RELEVANCE"
}

public enum CollectionSortKeys: String, Sendable, Codable, CaseIterable {
    case title = "TITLE", updatedAt = "UPDATED_AT", id = "ID", relevance = "RELEVANCE"
}
