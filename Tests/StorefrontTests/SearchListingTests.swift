import Determinism
import Foundation
import Testing
@testable import Storefront
@testable import StorefrontCatalog
@testable import StorefrontModels

/// Search results found page by page (`MatchListing`, `Paginator`) against a plain reference:
/// every product tested by reading its text, sorted in full, paged by index.
@Suite struct SearchListingTests {
    static let queries = [
        "", "tea", "mug", "\"hand thrown\"", "café", "cafe", "抹茶", "zz", "a", "ea", "smørrebrød",
        "tea mug", "tea tea", "mug OR kettle OR grinder", "-tea", "NOT (tea OR mug)", "tea -tag:sale",
        "(mug OR kettle) tag:gift", "linen OR towel OR tea", "title:linen*", "title:\"oak board porto\"",
        "tag:organic", "-tag:*", "price:<20 mug", "vendor:yamane OR teapot", "NOT available_for_sale:true",
        "kettle -(tag:sale OR tag:new)",
    ]
    static let sortKeys: [ProductSortKeys] = [.relevance, .title, .price, .id, .createdAt]

    let catalog = GeneratedCatalog.catalog
    var index: SearchIndex { catalog.searchIndex }

    // MARK: Reference

    func folded(_ text: String) -> [UInt8] {
        var folder = TextFolder()
        return folder.fold(text)
    }

    /// Whether `needle` occurs in `hay`, comparing at every offset.
    func contains(_ hay: ArraySlice<UInt8>, _ needle: [UInt8]) -> Bool {
        guard hay.count >= needle.count else { return false }
        return hay.withUnsafeBufferPointer { h in
            needle.withUnsafeBufferPointer { n in
                (0...(h.count - n.count)).contains { memcmp(h.baseAddress! + $0, n.baseAddress!, n.count) == 0 }
            }
        }
    }

    /// Whether `needle` sits in `hay` between word boundaries (the end one not needed for a prefix).
    func holdsWords(_ hay: [UInt8], _ needle: [UInt8], prefix: Bool) -> Bool {
        func letter(_ b: UInt8) -> Bool { b >= 0x80 || (b >= 0x30 && b <= 0x39) || (b >= 0x61 && b <= 0x7A) }
        guard hay.count >= needle.count else { return false }
        return (0...(hay.count - needle.count)).contains { k in
            Array(hay[k..<(k + needle.count)]) == needle
                && (k == 0 || !letter(hay[k - 1]))
                && (prefix || k + needle.count == hay.count || !letter(hay[k + needle.count]))
        }
    }

    func title(_ p: Int) -> ArraySlice<UInt8> { index.text[index.textStart[p]..<(index.textStart[p] + Int(index.titleLength[p]))] }

    /// The products matching `query`, each text read in full.
    func matching(_ query: SearchQuery) -> Set<Int> {
        var folder = TextFolder()
        let all = Set(0..<index.count)
        switch query {
        case .all: return all
        case .term(let term):
            let needle = folded(term)
            return all.filter { needle.isEmpty || contains(index.text[index.textStart[$0]..<index.textStart[$0 + 1]], needle) }
        case .field(.title, _, .text(let value, let prefix)):
            let needle = folded(value)
            return all.filter { holdsWords(Array(title($0)), needle, prefix: prefix) }
        case .field(let field, let comparison, let value):
            let set = index.fieldMatches(field, comparison, value, folder: &folder)
            return all.filter { set.contains($0) }
        case .exists(let field):
            let set = index.exists(field)
            return all.filter { set.contains($0) }
        case .not(let inner): return all.subtracting(matching(inner))
        case .and(let parts): return parts.map(matching).reduce(all) { $0.intersection($1) }
        case .or(let parts): return parts.map(matching).reduce([]) { $0.union($1) }
        }
    }

    /// The matching products of each query, computed once.
    static let found: [String: Set<Int>] = Dictionary(uniqueKeysWithValues: queries.map { text in
        (text, SearchListingTests().matching(try! SearchQuery.parse(text)))
    })

