import Foundation

/// What search and sorting need, computed once when the catalog loads, so that a query over a
/// hundred thousand products takes a few milliseconds:
/// - the folded (lowercase, accent-free) searchable text of every product in one buffer, with
///   signatures of its byte pairs and triples (1024 bits; 256 for the title alone), stored bit by
///   bit, that rule out most products before any text is read;
/// - vendors, product types and tags interned to small integers;
/// - titles, handles and SKUs folded; prices and dates as plain numbers;
/// - the product order for each sort key.
public final class SearchIndex: Sendable {
    let count: Int
    /// Folded title, vendor, type, tags and description of every product, one after another.
    /// Product i is `text[textStart[i] ..< textStart[i + 1]]`; its title is the first
    /// `titleLength[i]` bytes. Fields are separated by 0x1F so a term never spans two.
    let text: [UInt8]
    let textStart: [Int]
    let titleLength: [Int32]
    /// Signatures of each product's whole text, and of its title.
    let textSlices: SignatureSlices
    let titleSlices: SignatureSlices
    static let textSignatureWidth = 1024
    static let titleSignatureWidth = 256
    /// How often each byte occurs in (a sample of) the text, to pick the rarest byte of a term.
    let byteFrequency: [Int]

    let handles: FoldedStrings
    /// SKUs and prices per variant; product i's variants are `variantStart[i] ..< variantStart[i + 1]`.
    let variantStart: [Int32]
    let skus: FoldedStrings
    let variantPrices: [Int64]
    let minPrice: [Int64]
    let maxPrice: [Int64]
    let available: [Bool]
    let createdAt: [Double]
    let updatedAt: [Double]
    let numericIds: [Int]

    let vendors: Vocabulary
    let vendorOf: [Int32]
    let productTypes: Vocabulary
    let productTypeOf: [Int32]
    let tags: Vocabulary
    /// Product i's tags are `tagIds[tagStart[i] ..< tagStart[i + 1]]`.
    let tagStart: [Int32]
    let tagIds: [Int32]
    /// For each vendor, type and tag id, the products that have it, in catalog order.
    let vendorPostings: [[Int32]]
    let productTypePostings: [[Int32]]
    let tagPostings: [[Int32]]

    /// Product indices in the order of each sort key, and each product's place in that order.
    private let orders: [ProductSortKeys: [Int32]]
    private let ranks: [ProductSortKeys: [Int32]]

