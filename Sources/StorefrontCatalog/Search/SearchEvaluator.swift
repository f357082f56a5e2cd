import Foundation
import StorefrontModels

/// Runs a parsed query over the index: field tests become `ProductSet`s at once, fuzzy terms are
/// confirmed product by product as a listing reaches them (see `SearchPlan`, `MatchListing`).
/// Hot loops work on unsafe buffers and allocate nothing per product.
extension SearchIndex {
    /// The products matching `query` (all for nil or blank) in the order of `sortKey`.
    /// With `.relevance` and a query, products whose titles hold more of its terms come first.
    func ordered(query text: String?, sortKey: ProductSortKeys) throws -> [Int] {
        try listing(query: text, sortKey: sortKey, reverse: false).all()
    }

    /// The matches of `query` in the order of `sortKey` (reversed when `reverse`), to page through.
    package func listing(query text: String?, sortKey: ProductSortKeys, reverse: Bool) throws -> MatchListing {
        let query: SearchQuery
        do { query = try SearchQuery.parse(text ?? "") } catch { throw StorefrontError.invalidSearch(error) }
        var folder = TextFolder()
        let plan = self.plan(query, folder: &folder)
        let candidates = plan.mayMatch
        let terms = sortKey == .relevance ? Self.positiveTerms(query).map { folder.fold($0) }.filter { !$0.isEmpty } : []
        if sortKey == .relevance {
            let runs = terms.isEmpty ? [candidates] : titleRuns(terms, among: candidates)
            return MatchListing(productCount: count, runs: runs, order: nil, plan: plan, reversed: reverse)
        }
        // Other orders: the candidates' places in that order.
        let order = self.order(sortKey)
        var places = ProductSet(count: count, filled: candidates.cardinality == count)
        if candidates.cardinality < count {
            let rank = self.rank(sortKey)
            rank.withUnsafeBufferPointer { rank in candidates.forEach { places.insert(Int(rank[$0])) } }
        }
        return MatchListing(productCount: count, runs: [places], order: order, plan: plan, reversed: reverse)
    }

    /// The candidates split by how many of the terms their titles hold, most first (a term given
    /// twice counts twice). Runs that would be empty are left out.
    private func titleRuns(_ terms: [[UInt8]], among candidates: ProductSet) -> [ProductSet] {
        let levels = min(255, terms.count)
        var hits = [UInt8](repeating: 0, count: count)
        var titled = ProductSet(count: count)
        var counted: [[UInt8]: Int] = [:]
        for term in terms { counted[term, default: 0] += 1 }
        for (term, times) in counted {
            var possible = titleSlices.candidates(titleSlices.bits(of: term), count: count)
            possible.formIntersection(candidates)
            possible.forEach { p in
                if titleContains(p, term) {
                    hits[p] = UInt8(min(255, Int(hits[p]) + times))
                    titled.insert(p)
                }
            }
        }
        var runs = [ProductSet](repeating: ProductSet(count: count), count: levels + 1)
        titled.forEach { p in runs[levels - min(levels, Int(hits[p]))].insert(p) }
        var untitled = candidates
        untitled.subtract(titled)
        runs[levels] = untitled
        return runs.filter { !$0.isEmpty }
    }

    /// The query with every field test evaluated over the whole catalog.
    func plan(_ query: SearchQuery, folder: inout TextFolder) -> SearchPlan {
        switch query {
        case .all:
            return .set(ProductSet(count: count, filled: true))
        case .term(let term):
            let needle = folder.fold(term)
            if needle.isEmpty { return .set(ProductSet(count: count, filled: true)) }
            return .term(TermProbe(needle: needle, index: self))
        case .field(let field, let comparison, let value):
            return .set(fieldMatches(field, comparison, value, folder: &folder))
        case .exists(let field):
            return .set(exists(field))
        case .not(let inner):
            return SearchPlan.negation(plan(inner, folder: &folder))
        case .and(let parts):
            return SearchPlan.all(parts.map { plan($0, folder: &folder) })
        case .or(let parts):
            return SearchPlan.any(parts.map { plan($0, folder: &folder) })
        }
    }