    /// The matches in order, as the search defines it.
    func reference(_ text: String, _ sortKey: ProductSortKeys, reverse: Bool) throws -> [Int] {
        let query = try SearchQuery.parse(text)
        let found = try #require(Self.found[text])
        var order = index.order(sortKey).map(Int.init).filter { found.contains($0) }
        let terms = SearchIndex.positiveTerms(query).map(folded).filter { !$0.isEmpty }
        if sortKey == .relevance, !terms.isEmpty {
            let hits = Dictionary(uniqueKeysWithValues: order.map { p in (p, terms.filter { contains(title(p), $0) }.count) })
            order.sort { hits[$0]! != hits[$1]! ? hits[$0]! > hits[$1]! : $0 < $1 }
        }
        return reverse ? order.reversed() : order
    }

    /// The positions in `list` of the page that the arguments ask for (positions instead of cursors).
    func referencePage(_ list: [String], after: Int?, before: Int?, first: Int?, last: Int?) -> (items: [Int], next: Bool, previous: Bool) {
        let lower = after.map { $0 + 1 } ?? 0
        let upper = max(lower, before ?? list.count)
        let start = first != nil ? lower : max(lower, upper - (last ?? 0))
        let end = first.map { min(upper, lower + $0) } ?? upper
        return (Array(start..<end), end < list.count, start > 0)
    }

    // MARK: Tests

    @Test func theReferenceIsNotEmptyHanded() throws {
        // The queries must exercise something: most match some products, some match many.
        let sizes = try Self.queries.map { try reference($0, .id, reverse: false).count }
        #expect(sizes.filter { $0 > 0 }.count >= Self.queries.count - 2, "\(sizes)")
        #expect(sizes.contains { $0 > 1_000 } && sizes.contains { $0 > 0 && $0 < 100 }, "\(sizes)")
        let levels = Set(try reference("linen OR towel OR tea", .relevance, reverse: false).map { p in
            ["linen", "towel", "tea"].filter { contains(title(p), folded($0)) }.count
        })
        #expect(levels == [0, 1, 2, 3], "titles with 3, 2, 1 and none of the terms: \(levels)")
    }

    @Test(arguments: queries)
    func everyMatchInOrder(_ query: String) throws {
        for sortKey in Self.sortKeys {
            let expected = try reference(query, sortKey, reverse: false)
            #expect(try index.ordered(query: query, sortKey: sortKey) == expected, "\(query) by \(sortKey)")
            let reversed = try index.listing(query: query, sortKey: sortKey, reverse: true).all()
            #expect(reversed == expected.reversed(), "\(query) by \(sortKey), reversed")
        }
    }

    @Test(arguments: queries)
    func pagesAgreeWithTheReference(_ query: String) async throws {
        let storefront = EmbeddedStorefront(catalog: catalog, stateDirectory: TemporaryDirectory().url)
        var generator = SeededRandom(seed: UInt64(query.utf8.count * 31 + 7))
        for (sortKey, reverse) in [(ProductSortKeys.relevance, false), (.relevance, true), (.price, false), (.title, true)] {
            let expected = try reference(query, sortKey, reverse: reverse).map { catalog.products[$0].handle }
            func page(_ arguments: PageArguments) async throws -> Page<Product> {
                try await storefront.products(arguments, query: query, sortKey: sortKey, reverse: reverse)
            }
            // Every cursor, by walking forward in pages of up to 250.
            var cursors: [String] = [], handles: [String] = [], after: String?
            repeat {
                let next = try await page(.first(250, after: after))
                cursors += next.edges.map(\.cursor)
                handles += next.nodes.map(\.handle)
                after = next.pageInfo.hasNextPage ? next.pageInfo.endCursor : nil
            } while after != nil
            #expect(handles == expected, "\(query) by \(sortKey)\(reverse ? ", reversed" : "")")
            guard handles == expected else { continue }
            // Windows between random cursors, forward and backward, against the reference.
            for _ in 0..<12 {
                let a = expected.isEmpty || generator.below(4) == 0 ? nil : generator.below(expected.count)
                let b = expected.isEmpty || generator.below(4) == 0 ? nil : generator.below(expected.count)
                let size = 1 + generator.below(9)
                let forward = generator.below(2) == 0
                let arguments = PageArguments(first: forward ? size : nil, after: a.map { cursors[$0] },
                                              last: forward ? nil : size, before: b.map { cursors[$0] })
                let got = try await page(arguments)
                let want = referencePage(expected, after: a, before: b, first: arguments.first, last: arguments.last)
                let context = "\(query) by \(sortKey)\(reverse ? ", reversed" : ""): after \(a.map(String.init) ?? "-") before \(b.map(String.init) ?? "-") \(forward ? "first" : "last") \(size)"
                #expect(got.nodes.map(\.handle) == want.items.map { expected[$0] }, "\(context)")
                #expect(got.pageInfo.hasNextPage == want.next && got.pageInfo.hasPreviousPage == want.previous, "\(context)")
                #expect(got.edges.map(\.cursor) == want.items.map { cursors[$0] }, "\(context): cursors")
            }
        }
    }