    init(products: [Product]) {
        let count = products.count
        self.count = count
        // Folding and signing read each product once and are independent: done in chunks on all
        // cores, then joined. Interning needs one dictionary, so it runs after, in order.
        // Chunks are whole 64-product words of the signature slices.
        let chunk = (max(1_024, count / 16 + 1) + 63) / 64 * 64
        let parts = ParallelMap.map((count + chunk - 1) / chunk) { c in
            TextPart(products, range: (c * chunk)..<min(count, (c + 1) * chunk))
        }
        var text: [UInt8] = [], starts: [Int] = [], titleLength: [Int32] = []
        var textSlices = SignatureSlices(width: Self.textSignatureWidth, productCount: count)
        var titleSlices = SignatureSlices(width: Self.titleSignatureWidth, productCount: count)
        var handles = FoldedStrings(), skus = FoldedStrings()
        var variantStart: [Int32] = [], prices: [Int64] = []
        text.reserveCapacity(parts.reduce(0) { $0 + $1.text.count })
        starts.reserveCapacity(count + 1); titleLength.reserveCapacity(count)
        variantStart.reserveCapacity(count + 1)
        for (c, part) in parts.enumerated() {
            let base = text.count
            starts.append(contentsOf: part.starts.map { $0 + base })
            text.append(contentsOf: part.text)
            titleLength.append(contentsOf: part.titleLength)
            textSlices.place(part.textSlices, atWord: c * chunk / 64)
            titleSlices.place(part.titleSlices, atWord: c * chunk / 64)
            handles.append(contentsOf: part.handles)
            skus.append(contentsOf: part.skus)
            var offset = prices.count
            for n in part.variantCounts { variantStart.append(Int32(offset)); offset += Int(n) }
            prices.append(contentsOf: part.prices)
        }
        starts.append(text.count)
        variantStart.append(Int32(prices.count))

        var folder = TextFolder()
        var vendors = Vocabulary(), types = Vocabulary(), tags = Vocabulary()
        var vendorOf: [Int32] = [], typeOf: [Int32] = [], tagStart: [Int32] = [], tagIds: [Int32] = []
        vendorOf.reserveCapacity(count); typeOf.reserveCapacity(count); tagStart.reserveCapacity(count + 1)
        products.withUnsafeBufferPointer { products in
            for p in 0..<products.count {
                vendorOf.append(vendors.intern(products[p].vendor, folder: &folder))
                typeOf.append(types.intern(products[p].productType, folder: &folder))
                tagStart.append(Int32(tagIds.count))
                for tag in products[p].tags { tagIds.append(tags.intern(tag, folder: &folder)) }
            }
        }
        tagStart.append(Int32(tagIds.count))

        var frequency = [Int](repeating: 0, count: 256)
        for b in text.prefix(8 << 20) { frequency[Int(b)] += 1 }
        byteFrequency = frequency
        self.text = text
        self.textStart = starts
        self.titleLength = titleLength
        self.textSlices = textSlices
        self.titleSlices = titleSlices
        self.handles = handles
        self.variantStart = variantStart
        self.skus = skus
        self.variantPrices = prices
        self.vendors = vendors
        self.vendorOf = vendorOf
        self.productTypes = types
        self.productTypeOf = typeOf
        self.tags = tags
        self.tagStart = tagStart
        self.tagIds = tagIds
        vendorPostings = Self.postings(vendorOf.indices.map { (vendorOf[$0], Int32($0)) }, count: vendors.raw.count)
        productTypePostings = Self.postings(typeOf.indices.map { (typeOf[$0], Int32($0)) }, count: types.raw.count)
        tagPostings = Self.postings((0..<count).flatMap { p in
            (Int(tagStart[p])..<Int(tagStart[p + 1])).map { (tagIds[$0], Int32(p)) }
        }, count: tags.raw.count)
        var minPrice = [Int64](), maxPrice = [Int64]()
        minPrice.reserveCapacity(count); maxPrice.reserveCapacity(count)
        for p in 0..<count {
            let range = Int(variantStart[p])..<Int(variantStart[p + 1])
            minPrice.append(prices[range].min() ?? 0)
            maxPrice.append(prices[range].max() ?? 0)
        }
        self.minPrice = minPrice
        self.maxPrice = maxPrice
        available = products.map(\.availableForSale)
        createdAt = products.map { $0.createdAt.timeIntervalSince1970 }
        updatedAt = products.map { $0.updatedAt.timeIntervalSince1970 }
        numericIds = products.map { Self.numericId($0.id) }
        let bestseller = tags.matching([UInt8]("bestseller".utf8), prefix: false)
        let isBestseller = (0..<count).map { p in
            (Int(tagStart[p])..<Int(tagStart[p + 1])).contains { bestseller[Int(tagIds[$0])] }
        }
        (orders, ranks) = Self.sortOrders(count: count, text: text, starts: starts, titleLength: titleLength,
                                          ids: numericIds, created: createdAt, updated: updatedAt, minPrice: minPrice,
                                          vendorRank: vendors.ranks(), vendorOf: vendorOf,
                                          typeRank: productTypes.ranks(), typeOf: typeOf, bestseller: isBestseller)
    }

    // MARK: Orders

    /// Product indices in the order of `sortKey`.
    func order(_ sortKey: ProductSortKeys) -> [Int32] { orders[sortKey] ?? orders[.relevance]! }

    /// Each product's place in the order of `sortKey`.
    func rank(_ sortKey: ProductSortKeys) -> [Int32] { ranks[sortKey] ?? ranks[.relevance]! }

