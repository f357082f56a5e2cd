import Foundation
import Testing
@testable import Storefront

@Suite struct CatalogLoaderTests {
    /// The error loading `json`, which must fail.
    func error(_ json: String) throws -> CatalogError {
        do {
            _ = try CatalogLoader.load(data: Data(json.utf8), file: "test.json")
        } catch StorefrontError.catalog(let error) {
            return error
        }
        Issue.record("expected a catalog error")
        return CatalogError(file: "", message: "")
    }

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
        #expect(catalog.discountCodes.map(\.code) == ["WELCOME10", "SAVE15", "FIKA5", "OLD15"])
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
