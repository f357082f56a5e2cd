import Foundation
import Testing
@testable import Storefront

@Suite struct SearchTests {
    static let all = Set(Fixtures.handles)

    static let cases: [(query: String, expected: Set<String>)] = [
        ("tea", ["sencha", "tea-towel", "notebook", "tea-sampler"]),
        ("TEA", ["sencha", "tea-towel", "notebook", "tea-sampler"]),
        ("cafe creme", ["cafe-creme"]),
        ("café", ["cafe-creme"]),
        ("煎茶", ["sencha"]),
        ("☕", ["red-mug"]),
        ("tea linen", ["tea-towel"]),
        ("\"loose-leaf teas\"", ["tea-sampler"]),
        ("\"teas loose-leaf\"", []),
        ("zebra", []),
        ("coffee", ["house-espresso", "cafe-creme", "brazil-cerrado"]),
        ("product_type:tea", ["sencha", "tea-sampler"]),
        ("product_type:Te", []),
        ("product_type:te*", ["sencha", "tea-sampler"]),
        ("vendor:\"Kestrel Roastery\"", ["house-espresso", "cafe-creme", "brazil-cerrado"]),
        ("vendor:\"papeterie lumiere\"", ["notebook"]),
        // Vendor and title match word by word, as Shopify's search does.
        ("vendor:kestrel", ["house-espresso", "cafe-creme", "brazil-cerrado", "gooseneck-kettle", "gift-card"]),
        ("vendor:roast", []),
        ("vendor:roast*", ["house-espresso", "cafe-creme", "brazil-cerrado"]),
        ("tag:sale", ["cafe-creme", "notebook"]),
        ("-tag:sale", all.subtracting(["cafe-creme", "notebook"])),
        ("NOT tag:sale", all.subtracting(["cafe-creme", "notebook"])),
        ("tag:*", all.subtracting(["tea-towel"])),
        ("-tag:*", ["tea-towel"]),
        ("tag:blend tag:espresso", ["house-espresso"]),
        ("tag:blend AND tag:espresso", ["house-espresso"]),
        ("tag:blend OR tag:gift", ["house-espresso", "cafe-creme", "tea-sampler", "gift-card"]),
        ("tag:blend tag:sale OR tag:gift", ["cafe-creme", "tea-sampler", "gift-card"]),
        ("tag:blend AND (tag:sale OR tag:gift)", ["cafe-creme"]),
        ("price:<12", ["sencha", "cafe-creme", "brazil-cerrado"]),
        ("price:<=11.50", ["sencha", "cafe-creme", "brazil-cerrado"]),
        ("price:<11.50", ["sencha", "brazil-cerrado"]),
        ("price:>50", ["gooseneck-kettle"]),
        ("price:>=50", ["gooseneck-kettle", "gift-card"]),
        ("price:19", ["tea-towel"]),
        ("variants.price:17.00", ["sencha"]),
        // Each comparison asks about any variant: sencha has one at 17.00 and one at 9.50.
        ("price:>=12 price:<=13", ["house-espresso", "sencha"]),
        ("available_for_sale:false", ["brazil-cerrado"]),
        ("available_for_sale:true -tag:*", ["tea-towel"]),
        ("created_at:2024-05-01", ["cafe-creme", "tea-towel"]),
        ("created_at:<2024-01-01", ["brazil-cerrado", "gift-card"]),
        ("created_at:<=2023-12-01", ["brazil-cerrado", "gift-card"]),
        ("created_at:>2024-05-01", ["notebook", "tea-sampler"]),
        ("created_at:>=2025-01-01", ["tea-sampler"]),
        ("created_at:>\"2024-05-01T12:00:00Z\"", ["tea-towel", "notebook", "tea-sampler"]),
        ("created_at:\"2024-05-01T08:00:00Z\"", ["cafe-creme"]),
        ("updated_at:>=2024-06-01", ["sencha", "notebook", "tea-sampler"]),
        ("title:\"linen tea towel\"", ["tea-towel"]),
        ("title:linen", ["tea-towel"]),
        ("title:towel", ["tea-towel"]),
        ("title:tow", []),
        ("title:\"tea towel\"", ["tea-towel"]),
        ("title:\"towel tea\"", []),
        ("title:grid", ["notebook"]),
        ("title:煎茶", ["sencha"]),
        ("title:creme", ["cafe-creme"]),
        ("title:tea", ["tea-towel", "tea-sampler"]),
        ("title:linen*", ["tea-towel"]),
        ("title:\"dot-grid notebook a5\"", ["notebook"]),
        ("sku:kr-house-250", ["house-espresso"]),
        ("sku:*", ["cafe-creme", "house-espresso"]),
        ("handle:red-mug", ["red-mug"]),
        ("-vendor:\"Kestrel Roastery\" tag:blend", []),
        ("coffee -tag:sale", ["house-espresso", "brazil-cerrado"]),
        ("(tea OR coffee) -tag:sale", ["sencha", "tea-towel", "tea-sampler", "house-espresso", "brazil-cerrado"]),
        ("-(tag:sale OR tag:gift)", all.subtracting(["cafe-creme", "notebook", "tea-sampler", "gift-card"])),
        ("NOT (tea OR coffee)", all.subtracting(["sencha", "tea-towel", "notebook", "tea-sampler", "house-espresso", "cafe-creme", "brazil-cerrado"])),
        ("mug*", ["red-mug"]),
        ("12:30", []),
        ("", all),
        ("   ", all),
    ]

