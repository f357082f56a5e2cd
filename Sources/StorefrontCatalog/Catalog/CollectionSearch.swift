import Foundation
import StorefrontModels

/// `collections(query:)`: the search syntax over the catalog's collections, which name `title:`
/// (whole words, as for products), `handle:`, `collection_type:` (every catalog collection lists
/// its products by hand: `custom`) and `updated_at:`; a free term is looked for in the title and
/// description. A catalog holds few collections, so each is simply tested in turn.
extension StoreCatalog {
    /// Collection indices matching `query` (all for nil or blank) in the order of `sortKey`;
    /// with `.relevance` and a query, collections whose titles hold more of its terms come first.
    package func collectionOrder(query text: String?, sortKey: CollectionSortKeys) throws -> [Int] {
        let query: SearchQuery
        do { query = try SearchQuery.parse(text ?? "", fields: SearchField.collectionFields) } catch {
            throw StorefrontError.invalidSearch(error)
        }
        var folder = TextFolder()
        let found = collectionOrder(sortKey).filter { collectionMatches(query, collections[$0], folder: &folder) }
        let terms = SearchIndex.positiveTerms(query).map { folder.fold($0) }.filter { !$0.isEmpty }
        guard sortKey == .relevance, !terms.isEmpty else { return found }
        let hits = found.map { c in
            let title = folder.fold(collections[c].title)
            return terms.filter { Self.contains(title, $0, wholeWords: false, prefix: false) }.count
        }
        // A stable sort: equal hits keep the catalog's order.
        return found.indices.sorted { hits[$0] == hits[$1] ? $0 < $1 : hits[$0] > hits[$1] }.map { found[$0] }
    }

    private func collectionMatches(_ query: SearchQuery, _ collection: Collection, folder: inout TextFolder) -> Bool {
        switch query {
        case .all:
            return true
        case .term(let term):
            let needle = folder.fold(term)
            return Self.contains(folder.fold(collection.title), needle, wholeWords: false, prefix: false)
                || Self.contains(folder.fold(collection.description), needle, wholeWords: false, prefix: false)
        case .field(.title, _, .text(let value, let prefix)):
            return Self.contains(folder.fold(collection.title), folder.fold(value), wholeWords: true, prefix: prefix)
        case .field(.handle, _, .text(let value, let prefix)):
            return Self.equals(folder.fold(collection.handle), folder.fold(value), prefix: prefix)
        case .field(.collectionType, _, .text(let value, let prefix)):
            return Self.equals(Array("custom".utf8), folder.fold(value), prefix: prefix)
        case .field(.updatedAt, let comparison, .date(let seconds, let wholeDay)):
            return comparison.holds(collection.updatedAt.timeIntervalSince1970, seconds: seconds, wholeDay: wholeDay)
        case .field:
            // The parser pairs these fields only with values of their kind.
            return false
        case .exists:
            // Every collection has a title, handle, type and date.
            return true
        case .not(let inner):
            return !collectionMatches(inner, collection, folder: &folder)
        case .and(let parts):
            return parts.allSatisfy { collectionMatches($0, collection, folder: &folder) }
        case .or(let parts):
            return parts.contains { collectionMatches($0, collection, folder: &folder) }
        }
    }

    private static func contains(_ hay: [UInt8], _ needle: [UInt8], wholeWords: Bool, prefix: Bool) -> Bool {
        guard wholeWords else {
            return needle.isEmpty || (hay.count >= needle.count && (0...(hay.count - needle.count)).contains { hay[$0..<($0 + needle.count)].elementsEqual(needle) })
        }
        return hay.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in WordMatch.contains(n, in: h, from: 0, to: h.count, prefix: prefix) }
        }
    }

    private static func equals(_ text: [UInt8], _ value: [UInt8], prefix: Bool) -> Bool {
        prefix ? text.starts(with: value) : text == value
    }
}