    private static func sortOrders(count: Int, text: [UInt8], starts: [Int], titleLength: [Int32], ids: [Int],
                                   created: [Double], updated: [Double], minPrice: [Int64],
                                   vendorRank: [Int32], vendorOf: [Int32], typeRank: [Int32], typeOf: [Int32],
                                   bestseller: [Bool]) -> ([ProductSortKeys: [Int32]], [ProductSortKeys: [Int32]]) {
        let all = Array(0..<Int32(count))
        let titleOrder: [Int32] = text.withUnsafeBufferPointer { buffer in
            all.sorted { a, b in
                let (sa, la) = (starts[Int(a)], Int(titleLength[Int(a)]))
                let (sb, lb) = (starts[Int(b)], Int(titleLength[Int(b)]))
                let c = memcmp(buffer.baseAddress! + sa, buffer.baseAddress! + sb, min(la, lb))
                if c != 0 { return c < 0 }
                return la == lb ? a < b : la < lb
            }
        }
        var titleRank = [Int32](repeating: 0, count: count)
        for (r, p) in titleOrder.enumerated() { titleRank[Int(p)] = Int32(r) }
        let rank = titleRank
        // The sorts are independent: run them on all cores.
        let keyed: [(ProductSortKeys, @Sendable () -> [Int32])] = [
            (.id, { sorted(by: ids, then: rank) }), (.createdAt, { sorted(by: created, then: rank) }),
            (.updatedAt, { sorted(by: updated, then: rank) }), (.price, { sorted(by: minPrice, then: rank) }),
            (.vendor, { sorted(by: vendorOf.map { vendorRank[Int($0)] }, then: rank) }),
            (.productType, { sorted(by: typeOf.map { typeRank[Int($0)] }, then: rank) }),
        ]
        var orders = Dictionary(uniqueKeysWithValues: zip(keyed.map(\.0), ParallelMap.map(keyed.count) { keyed[$0].1() }))
        orders[.title] = titleOrder
        // A catalog file has no sales figures: the shop's bestsellers (by tag) first, then its own order.
        orders[.bestSelling] = all.filter { bestseller[Int($0)] } + all.filter { !bestseller[Int($0)] }
        orders[.relevance] = all
        var ranks: [ProductSortKeys: [Int32]] = [:]
        for (key, order) in orders {
            var rank = [Int32](repeating: 0, count: count)
            for (r, p) in order.enumerated() { rank[Int(p)] = Int32(r) }
            ranks[key] = rank
        }
        return (orders, ranks)
    }

    /// Product indices by `keys`, ties by title. Sorting (key, title rank, index) triples keeps
    /// the comparisons inline and cheap.
    private static func sorted<Key: Comparable>(by keys: [Key], then titleRank: [Int32]) -> [Int32] {
        var triples = (0..<keys.count).map { (keys[$0], titleRank[$0], Int32($0)) }
        triples.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        return triples.map(\.2)
    }

    // MARK: Helpers

    /// Product lists per value id from (value id, product) pairs in product order.
    private static func postings(_ pairs: [(Int32, Int32)], count: Int) -> [[Int32]] {
        var lists = [[Int32]](repeating: [], count: count)
        for (id, product) in pairs { lists[Int(id)].append(product) }
        return lists
    }

    /// Prices in ten-thousandths of the currency unit: exact for any amount with up to four decimals.
    static func scaled(_ amount: Decimal) -> Int64 {
        var value = amount, shifted = Decimal(), rounded = Decimal()
        // Shifting by a power of ten only moves the exponent, unlike a multiplication.
        _ = NSDecimalMultiplyByPowerOf10(&shifted, &value, 4, .plain)
        NSDecimalRound(&rounded, &shifted, 0, .plain)
        return NSDecimalNumber(decimal: rounded).int64Value
    }

    /// 8100 for "gid://shopify/Product/8100".
    static func numericId(_ gid: String) -> Int {
        var copy = gid
        return copy.withUTF8 { bytes in
            var k = bytes.count
            while k > 0, bytes[k - 1] >= 48, bytes[k - 1] <= 57 { k -= 1 }
            var value = 0
            for i in k..<bytes.count {
                let (m, o1) = value.multipliedReportingOverflow(by: 10)
                let (s, o2) = m.addingReportingOverflow(Int(bytes[i] - 48))
                if o1 || o2 { return -1 }
                value = s
            }
            return value
        }
    }

    /// A short, stable digest of a query, for cursors.
    static func fingerprint(_ query: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in query.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 36)
    }
}

/// The folded text, signatures, handles, SKUs and prices of a run of products, built on its own
/// core and then joined to the others.
private struct TextPart: Sendable {
    var text: [UInt8] = []
    var starts: [Int] = []
    var titleLength: [Int32] = []
    var textSlices: [UInt64] = []
    var titleSlices: [UInt64] = []
    var handles = FoldedStrings()
    var skus = FoldedStrings()
    var variantCounts: [Int32] = []
    var prices: [Int64] = []