    @Test func titleOrderIsByFoldedTitleThenCatalogOrder() {
        // Many titles share their first eight bytes ("linen tea towel ..."): the full comparison decides.
        let expected = (0..<index.count).sorted { a, b in
            let (x, y) = (Array(title(a)), Array(title(b)))
            return x == y ? a < b : x.lexicographicallyPrecedes(y)
        }
        #expect(index.order(.title).map(Int.init) == expected)
        #expect(Set(expected.map { Array(title($0).prefix(8)) }).count < index.count / 4, "shared prefixes")
    }

    @Test func theIndexHasEveryVariantsPrice() {
        // The loader hands the index prices read from the file's text, run by run.
        for (p, product) in catalog.products.enumerated() {
            let prices = product.variants.map { SearchIndex.scaled($0.price.amount) }
            #expect(Array(index.variantPrices[Int(index.variantStart[p])..<Int(index.variantStart[p + 1])]) == prices, "\(product.handle)")
            #expect(index.minPrice[p] == prices.min() && index.maxPrice[p] == prices.max())
            #expect(product.priceRange.minVariantPrice.amount == product.variants.map(\.price.amount).min())
            #expect(product.priceRange.maxVariantPrice.amount == product.variants.map(\.price.amount).max())
        }
        for text in ["0", "12", "12.5", "12.50", "0.0001", "-3.25", "99999999999999.9999"] {
            #expect(SearchIndex.scaled(text: text) == SearchIndex.scaled(Money.parseAmount(text)!), "\(text)")
        }
        for text in ["12.", ".5", "1.00001", "1e3", "", "-", "1,5", "999999999999999"] {
            #expect(SearchIndex.scaled(text: text) == nil, "\(text)")
        }
    }

    @Test func transposingBitMatricesSwapsRowsAndColumns() {
        var generator = SeededRandom(seed: 3)
        var rows = (0..<64).map { _ in UInt64(generator.below(1 << 31)) << 33 ^ UInt64(generator.below(1 << 31)) }
        let original = rows
        rows.withUnsafeMutableBufferPointer { SignatureSlices.transpose64($0.baseAddress!) }
        for i in 0..<64 {
            for j in 0..<64 {
                #expect((rows[j] >> UInt64(i)) & 1 == (original[i] >> UInt64(j)) & 1, "bit \(j) of row \(i)")
            }
        }
    }

    @Test func signatureSlicesHoldEveryProductsBits() {
        // A product's text holds each of its own triples: its slices must all have it.
        for p in stride(from: 0, to: index.count, by: 97) {
            let text = Array(index.text[index.textStart[p]..<index.textStart[p + 1]])
            guard text.count >= 3 else { continue }
            for k in stride(from: 0, to: text.count - 2, by: 5) where !text[k..<(k + 3)].contains(0x1F) {
                #expect(index.textSlices.candidates(index.textSlices.bits(of: Array(text[k..<(k + 3)])), count: index.count).contains(p))
            }
        }
    }
}


