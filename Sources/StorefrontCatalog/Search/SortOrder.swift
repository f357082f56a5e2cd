import Foundation
import StorefrontModels

/// The products in the order of one sort key, and each product's place in that order.
struct SortOrder: Sendable {
    let order: [Int32]
    let rank: [Int32]

    init(order: [Int32]) {
        var rank = [Int32](repeating: 0, count: order.count)
        for (r, p) in order.enumerated() { rank[Int(p)] = Int32(r) }
        self.order = order
        self.rank = rank
    }
}

/// Sort orders are made the first time a listing asks for one (a few tens of milliseconds for
/// a hundred thousand products) rather than all at load, when most are never used.
extension SearchIndex {
    /// Product indices in the order of `sortKey`.
    func order(_ sortKey: ProductSortKeys) -> [Int32] { sortOrder(sortKey).order }

    /// Each product's place in the order of `sortKey`.
    func rank(_ sortKey: ProductSortKeys) -> [Int32] { sortOrder(sortKey).rank }

    func sortOrder(_ sortKey: ProductSortKeys) -> SortOrder {
        if let known = sortOrders.withLock({ $0[sortKey] }) { return known }
        // Built outside the lock (orders build on the title order); two callers may both build it.
        let built = makeSortOrder(sortKey)
        return sortOrders.withLock { cache in
            if let first = cache[sortKey] { return first }
            cache[sortKey] = built
            return built
        }
    }

    private func makeSortOrder(_ sortKey: ProductSortKeys) -> SortOrder {
        let all = Array(0..<Int32(count))
        switch sortKey {
        case .relevance:
            return SortOrder(order: all)
        case .title:
            // By folded title bytes; equal titles in catalog order. Most comparisons are settled by
            // the first eight bytes as one big-endian number (titles hold no zero bytes, so a short
            // title's zero padding sorts it first, as the full comparison would).
            return SortOrder(order: text.withUnsafeBufferPointer { buffer in
                func prefix(_ p: Int) -> UInt64 {
                    var key: UInt64 = 0
                    for k in 0..<8 { key = key << 8 | (k < titleLength[p] ? UInt64(buffer[textStart[p] + k]) : 0) }
                    return key
                }
                var keyed = (0..<count).map { (prefix($0), Int32($0)) }
                keyed.sort { x, y in
                    if x.0 != y.0 { return x.0 < y.0 }
                    let (a, b) = (Int(x.1), Int(y.1))
                    let (la, lb) = (Int(titleLength[a]), Int(titleLength[b]))
                    let c = memcmp(buffer.baseAddress! + textStart[a], buffer.baseAddress! + textStart[b], min(la, lb))
                    if c != 0 { return c < 0 }
                    return la == lb ? a < b : la < lb
                }
                return keyed.map(\.1)
            })
        case .bestSelling:
            // A catalog file has no sales figures: the shop's bestsellers (by tag) first, then its own order.
            let bestseller = tags.matching([UInt8]("bestseller".utf8), prefix: false)
            let isBestseller = (0..<count).map { p in
                (Int(tagStart[p])..<Int(tagStart[p + 1])).contains { bestseller[Int(tagIds[$0])] }
            }
            return SortOrder(order: all.filter { isBestseller[Int($0)] } + all.filter { !isBestseller[Int($0)] })
        case .id: return sorted(by: numericIds)
        case .createdAt: return sorted(by: createdAt)
        case .updatedAt: return sorted(by: updatedAt)
        case .price: return sorted(by: minPrice)
        case .vendor:
            let rank = vendors.ranks()
            return sorted(by: vendorOf.map { rank[Int($0)] })
        case .productType:
            let rank = productTypes.ranks()
            return sorted(by: productTypeOf.map { rank[Int($0)] })
        }
    }

    /// Product indices by `keys`, ties by title. Sorting (key, title rank, index) triples keeps
    /// the comparisons inline and cheap.
    private func sorted<Key: Comparable>(by keys: [Key]) -> SortOrder {
        let titleRank = rank(.title)
        var triples = (0..<keys.count).map { (keys[$0], titleRank[$0], Int32($0)) }
        triples.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return SortOrder(order: triples.map(\.2))
    }
}