    init(_ all: [Product], range: Range<Int>) {
        let textWords = SearchIndex.textSignatureWidth / 64, titleWords = SearchIndex.titleSignatureWidth / 64
        var signatures = [UInt64](repeating: 0, count: range.count * textWords)
        var titleSignatures = [UInt64](repeating: 0, count: range.count * titleWords)
        var folder = TextFolder()
        text.reserveCapacity(range.reduce(0) { $0 + all[$1].title.utf8.count + all[$1].description.utf8.count + 64 })
        all.withUnsafeBufferPointer { products in
            // Fields are read in place: copying a Product would retain every one of its strings.
            for p in range {
                let start = text.count
                starts.append(start)
                folder.append(products[p].title, to: &text)
                titleLength.append(Int32(text.count - start))
                text.append(0x1F); folder.append(products[p].vendor, to: &text)
                text.append(0x1F); folder.append(products[p].productType, to: &text)
                for tag in products[p].tags { text.append(0x1F); folder.append(tag, to: &text) }
                text.append(0x1F)
                folder.append(products[p].description, to: &text)
                let k = p - range.lowerBound, end = text.count, titleEnd = start + Int(titleLength[k])
                text.withUnsafeBufferPointer { t in
                    signatures.withUnsafeMutableBufferPointer { s in
                        SignatureSlices.sign(t, from: start, to: end, width: SearchIndex.textSignatureWidth,
                                             into: s.baseAddress! + k * textWords)
                    }
                    titleSignatures.withUnsafeMutableBufferPointer { s in
                        SignatureSlices.sign(t, from: start, to: titleEnd, width: SearchIndex.titleSignatureWidth,
                                             into: s.baseAddress! + k * titleWords)
                    }
                }
                handles.append(products[p].handle, folder: &folder)
                variantCounts.append(Int32(products[p].variants.count))
                for v in products[p].variants.indices {
                    skus.append(products[p].variants[v].sku ?? "", folder: &folder)
                    prices.append(SearchIndex.scaled(products[p].variants[v].price.amount))
                }
            }
        }
        textSlices = SignatureSlices.transpose(signatures, products: range.count, width: SearchIndex.textSignatureWidth)
        titleSlices = SignatureSlices.transpose(titleSignatures, products: range.count, width: SearchIndex.titleSignatureWidth)
    }
}

/// Strings folded for matching, stored one after another in a single buffer.
struct FoldedStrings: Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var starts: [Int32] = [0]

    var count: Int { starts.count - 1 }

    mutating func append(_ text: String, folder: inout TextFolder) {
        folder.append(text, to: &bytes)
        starts.append(Int32(bytes.count))
    }

    mutating func append(contentsOf other: FoldedStrings) {
        let base = Int32(bytes.count)
        bytes.append(contentsOf: other.bytes)
        starts.append(contentsOf: other.starts.dropFirst().map { $0 + base })
    }

    func matches(_ i: Int, _ needle: [UInt8], prefix: Bool) -> Bool {
        let start = Int(starts[i]), end = Int(starts[i + 1])
        let length = end - start
        if prefix ? length < needle.count : length != needle.count { return false }
        return bytes.withUnsafeBufferPointer { b in
            needle.withUnsafeBufferPointer { n in memcmp(b.baseAddress! + start, n.baseAddress!, n.count) == 0 }
        }
    }
}

/// Distinct values of a field (vendors, types, tags) as small integers, with their folded forms.
struct Vocabulary: Sendable {
    private var ids: [String: Int32] = [:]
    private(set) var folded: FoldedStrings = FoldedStrings()
    private(set) var raw: [String] = []

    mutating func intern(_ value: String, folder: inout TextFolder) -> Int32 {
        if let id = ids[value] { return id }
        let id = Int32(raw.count)
        ids[value] = id
        raw.append(value)
        folded.append(value, folder: &folder)
        return id
    }

    /// For each id, whether its folded value equals (or starts with) `needle`.
    func matching(_ needle: [UInt8], prefix: Bool) -> [Bool] {
        (0..<raw.count).map { folded.matches($0, needle, prefix: prefix) }
    }

    /// Each id's place when the values are sorted by their folded form.
    func ranks() -> [Int32] {
        let order = (0..<raw.count).sorted { a, b in
            let (x, y) = (value(a), value(b))
            return x == y ? raw[a] < raw[b] : x.lexicographicallyPrecedes(y)
        }
        var rank = [Int32](repeating: 0, count: raw.count)
        for (r, id) in order.enumerated() { rank[id] = Int32(r) }
        return rank
    }

    private func value(_ id: Int) -> ArraySlice<UInt8> {
        folded.bytes[Int(folded.starts[id])..<Int(folded.starts[id + 1])]
    }
}
