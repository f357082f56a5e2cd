import Foundation
import Storefront

/// `unavailableProducts` on `search` and `predictiveSearch`: products not for sale answered where
/// they fall (`SHOW`, also without the argument), left out (`HIDE`) or after those for sale (`LAST`).
enum SearchUnavailableProductsType: String, Codable, Sendable, CaseIterable {
    case hide = "HIDE", last = "LAST", show = "SHOW"

    func arrange(_ products: [Product]) -> [Product] {
        switch self {
        case .show: products
        case .hide: products.filter(\.availableForSale)
        case .last: products.filter(\.availableForSale) + products.filter { !$0.availableForSale }
        }
    }
}

extension StorefrontResolver {
    /// A page of search results. Hidden or last, unavailable products change every page: all
    /// the matches are read, arranged, and paged here (with cursors of that arrangement).
    func searchPage(_ arguments: SearchArguments, in storefront: any StorefrontClient) async throws -> Page<Product> {
        guard let rule = arguments.unavailableProducts, rule != .show else {
            return try await storefront.search(query: arguments.query, page: arguments.page)
        }
        var matches: [Product] = []
        var page = try await storefront.search(query: arguments.query, page: .first(PageArguments.maximumPageSize))
        while true {
            matches += page.nodes
            guard page.pageInfo.hasNextPage, let cursor = page.pageInfo.endCursor else { break }
            page = try await storefront.search(query: arguments.query, page: .first(PageArguments.maximumPageSize, after: cursor))
        }
        return try ListPager.page(rule.arrange(matches), arguments, listing: "search.\(rule.rawValue).\(arguments.query)")
    }
}
