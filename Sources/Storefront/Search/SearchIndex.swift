import Foundation

/// What search and sorting need, computed once when the catalog loads: folded text per product,
/// prices and dates as plain numbers, and the product order for each sort key.
public final class SearchIndex: Sendable {
    let count: Int
    /// Folded title, vendor, type, tags and description of every product, one after another,
    /// separated by a 0 byte; `textStart[i]..<textStart[i + 1] - 1` is product i.
    let text: [UInt8]
    let textStart: [Int]
    let foldedTitles: [[UInt8]]
    let numericIds: [Int]
    let createdAt: [Double]
    let updatedAt: [Double]
    /// Prices in ten-thousandths of the currency unit, exact for any price the catalog can hold.
    let minPrice: [Int64]
    let maxPrice: [Int64]
    let isBestseller: [Bool]
    /// Product indices in the order of each sort key, and each product's place in that order.
    private let orders: [ProductSortKeys: [Int32]]
    private let ranks: [ProductSortKeys: [Int32]]

    init(products: [Product]) {
        count = products.count
        var folder = TextFolder()
        var text: [UInt8] = []
        var starts: [Int] = []
        var titles: [[UInt8]] = []
        starts.reserveCapacity(products.count + 1)
        titles.reserveCapacity(products.count)
        for product in products {
            starts.append(text.count)
            let title = folder.fold(product.title)
            titles.append(title)
            text.append(contentsOf: title)
            for field in [product.vendor, product.productType] { text.append(0x1F); folder.append(field, to: &text) }
            for tag in product.tags { text.append(0x1F); folder.append(tag, to: &text) }
            text.append(0x1F)
            folder.append(product.description, to: &text)
            text.append(0)
        }
        starts.append(text.count)
        self.text = text
        self.textStart = starts
        self.foldedTitles = titles
        numericIds = products.map { Int($0.id.split(separator: "/").last ?? "") ?? 0 }
        createdAt = products.map { $0.createdAt.timeIntervalSince1970 }
        updatedAt = products.map { $0.updatedAt.timeIntervalSince1970 }
        minPrice = products.map { Self.scaled($0.priceRange.minVariantPrice.amount) }
        maxPrice = products.map { Self.scaled($0.priceRange.maxVariantPrice.amount) }
        isBestseller = products.map { $0.tags.contains { $0.lowercased() == "bestseller" } }

        let all = Array(0..<products.count)
        func byTitle(_ a: Int, _ b: Int) -> Bool {
            titles[a] == titles[b] ? a < b : titles[a].lexicographicallyPrecedes(titles[b])
        }
        let titleOrder = all.sorted(by: byTitle)
        var titleRank = [Int](repeating: 0, count: products.count)
        for (rank, p) in titleOrder.enumerated() { titleRank[p] = rank }
        var folder2 = folder
        let vendors = products.map { folder2.fold($0.vendor) }
        let types = products.map { folder2.fold($0.productType) }
        let (ids, created, updated, minPrices, best) = (numericIds, createdAt, updatedAt, minPrice, isBestseller)
        var orders: [ProductSortKeys: [Int]] = [:]
        orders[.title] = titleOrder
        orders[.id] = all.sorted { ids[$0] == ids[$1] ? $0 < $1 : ids[$0] < ids[$1] }
        orders[.createdAt] = all.sorted { created[$0] == created[$1] ? $0 < $1 : created[$0] < created[$1] }
        orders[.updatedAt] = all.sorted { updated[$0] == updated[$1] ? $0 < $1 : updated[$0] < updated[$1] }
        orders[.price] = all.sorted { minPrices[$0] == minPrices[$1] ? titleRank[$0] < titleRank[$1] : minPrices[$0] < minPrices[$1] }
        orders[.vendor] = all.sorted {
            vendors[$0] == vendors[$1] ? titleRank[$0] < titleRank[$1] : vendors[$0].lexicographicallyPrecedes(vendors[$1])
        }
        orders[.productType] = all.sorted {
            types[$0] == types[$1] ? titleRank[$0] < titleRank[$1] : types[$0].lexicographicallyPrecedes(types[$1])
        }
        // No sales figures in a catalog file: the shop's bestsellers (by tag) first, then catalog order.
        orders[.bestSelling] = all.filter { best[$0] } + all.filter { !best[$0] }
        orders[.relevance] = all
        var ranks: [ProductSortKeys: [Int32]] = [:]
        for (key, order) in orders {
            var rank = [Int32](repeating: 0, count: products.count)
            for (r, p) in order.enumerated() { rank[p] = Int32(r) }
            ranks[key] = rank
        }
        self.orders = orders.mapValues { $0.map { Int32($0) } }
        self.ranks = ranks
    }

