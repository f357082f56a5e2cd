import Foundation
import Testing
@testable import Storefront

/// Inputs that once crashed the process: each now gets a clear, positioned error.
struct HostileInputTests {
    static func syntaxError(_ query: String) -> SearchSyntaxError? {
        do { _ = try SearchQuery.parse(query); return nil } catch { return error }
    }

    @Test(arguments: [
        (String(repeating: "(", count: 741) + "tea" + String(repeating: ")", count: 741), 33),
        (String(repeating: "(", count: 1_000), 33),
        (String(repeating: "-(", count: 643) + "tea" + String(repeating: ")", count: 643), 33),
        (String(repeating: "NOT ", count: 400) + "tea", 129),
    ])
    func deepQueriesStopAtTheDepthLimit(query: String, position: Int) throws {
        let error = try #require(Self.syntaxError(query))
        #expect(error.position == position)
        #expect(error.message == "groups and negations nest more than 32 deep")
    }

    @Test func nestingUpToTheLimitStillParses() throws {
        let query = String(repeating: "(", count: 32) + "tea" + String(repeating: ")", count: 32)
        #expect(try SearchQuery.parse(query) == .term("tea"))
    }

    @Test func aQueryLongerThanTheLimitIsRefusedWhereItGoesOver() throws {
        let error = try #require(Self.syntaxError(String(repeating: "tea ", count: 1_000)))
        #expect(error.position == 2_001)
        #expect(error.message == "the query is longer than 2000 characters")
    }

    @Test func anUnknownFieldIsQuotedShortAndWithoutControls() throws {
        let error = try #require(Self.syntaxError(String(repeating: "a", count: 1_000_000) + "\u{1B}[31m:1"))
        #expect(error.message.hasPrefix("the query is longer"))
        let short = try #require(Self.syntaxError("zz" + String(repeating: "a", count: 500) + ":1"))
        #expect(short.message.hasPrefix("unknown field 'zzaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…' (fields:"))
    }

    @Test func aProductIdNearTheTopOfIntWithVariantsWithoutIdsIsACatalogError() throws {
        let id = Int.max / 1000 + 1
        let error = loadError(#"""
            {"format":"storefront-catalog","version":1,
             "shop":{"name":"S","domain":"s.example","currencyCode":"EUR","countryCode":"NL"},
             "collections":[],
             "products":[{"id":\#(id),"handle":"p","title":"P","vendor":"V","productType":"T",
               "createdAt":"2025-01-01T00:00:00Z","updatedAt":"2025-01-01T00:00:00Z",
               "variants":[{"price":"1.00"}]}]}
            """#)
        #expect(error.message.contains("is too large: give the variant an id"))
        #expect(error.location == "products[0].variants[0].id")
    }

    @Test func aCatalogErrorQuotingAControlCharacterPrintsWithoutIt() {
        let error = CatalogError(file: "c.json", message: "unexpected \u{1B}[31m\u{0}", location: "x")
        #expect(error.description == "c.json: unexpected  at x")
    }
}