    @Test(arguments: cases)
    func query(_ query: String, expected: Set<String>) throws {
        let catalog = try Fixtures.catalog()
        let found = Set(try catalog.products(matching: query, sortKey: .id).map(\.handle))
        #expect(found == expected, "query: \(query)")
    }

    static let badQueries: [(query: String, position: Int, message: String)] = [
        ("tag:", 5, "needs a value"),
        ("price:=10", 6, "':=' is not a comparison"),
        ("(tea", 1, "never closed"),
        ("tea)", 4, "unexpected ')'"),
        ("tea OR", 5, "'OR' at the end"),
        ("OR tea", 1, "'OR' needs a term before it"),
        ("tea AND AND coffee", 5, "'AND' needs a term on each side"),
        ("NOT", 1, "'NOT'"),
        ("title:\"red", 7, "quote is never closed"),
        ("\"red", 1, "quote is never closed"),
        ("colour:red", 1, "unknown field 'colour'"),
        ("tea -colour:red", 6, "unknown field 'colour'"),
        ("price:abc", 7, "not an amount"),
        ("available_for_sale:maybe", 20, "true or false"),
        ("created_at:2024-13-01", 12, "not a date"),
        ("title:<abc", 6, "cannot be compared"),
        ("()", 1, "empty parentheses"),
        ("- tea", 1, "'-' must be followed"),
        ("price:>*", 8, "'*'"),
        ("(tea OR (coffee)", 1, "never closed"),
    ]

    @Test(arguments: badQueries)
    func badQuery(_ query: String, position: Int, message: String) throws {
        let error = #expect(throws: SearchSyntaxError.self) { try SearchQuery.parse(query) }
        #expect(error?.position == position, "\(query): \(error?.message ?? "")")
        #expect(error?.message.contains(message) == true, "\(query): \(error?.message ?? "")")
        #expect(error?.query == query)
    }

    @Test func badQueriesReachTheClientAsInvalidSearch() async throws {
        let storefront = try EmbeddedStorefront.fixture()
        await #expect(throws: StorefrontError.invalidSearch(SearchSyntaxError(position: 5, message: "'tag:' needs a value", query: "tag:"))) {
            _ = try await storefront.products(.first(5), query: "tag:", sortKey: .relevance, reverse: false)
        }
    }

    @Test func andBindsTighterThanOr() throws {
        #expect(try SearchQuery.parse("a b OR c") == .or([.and([.term("a"), .term("b")]), .term("c")]))
        #expect(try SearchQuery.parse("a OR b AND c") == .or([.term("a"), .and([.term("b"), .term("c")])]))
        #expect(try SearchQuery.parse("-tag:x") == .not(.field(.tag, .equal, .text("x", prefix: false))))
        #expect(try SearchQuery.parse("NOT (a OR b)") == .not(.or([.term("a"), .term("b")])))
        #expect(try SearchQuery.parse("price:>=10.5") == .field(.price, .greaterOrEqual, .amount(Decimal(string: "10.5")!)))
        #expect(try SearchQuery.parse("tag:*") == .exists(.tag))
        #expect(try SearchQuery.parse("and or") == .and([.term("and"), .term("or")]))
    }

    @Test func relevancePutsTitleMatchesFirst() async throws {
        let storefront = try EmbeddedStorefront.fixture()
        let page = try await storefront.search(query: "tea", page: .first(10))
        let handles = page.nodes.map(\.handle)
        #expect(Set(handles.prefix(2)) == ["tea-towel", "tea-sampler"])
        #expect(Set(handles.dropFirst(2)) == ["sencha", "notebook"])
    }

    @Test func relevanceCountsTermsInTitles() async throws {
        let storefront = try EmbeddedStorefront.fixture()
        let handles = try await storefront.search(query: "linen OR towel OR sampler", page: .first(10)).nodes.map(\.handle)
        #expect(handles == ["tea-towel", "tea-sampler"], "two terms in one title, then one")
    }

    @Test func predictiveSearchMatchesTitlePrefixes() async throws {
        let storefront = try EmbeddedStorefront.fixture()
        #expect(try await storefront.predictiveSearch(query: "Te", limit: 5).map(\.handle) == ["tea-sampler", "tea-towel"])
        #expect(try await storefront.predictiveSearch(query: "cafe", limit: 5).map(\.handle) == ["cafe-creme"])
        #expect(try await storefront.predictiveSearch(query: "sencha", limit: 5).map(\.handle) == ["sencha"])
        #expect(try await storefront.predictiveSearch(query: "e", limit: 1).count == 1)
        await #expect(throws: StorefrontError.self) { _ = try await storefront.predictiveSearch(query: "tea", limit: 0) }
    }

    @Test func recommendationsShareTypeOrCollectionAndExcludeTheProduct() async throws {
        let storefront = try EmbeddedStorefront.fixture()
        let catalog = try Fixtures.catalog()
        let espresso = try #require(catalog.product(handle: "house-espresso"))
        let recommended = try await storefront.productRecommendations(productId: espresso.id).map(\.handle)
        #expect(recommended.first == "cafe-creme")
        #expect(!recommended.contains("house-espresso"))
        #expect(!recommended.contains("brazil-cerrado"), "sold out")
        #expect(try await storefront.productRecommendations(productId: "gid://shopify/Product/999").isEmpty)
    }
}
