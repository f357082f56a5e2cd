import Foundation
import Storefront

/// `SearchQuerySuggestion`: a search the shopper may mean, completing the last word typed.
struct SearchQuerySuggestionNode: Sendable {
    var text: String
    /// The text with the completed part in `<mark>`, as the API marks it.
    var styledText: String
    var trackingParameters: String? { nil }
}

/// `PredictiveSearchLimitScope`: the limit per result type (`EACH`) or over all of them (`ALL`).
enum PredictiveSearchLimitScope: String, Codable, Sendable, CaseIterable {
    case all = "ALL", each = "EACH"
}

/// Query suggestions and collections for `predictiveSearch`, from the products and collections
/// that match.
enum PredictiveSuggestions {
    /// Words of the products' titles and tags that complete the query's last word, most frequent
    /// first, each with the words typed before it.
    static func queries(for query: String, in products: [Product], limit: Int) -> [SearchQuerySuggestionNode] {
        let typed = query.lowercased().split(separator: " ").map(String.init)
        guard let last = typed.last, !last.isEmpty else { return [] }
        let head = typed.dropLast().joined(separator: " ")
        var counts: [String: Int] = [:]
        for product in products {
            let words = (product.title + " " + product.tags.joined(separator: " ")).lowercased()
                .split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map(String.init)
            for word in Set(words) where word.hasPrefix(last) && word.count > last.count { counts[word, default: 0] += 1 }
        }
        let words = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.prefix(max(0, limit)).map(\.key)
        return words.map { word in
            let text = head.isEmpty ? word : head + " " + word
            let completion = String(word.dropFirst(last.count))
            return SearchQuerySuggestionNode(text: text, styledText: (head.isEmpty ? "" : head + " ") + last + "<mark>\(completion)</mark>")
        }
    }

    /// Collections whose title holds every word of the query, in title order.
    static func collections(for query: String, in storefront: any StorefrontClient, limit: Int) async throws -> [Storefront.Collection] {
        let words = query.lowercased().split(separator: " ").map(String.init)
        guard !words.isEmpty, limit > 0 else { return [] }
        return Array(try await allCollections(in: storefront)
            .filter { collection in words.allSatisfy { collection.title.lowercased().contains($0) } }
            .prefix(limit))
    }

    /// Every collection, in title order, page after page.
    static func allCollections(in storefront: any StorefrontClient) async throws -> [Storefront.Collection] {
        var found: [Storefront.Collection] = []
        var page = try await storefront.collections(.first(PageArguments.maximumPageSize), sortKey: .title, productPreview: 0)
        while true {
            found += page.nodes
            guard page.pageInfo.hasNextPage, let cursor = page.pageInfo.endCursor else { return found }
            page = try await storefront.collections(.first(PageArguments.maximumPageSize, after: cursor), sortKey: .title, productPreview: 0)
        }
    }
}
