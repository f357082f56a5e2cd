import Foundation
import Testing
@testable import Storefront

/// The error loading `json` as "test.json", which must fail.
func loadError(_ json: String) -> CatalogError {
    do {
        _ = try CatalogLoader.load(data: Data(json.utf8), file: "test.json")
    } catch StorefrontError.catalog(let error) {
        return error
    } catch {
        Issue.record("expected a catalog error, got \(error)")
        return CatalogError(file: "", message: "")
    }
    Issue.record("expected a catalog error")
    return CatalogError(file: "", message: "")
}

@Suite struct CatalogLoaderTests {
    func error(_ json: String) throws -> CatalogError { loadError(json) }

    /// The fixture with one piece of text replaced, which must be there.
    func fixture(replacing old: String, with new: String) throws -> String {
        #expect(Fixtures.catalogJSON.contains(old), "fixture text to replace: \(old)")
        return Fixtures.catalogJSON.replacingOccurrences(of: old, with: new)
    }

    @Test func theFixtureLoads() throws {
        let catalog = try Fixtures.catalog()
        #expect(catalog.products.map(\.handle) == Fixtures.handles)
        let kettle = try #require(catalog.product(handle: "gooseneck-kettle"))
        #expect(kettle.id == "gid://shopify/Product/6")
        #expect(kettle.options.map(\.name) == ["Finish"] && kettle.options[0].optionValues.map(\.name) == ["Steel", "Copper"])
        #expect(kettle.variants.map(\.id) == ["gid://shopify/ProductVariant/6001", "gid://shopify/ProductVariant/6002"])
        #expect(kettle.variants.map(\.availableForSale) == [true, false])
        #expect(kettle.variants[0].selectedOptions == [SelectedOption(name: "Finish", value: "Steel")])
        #expect(kettle.availableForSale)
        #expect(kettle.priceRange.minVariantPrice.amountString == "54.00" && kettle.priceRange.maxVariantPrice.amountString == "69.00")
        let towel = try #require(catalog.product(handle: "tea-towel"))
        #expect(towel.variants[0].quantityAvailable == nil && towel.variants[0].title == "Default Title" && towel.tags.isEmpty)
        #expect(catalog.product(id: kettle.id) == kettle)
        #expect(catalog.variant(id: kettle.variants[1].id)?.variant == kettle.variants[1])
        #expect(catalog.variant(id: "gid://shopify/ProductVariant/999999") == nil)
        #expect(catalog.discountCodes.map(\.code) == ["WELCOME10", "SAVE15", "FIKA5", "OLD15", "FIRST10"])
        #expect(catalog.collections.map(\.id) == ["gid://shopify/Collection/101", "gid://shopify/Collection/102",
                                                  "gid://shopify/Collection/103", "gid://shopify/Collection/104"])
    }

    @Test func missingEmptyAndDirectory() throws {
        let directory = TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        let missing = directory.url.appendingPathComponent("nope.json").path
        #expect(throws: StorefrontError.catalog(CatalogError(file: missing, message: "no such file"))) {
            try CatalogLoader.load(contentsOf: missing)
        }
        let empty = directory.url.appendingPathComponent("empty.json")
        try Data("  \n".utf8).write(to: empty)
        #expect(throws: StorefrontError.catalog(CatalogError(file: empty.path, message: "is empty"))) {
            try CatalogLoader.load(contentsOf: empty.path)
        }
        #expect(throws: StorefrontError.catalog(CatalogError(file: directory.url.path, message: "is a directory, not a catalog file"))) {
            try CatalogLoader.load(contentsOf: directory.url.path)
        }
    }

    @Test(arguments: [
        ("hello", "line 1, column 1"),
        ("{\n  \"shop\": {\n    \"name\": \"x\",,\n", "line 3, column 17"),
        ("{\"shop\": {\"name\": \"café\" \"x\"}}", "line 1, column 26"),
        ("{\"shop\": ", "line 1, column 10"),
        ("{\"shop\": {\"name\": \"unterminated", "line 1, column 19"),
        ("{\"shop\": {\"name\": \"tab\tinside\"}}", "line 1, column 23"),
        ("{\"shop\": {\"name\": \"x\" \"y\"", "line 1, column 23"),
    ])
    func syntaxErrorsSayWhere(_ json: String, location: String) throws {
        let error = try error(json)
        #expect(error.file == "test.json")
        #expect(error.message.hasPrefix("is not valid JSON"), "\(error)")
        #expect(error.location == location, "\(error)")
    }

    @Test func textAfterTheCatalogIsAnError() throws {
        let error = try error(Fixtures.catalogJSON + "\n}")
        let lines = Fixtures.catalogJSON.split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(error.location == "line \(lines + 1), column 1")
        #expect(error.message == "is not valid JSON (unexpected text after the end of the catalog)")
    }

    @Test func wrongKindsAndMissingFieldsSayWhichField() throws {
        let price = try error(try fixture(replacing: #""price": "17.00""#, with: #""price": 17"#))
        #expect(price.location == "products[0].variants[1].price")
        #expect(price.message == "expected a string but found a number")
        let tags = try error(try fixture(replacing: #""tags": ["japanese", "green-tea"]"#, with: #""tags": "japanese""#))
        #expect(tags.location == "products[0].tags" && tags.message == "expected an array but found a string")
        let missing = try error(try fixture(replacing: #""title": "Gooseneck Kettle", "#, with: ""))
        #expect(missing.location == "products[5]" && missing.message == "missing field \"title\"")
        let unknown = try error(try fixture(replacing: #""inventory": 40"#, with: #""inventroy": 40"#))
        #expect(unknown.location == "products[7].variants[0].inventroy" && unknown.message == "unknown field \"inventroy\"")
        let top = try error("[1, 2]")
        #expect(top.location == "the top level" && top.message == "expected an object but found an array")
        let id = try error(try fixture(replacing: #""id": 4,"#, with: #""id": 4.5,"#))
        #expect(id.location == "products[3].id")
        #expect(try error(#"{"collections": [], "products": []}"#).message == "missing field \"shop\"")
    }

    @Test(arguments: [
        (#""handle": "tea-towel""#, #""handle": "sencha""#, "duplicate handle \"sencha\" (also products[0])", "products[4].handle"),
        (#""id": 5, "handle""#, #""id": 1, "handle""#, "duplicate id 1 (also products[0])", "products[4].id"),
        (#""options": ["100 g"], "price": "17.00""#, #""options": ["200 g"], "price": "17.00""#,
         "\"200 g\" is not a value of option \"Size\"", "products[0].variants[1].options[0]"),
        (#""options": ["100 g"], "price": "17.00""#, #""options": ["50 g"], "price": "17.00""#,
         "same options as variants[0]", "products[0].variants[1].options"),
        (#""price": "16.00""#, #""price": "16,00""#, "\"16,00\" is not a decimal amount such as \"12.50\"", "products[7].variants[0].price"),
        (#""price": "16.00""#, #""price": "-16.00""#, "amount cannot be negative (-16.00)", "products[7].variants[0].price"),
        (#""currencyCode": "EUR""#, #""currencyCode": "euro""#, "\"euro\" is not an ISO 4217 currency code such as \"EUR\"", "shop.currencyCode"),
        (#""products": ["sencha", "tea-sampler"]"#, #""products": ["sencha", "tea-pot"]"#,
         "no product has the handle \"tea-pot\"", "collections[1].products[1]"),
        (#""createdAt": "2024-07-01T12:00:00Z""#, #""createdAt": "July 2024""#,
         "\"July 2024\" is not an ISO 8601 date such as \"2025-03-01T09:00:00Z\"", "products[7].createdAt"),
        (#""handle": "notebook""#, #""handle": "Note Book""#,
         "\"Note Book\" is not a handle (lowercase letters, digits and \"-\")", "products[7].handle"),
        (#""inventory": 40"#, #""inventory": -1"#, "inventory cannot be negative (-1)", "products[7].variants[0].inventory"),
        (#""type": "fixedAmount""#, #""type": "bogof""#,
         "unknown discount type \"bogof\" (expected \"percentage\" or \"fixedAmount\")", "discountCodes[2].type"),
        (#""title": "Tea Sampler""#, #""title": " \u001b[0m ""#, "must not be empty", "products[8].title"),
    ])
    func validationErrors(old: String, new: String, message: String, location: String) throws {
        let error = try error(try fixture(replacing: old, with: new))
        #expect(error.message == message)
        #expect(error.location == location)
        #expect(error.description == "test.json: \(message) at \(location)")
    }

    @Test func duplicateVariantIdsAcrossProducts() throws {
        let json = try fixture(replacing: #"{"price": "19.00"}"#, with: #"{"id": 1001, "price": "19.00"}"#)
        let error = try error(json)
        #expect(error.message == "duplicate variant id 1001 (also products[0].variants[0])")
        #expect(error.location == "products[4].variants[0].id")
    }

    @Test func theBundledCatalogIsBelievable() throws {
        let catalog = try CatalogLoader.bundled()
        #expect(catalog.products.count >= 60 && catalog.collections.count >= 6)
        #expect(Set(catalog.products.map(\.handle)).count == catalog.products.count)
        #expect(catalog.products.contains { $0.title.contains("抹茶") })
        #expect(catalog.products.contains { $0.title.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
        #expect(catalog.products.contains { $0.title.contains("é") } && catalog.products.contains { $0.title.contains("ø") })
        #expect(catalog.products.filter { $0.title.count >= 80 }.count >= 3)
        #expect(catalog.products.contains { !$0.availableForSale })
        #expect(catalog.products.contains { $0.availableForSale && $0.variants.contains { !$0.availableForSale } })
        #expect(catalog.products.contains { $0.variants.contains(where: \.isOnSale) })
        #expect(catalog.products.contains { $0.tags.isEmpty })
        #expect(catalog.products.allSatisfy { $0.description.contains("\n\n") }, "multi-paragraph descriptions")
        #expect(Set(catalog.products.flatMap { $0.options.map(\.name) }).isSuperset(of: ["Size", "Colour"]))
        #expect(catalog.collectionProductIndices.allSatisfy { !$0.isEmpty })
        #expect(!catalog.discountCodes.isEmpty && catalog.shop.refundPolicyURL != nil && catalog.shop.contactEmail != nil)
    }
}

/// Products are read on all cores from places a quick scan finds: errors must still be the ones,
/// at the places, that reading the file from start to end finds first.
@Suite struct CatalogReadingOrderTests {
    static let shop = #""shop": {"name": "S", "domain": "s.example", "currencyCode": "EUR", "countryCode": "NL"}"#

    static func product(_ id: Int, _ extra: String = "") -> String {
        #"{"id": \#(id), "handle": "p\#(id)", "title": "P\#(id)", "createdAt": "2024-01-01", "updatedAt": "2024-01-01", "variants": [{"price": "1.00"}]\#(extra)}"#
    }

    /// A catalog with `products` as the array's text, collections after it.
    static func catalog(shop: String = shop, _ products: String, after: String = #""collections": []"#) -> String {
        "{\(shop),\n\"products\": [\(products)],\n\(after)}"
    }

    func error(_ json: String) throws -> CatalogError { loadError(json) }

    @Test func aCatalogWithoutProductsLoadsAndFindsNothing() async throws {
        let catalog = try CatalogLoader.load(data: Data(Self.catalog("").utf8))
        #expect(catalog.products.isEmpty)
        let storefront = EmbeddedStorefront(catalog: catalog, stateDirectory: TemporaryDirectory().url)
        for query in [nil, "tea", "tag:x", "-tea"] {
            let page = try await storefront.products(.first(5), query: query, sortKey: .price, reverse: false)
            #expect(page == .empty, "\(query ?? "nil")")
        }
    }

    @Test func manyProductsLoadInOrder() throws {
        let json = Self.catalog((1...2_500).map { Self.product($0) }.joined(separator: ",\n"))
        let catalog = try CatalogLoader.load(data: Data(json.utf8))
        #expect(catalog.products.map(\.handle) == (1...2_500).map { "p\($0)" })
    }

    /// Each case marks the place of the error with "§" (taken out before reading).
    @Test(arguments: [
        // Text after an element, where the array wants a comma.
        (Self.product(1) + " §x, " + Self.product(2), "expected ',' or ']'"),
        // An empty element and a trailing comma.
        (Self.product(1) + ",§, " + Self.product(2), "invalid value"),
        (Self.product(1) + ", §", "invalid value"),
        // Brackets that do not pair up: the scan gives up, the reading says where.
        (Self.product(1) + ", {\"id\": 2§]", "expected ',' or '}'"),
        // Inside a later element.
        (Self.product(1) + ", {\"id\" §2}", "expected ':' after the field name"),
    ])
    func syntaxErrorsInProductsSayWhere(_ marked: String, message: String) throws {
        let line = "\"products\": [" + marked
        let column = line.distance(from: line.startIndex, to: line.firstIndex(of: "§")!) + 1
        let error = try error(Self.catalog(marked.replacingOccurrences(of: "§", with: "")))
        #expect(error.message == "is not valid JSON (\(message))", "\(error)")
        #expect(error.location == "line 2, column \(column)", "\(error)")
    }

    @Test func deepNestingIsReadOneElementAfterAnother() throws {
        // Deeper than the scan follows: the elements are read in order instead, with the same errors.
        let deep = String(repeating: "[", count: 70) + String(repeating: "]", count: 70)
        let found = try error(Self.catalog([Self.product(1), Self.product(2, ", \"extra\": \(deep)")].joined(separator: ", ")))
        #expect(found.message == "unknown field \"extra\"" && found.location == "products[1].extra", "\(found)")
        let shallow = String(repeating: "[", count: 10) + String(repeating: "]", count: 10)
        let same = try error(Self.catalog([Self.product(1), Self.product(2, ", \"extra\": \(shallow)")].joined(separator: ", ")))
        #expect(same == found)
    }

    @Test func aStringThatNeverEndsInTheLastProduct() throws {
        let json = "{\(Self.shop), \"collections\": [], \"products\": [\(Self.product(1)), {\"id\": 2, \"handle\": \"p2"
        let error = try error(json)
        let column = json.distance(from: json.startIndex, to: json.range(of: "\"p2")!.lowerBound) + 1
        #expect(error.message == "is not valid JSON (unterminated string)" && error.location == "line 1, column \(column)", "\(error)")
    }

    @Test func aProductThatDoesNotReadComesBeforeLaterErrors() throws {
        let bad = Self.product(3).replacingOccurrences(of: #""price": "1.00""#, with: #""price": 1"#)
        let products = [Self.product(1), Self.product(2), bad].joined(separator: ", ")
        // ...before a syntax error after the products,
        let syntax = try error(Self.catalog(products, after: #""collections": [}"#))
        #expect(syntax.location == "products[2].variants[0].price" && syntax.message == "expected a string but found a number")
        // ...a missing field of the catalog,
        let missing = try error(Self.catalog(products, after: #""format": "storefront-catalog""#))
        #expect(missing.location == "products[2].variants[0].price")
        // ...a shop that does not check out,
        let shop = Self.shop.replacingOccurrences(of: "EUR", with: "euro")
        #expect(try error(Self.catalog(shop: shop, products)).location == "products[2].variants[0].price")
        // ...and an earlier product that does not build.
        let unbuilt = Self.product(1).replacingOccurrences(of: #""title": "P1""#, with: #""title": " ""#)
        #expect(try error(Self.catalog([unbuilt, Self.product(2), bad].joined(separator: ", "))).location == "products[2].variants[0].price")
    }

    @Test func buildErrorsComeAfterTheShopAndInProductOrder() throws {
        let untitled = { (id: Int) in Self.product(id).replacingOccurrences(of: #""title": "P\#(id)""#, with: #""title": """#) }
        let products = (1...3_000).map { $0 == 1_500 || $0 == 2_900 ? untitled($0) : Self.product($0) }.joined(separator: ", ")
        let first = try error(Self.catalog(products))
        #expect(first.location == "products[1499].title" && first.message == "must not be empty")
        let shop = Self.shop.replacingOccurrences(of: "EUR", with: "euro")
        #expect(try error(Self.catalog(shop: shop, products)).location == "shop.currencyCode")
    }

    @Test func duplicateIdsAcrossRuns() throws {
        var products = (1...2_500).map { Self.product($0) }
        products[2_000] = Self.product(2_001).replacingOccurrences(of: #""id": 2001"#, with: #""id": 7"#)
        let error = try error(Self.catalog(products.joined(separator: ", ")))
        #expect(error.message == "duplicate id 7 (also products[6])" && error.location == "products[2000].id")
    }
}