    /// Fuzzy terms outside any NOT: what relevance looks for in titles.
    static func positiveTerms(_ query: SearchQuery) -> [String] {
        switch query {
        case .term(let term): return [term]
        case .and(let parts), .or(let parts): return parts.flatMap(positiveTerms)
        case .all, .field, .exists, .not: return []
        }
    }

    // MARK: Fuzzy terms

    /// A byte seen less than once in 500: about one per product text, or none.
    func isRare(_ byte: UInt8) -> Bool {
        byteFrequency[Int(byte)] * 500 < byteFrequency.reduce(0, +)
    }

    /// The needle byte that is rarest in the catalog: searching for it finds the fewest false starts.
    func anchorOffset(_ needle: [UInt8]) -> Int {
        var best = 0
        for k in needle.indices where byteFrequency[Int(needle[k])] < byteFrequency[Int(needle[best])] { best = k }
        return best
    }

    func titleContains(_ p: Int, _ needle: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { t in
            needle.withUnsafeBufferPointer { n in
                Self.find(n, anchor: 0, in: t, from: textStart[p], to: textStart[p] + Int(titleLength[p]))
            }
        }
    }

    /// Whether `needle` occurs in `hay[from..<to]`. The anchor byte (`needle[anchor]`, the rarest)
    /// is looked for eight bytes at a time (a word-wide "has this byte" test); each hit is then
    /// compared in full. For a common anchor this beats memchr, whose setup is paid on every hit in
    /// a text of a few hundred bytes; for a rare one (`rareAnchor`) memchr is used.
    @inline(__always)
    static func find(_ needle: UnsafeBufferPointer<UInt8>, anchor: Int, rareAnchor: Bool = false,
                     in hay: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Bool {
        let n = needle.count
        guard to - from >= n, let base = hay.baseAddress, let start = needle.baseAddress else { return false }
        let target = needle[anchor]
        var p = from + anchor                    // where the anchor may first sit
        let last = to - n + anchor               // and last
        @inline(__always) func matchesAt(_ q: Int) -> Bool {
            var k = 0
            while k < n, base[q - anchor + k] == start[k] { k += 1 }
            return k == n
        }
        if rareAnchor {
            // A rare byte: memchr's wide steps win, as it stops rarely.
            while p <= last {
                guard let hit = memchr(base + p, Int32(target), last - p + 1) else { return false }
                let q = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
                if matchesAt(q) { return true }
                p = q + 1
            }
            return false
        }
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let pattern = UInt64(target) &* ones
        while p + 8 <= last + 1 {
            let x = UnsafeRawPointer(base + p).loadUnaligned(as: UInt64.self) ^ pattern
            var hits = (x &- ones) & ~x & highs  // high bit set in each byte equal to the target (and
            while hits != 0 {                    // maybe a few false ones above it, which matchesAt rejects)
                if matchesAt(p + hits.trailingZeroBitCount >> 3) { return true }
                hits &= hits - 1
            }
            p += 8
        }
        while p <= last {
            if base[p] == target, matchesAt(p) { return true }
            p += 1
        }
        return false
    }

    // MARK: Fields

    func fieldMatches(_ field: SearchField, _ comparison: SearchComparison, _ value: SearchValue,
                              folder: inout TextFolder) -> ProductSet {
        switch (field, value) {
        case (.title, .text(let text, let prefix)):
            // Word by word, as Shopify does; only titles whose signature allows the value can hold it.
            let needle = folder.fold(text)
            var result = ProductSet(count: count)
            self.text.withUnsafeBufferPointer { t in
                needle.withUnsafeBufferPointer { n in
                    titleSlices.candidates(titleSlices.bits(of: needle), count: count).forEach { p in
                        let start = textStart[p]
                        if WordMatch.contains(n, in: t, from: start, to: start + Int(titleLength[p]), prefix: prefix) { result.insert(p) }
                    }
                }
            }
            return result
        case (.handle, .text(let text, let prefix)):
            let needle = folder.fold(text)
            return ProductSet(count: count) { handles.matches($0, needle, prefix: prefix) }
        case (.sku, .text(let text, let prefix)):
            let needle = folder.fold(text)
            return ProductSet(count: count) { p in
                (Int(variantStart[p])..<Int(variantStart[p + 1])).contains { skus.matches($0, needle, prefix: prefix) }
            }
        case (.vendor, .text(let text, let prefix)):
            return vendorPostings.products(withAnyOf: vendors.matchingWords(folder.fold(text), prefix: prefix), count: count)
        case (.productType, .text(let text, let prefix)):
            return productTypePostings.products(withAnyOf: productTypes.matching(folder.fold(text), prefix: prefix), count: count)
        case (.tag, .text(let text, let prefix)):
            return tagPostings.products(withAnyOf: tags.matching(folder.fold(text), prefix: prefix), count: count)
        case (.price, .amount(let amount)), (.variantsPrice, .amount(let amount)):
            let x = Self.scaled(amount)
            switch comparison {
            // Any variant's price: the cheapest decides "below", the dearest "above".
            case .less: return ProductSet(count: count) { minPrice[$0] < x }
            case .lessOrEqual: return ProductSet(count: count) { minPrice[$0] <= x }
            case .greater: return ProductSet(count: count) { maxPrice[$0] > x }
            case .greaterOrEqual: return ProductSet(count: count) { maxPrice[$0] >= x }
            case .equal:
                return ProductSet(count: count) { p in
                    minPrice[p] <= x && maxPrice[p] >= x
                        && (Int(variantStart[p])..<Int(variantStart[p + 1])).contains { variantPrices[$0] == x }
                }
            }
        case (.availableForSale, .boolean(let wanted)):
            return ProductSet(count: count) { available[$0] == wanted }
        case (.createdAt, .date(let seconds, let wholeDay)):
            return dateMatches(createdAt, comparison, seconds, wholeDay)
        case (.updatedAt, .date(let seconds, let wholeDay)):
            return dateMatches(updatedAt, comparison, seconds, wholeDay)
        default:
            // The parser only pairs a field with a value of its kind.
            return ProductSet(count: count)
        }
    }

    private func dateMatches(_ dates: [Double], _ comparison: SearchComparison, _ seconds: Double, _ wholeDay: Bool) -> ProductSet {
        ProductSet(count: count) { comparison.holds(dates[$0], seconds: seconds, wholeDay: wholeDay) }
    }

    func exists(_ field: SearchField) -> ProductSet {
        switch field {
        case .tag: return ProductSet(count: count) { tagStart[$0] < tagStart[$0 + 1] }
        case .vendor: return ProductSet(count: count) { !vendors.folded.isEmpty(Int(vendorOf[$0])) }
        case .productType: return ProductSet(count: count) { !productTypes.folded.isEmpty(Int(productTypeOf[$0])) }
        case .sku:
            return ProductSet(count: count) { p in
                (Int(variantStart[p])..<Int(variantStart[p + 1])).contains { !skus.isEmpty($0) }
            }
        case .title, .handle, .price, .variantsPrice, .availableForSale, .createdAt, .updatedAt, .collectionType:
            // Every product has these.
            return ProductSet(count: count, filled: true)
        }
    }

    // MARK: Predictive search

    /// Products whose folded title starts with the folded query, then those with a word that does.
    package func titlePrefixMatches(_ query: String, limit: Int) -> [Int] {
        var folder = TextFolder()
        let prefix = folder.fold(query.trimmingCharacters(in: .whitespaces))
        guard !prefix.isEmpty else { return [] }
        var starts: [Int] = [], words: [Int] = []
        text.withUnsafeBufferPointer { t in
            prefix.withUnsafeBufferPointer { n in
                for p in 0..<count {
                    let start = textStart[p], length = Int(titleLength[p])
                    guard length >= n.count else { continue }
                    if memcmp(t.baseAddress! + start, n.baseAddress!, n.count) == 0 {
                        starts.append(p)
                        if starts.count >= limit { break }
                        continue
                    }
                    guard words.count < limit else { continue }
                    var k = start + 1
                    while k + n.count <= start + length {
                        let before = t[k - 1]
                        if (before == 0x20 || before == 0x2D || before == 0x28), memcmp(t.baseAddress! + k, n.baseAddress!, n.count) == 0 {
                            words.append(p)
                            break
                        }
                        k += 1
                    }
                }
            }
        }
        return Array((starts + words).prefix(limit))
    }
}
