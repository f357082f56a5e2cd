import Foundation
import Storefront

extension ShopPage: SearchResultItem {}
extension Article: SearchResultItem {}

/// One result of `search`: a product, a page or an article.
enum SearchHit: Hashable, Codable, Sendable {
    case product(Product)
    case page(ShopPage)
    case article(Article)

    var item: any SearchResultItem {
        switch self {
        case .product(let product): product
        case .page(let page): page
        case .article(let article): article
        }
    }
}

/// The results of `search` as one list: the products the storefront finds (paged with its own
/// cursors, sorted and filtered as asked), then the matching pages, then the matching articles
/// (paged as a list of their own). A cursor says which part it is in, so paging crosses from one
/// part to the other both ways.
struct SearchPager {
    /// One page of the storefront's product search, with how many products match and their filters.
    var products: (PageArguments) async throws -> Listing<Product>
    /// The pages and articles that match, in order.
    var content: [SearchHit]

    static let contentListing = "search-content"

    /// Whether a cursor points into the pages and articles (else into the products).
    static func isContent(_ cursor: String?) -> Bool {
        guard let cursor, let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else { return false }
        return text.hasPrefix(contentListing + "#")
    }

    /// A page of results and the product listing behind it (for its count and filters, which do
    /// not depend on the page).
    func results(_ arguments: PageArguments) async throws -> (page: Page<SearchHit>, products: Listing<Product>) {
        var seen: Listing<Product>?
        var page: Page<SearchHit>
        if arguments.first == 0 || arguments.last == 0 {
            // Nothing asked for: an empty page that still has the count and the filters.
            page = .empty
        } else {
            switch (arguments.first, arguments.last) {
            case (let first?, nil): page = try await forward(first, arguments, &seen)
            case (nil, let last?): page = try await backward(last, arguments, &seen)
            default:
                // Both or neither: refused with the API's message, whichever types are searched.
                page = try contentPage(arguments)
            }
        }
        if let seen { return (page, seen) }
        // A page of pages and articles only: the products still count.
        return (page, try await products(.first(1)))
    }

    func page(_ arguments: PageArguments) async throws -> Page<SearchHit> {
        try await results(arguments).page
    }

    private func fetch(_ arguments: PageArguments, _ seen: inout Listing<Product>?) async throws -> Page<Product> {
        let listing = try await products(arguments)
        seen = listing
        return listing.page
    }

    private func forward(_ first: Int, _ arguments: PageArguments, _ seen: inout Listing<Product>?) async throws -> Page<SearchHit> {
        if Self.isContent(arguments.after) { return try contentPage(arguments) }
        let endsInProducts = arguments.before != nil && !Self.isContent(arguments.before)
        let found = try await fetch(PageArguments(first: first, after: arguments.after, before: endsInProducts ? arguments.before : nil), &seen)
        if endsInProducts || found.pageInfo.hasNextPage || found.edges.count == first {
            var page = Self.hits(found)
            page.pageInfo.hasNextPage = found.pageInfo.hasNextPage || (!endsInProducts && !content.isEmpty)
            return page
        }
        let rest = try contentPage(PageArguments(first: first - found.edges.count, before: arguments.before))
        return Self.joined(found, rest, hasPreviousPage: found.pageInfo.hasPreviousPage, hasNextPage: rest.pageInfo.hasNextPage)
    }

    private func backward(_ last: Int, _ arguments: PageArguments, _ seen: inout Listing<Product>?) async throws -> Page<SearchHit> {
        if arguments.before != nil && !Self.isContent(arguments.before) {
            var page = Self.hits(try await fetch(arguments, &seen))
            page.pageInfo.hasNextPage = true
            return page
        }
        let startsInContent = Self.isContent(arguments.after)
        let tail = try contentPage(PageArguments(after: startsInContent ? arguments.after : nil, last: last, before: arguments.before))
        if startsInContent { return tail }
        let wanted = last - tail.edges.count
        let found = try await fetch(wanted > 0 ? PageArguments(after: arguments.after, last: wanted)
                                                : PageArguments(first: 1, after: arguments.after), &seen)
        if wanted == 0 {
            var page = tail
            page.pageInfo.hasPreviousPage = tail.pageInfo.hasPreviousPage || !found.edges.isEmpty
            return page
        }
        return Self.joined(found, tail, hasPreviousPage: found.pageInfo.hasPreviousPage, hasNextPage: tail.pageInfo.hasNextPage)
    }

    private func contentPage(_ arguments: PageArguments) throws -> Page<SearchHit> {
        try ListPager.page(content, ConnectionArguments(first: arguments.first, after: arguments.after, last: arguments.last,
                                                        before: arguments.before), listing: Self.contentListing)
    }

    private static func hits(_ page: Page<Product>) -> Page<SearchHit> {
        Page(edges: page.edges.map { Edge(cursor: $0.cursor, node: .product($0.node)) }, pageInfo: page.pageInfo)
    }

    private static func joined(_ products: Page<Product>, _ content: Page<SearchHit>, hasPreviousPage: Bool,
                               hasNextPage: Bool) -> Page<SearchHit> {
        let edges = hits(products).edges + content.edges
        return Page(edges: edges, pageInfo: PageInfo(hasNextPage: hasNextPage, hasPreviousPage: hasPreviousPage,
                                                     startCursor: edges.first?.cursor, endCursor: edges.last?.cursor))
    }
}
