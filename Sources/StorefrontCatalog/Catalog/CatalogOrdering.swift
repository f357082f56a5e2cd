import Foundation
import StorefrontModels

/// Orderings and neighbourhoods over the catalog: collection sort keys, a collection's products
/// by sort key, and recommendations.
extension StoreCatalog {
    /// Collection indices in the order of `sortKey` (relevance is the catalog's own order).
    package func collectionOrder(_ sortKey: CollectionSortKeys) -> [Int] {
        Self.collectionOrder(collections, sortKey)
    }

    /// Indices into `collections` in the order of `sortKey` (also for collections read from an index).
    package static func collectionOrder(_ collections: [Collection], _ sortKey: CollectionSortKeys) -> [Int] {
        let all = Array(collections.indices)
        switch sortKey {
        case .title:
            return all.sorted {
                let (a, b) = (collections[$0].title.lowercased(), collections[$1].title.lowercased())
                return a == b ? $0 < $1 : a < b
            }
        case .updatedAt:
            return all.sorted { collections[$0].updatedAt == collections[$1].updatedAt ? $0 < $1 : collections[$0].updatedAt < collections[$1].updatedAt }
        case .id:
            let ids = collections.map { Int($0.id.split(separator: "/").last ?? "") ?? 0 }
            return all.sorted { ids[$0] == ids[$1] ? $0 < $1 : ids[$0] < ids[$1] }
        case .relevance:
            return all
        }
    }

    /// The products of one collection in the order of `sortKey` (manual = the catalog's order).
    package func collectionProductOrder(_ collection: Int, sortKey: ProductCollectionSortKeys) -> [Int] {
        let members = collectionProductIndices[collection]
        let key: ProductSortKeys
        switch sortKey {
        case .manual, .collectionDefault, .relevance: return members
        case .title: key = .title
        case .price: key = .price
        case .bestSelling: key = .bestSelling
        case .created: key = .createdAt
        case .id: key = .id
        }
        let rank = searchIndex.rank(key)
        return members.sorted { rank[$0] < rank[$1] }
    }

    /// Products like this one: sharing its type, collections, tags or vendor; available ones only,
    /// best matches first.
    package func recommendations(for index: Int, limit: Int) -> [Int] {
        let product = products[index]
        let collectionsOfThis = Set(collectionsOfProduct[index])
        let tags = Set(product.tags.map { $0.lowercased() })
        var scored: [(score: Int, index: Int)] = []
        for (i, other) in products.enumerated() where i != index && other.availableForSale {
            var score = 0
            if other.productType == product.productType { score += 3 }
            score += 2 * collectionsOfProduct[i].reduce(0) { $0 + (collectionsOfThis.contains($1) ? 1 : 0) }
            if !tags.isEmpty { score += other.tags.reduce(0) { $0 + (tags.contains($1.lowercased()) ? 1 : 0) } }
            if other.vendor == product.vendor { score += 1 }
            if score > 0 { scored.append((score, i)) }
        }
        scored.sort { $0.score == $1.score ? $0.index < $1.index : $0.score > $1.score }
        return scored.prefix(limit).map(\.index)
    }
}