    /// Product indices in the order of `sortKey`.
    func order(_ sortKey: ProductSortKeys) -> [Int32] { orders[sortKey] ?? orders[.relevance]! }

    /// Each product's place in the order of `sortKey`.
    func rank(_ sortKey: ProductSortKeys) -> [Int32] { ranks[sortKey] ?? ranks[.relevance]! }

    /// The products matching `query` (all for nil or blank), in the order of `sortKey`.
    func ordered(query: String?, sortKey: ProductSortKeys) throws -> [Int] {
        let order = self.order(sortKey)
        guard let query, !query.allSatisfy(\.isWhitespace) else { return order.map(Int.init) }
        let matches = matching(query)
        var set = [Bool](repeating: false, count: count)
        for i in matches { set[i] = true }
        return order.lazy.map(Int.init).filter { set[$0] }
    }

    /// Products whose folded title starts with the folded query, then those with a word that does.
    func titlePrefixMatches(_ query: String, limit: Int) -> [Int] {
        var folder = TextFolder()
        let prefix = folder.fold(query.trimmingCharacters(in: .whitespaces))
        guard !prefix.isEmpty else { return [] }
        var starts: [Int] = [], words: [Int] = []
        for i in 0..<count {
            let title = foldedTitles[i]
            if title.starts(with: prefix) { starts.append(i); if starts.count >= limit { break }; continue }
            if words.count < limit, Self.hasWord(in: title, startingWith: prefix) { words.append(i) }
        }
        return Array((starts + words).prefix(limit))
    }

    /// A short, stable digest of a query, for cursors.
    static func fingerprint(_ query: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in query.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 36)
    }

    static func scaled(_ amount: Decimal) -> Int64 {
        Int64((NSDecimalNumber(decimal: amount).doubleValue * 10_000).rounded())
    }

    private static func hasWord(in title: [UInt8], startingWith prefix: [UInt8]) -> Bool {
        guard title.count > prefix.count else { return false }
        var i = 1
        while i + prefix.count <= title.count {
            let previous = title[i - 1]
            if previous == 0x20 || previous == 0x2D || previous == 0x28 {
                var k = 0
                while k < prefix.count && title[i + k] == prefix[k] { k += 1 }
                if k == prefix.count { return true }
            }
            i += 1
        }
        return false
    }

    /// Products whose text contains every whitespace-separated term of `query`.
    func matching(_ query: String) -> [Int] {
        var folder = TextFolder()
        let terms = query.split(whereSeparator: \.isWhitespace).map { folder.fold(String($0)) }
        return (0..<count).filter { i in terms.allSatisfy { contains(product: i, $0) } }
    }

    func contains(product i: Int, _ needle: [UInt8]) -> Bool {
        let start = textStart[i], end = textStart[i + 1] - 1
        guard !needle.isEmpty else { return true }
        guard end - start >= needle.count else { return false }
        return text.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { n in
                let first = n[0]
                var p = start
                let last = end - n.count
                while p <= last {
                    if hay[p] == first {
                        var k = 1
                        while k < n.count && hay[p + k] == n[k] { k += 1 }
                        if k == n.count { return true }
                    }
                    p += 1
                }
                return false
            }
        }
    }
}
