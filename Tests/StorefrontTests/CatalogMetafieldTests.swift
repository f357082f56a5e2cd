import Foundation
import Testing
@testable import Storefront

/// The catalog's `metafields` section: read into each product's and variant's metafields, and
/// refused with the place of the mistake when it is wrong.
@Suite struct CatalogMetafieldTests {
    static let product = #"{"id": 7, "handle": "kettle", "title": "Kettle", "createdAt": "2024-01-01T00:00:00Z", "updatedAt": "2024-02-01T00:00:00Z", "options": [{"name": "Finish", "values": ["Steel", "Copper"]}], "variants": [{"options": ["Steel"], "price": "54.00"}, {"options": ["Copper"], "price": "69.00"}]}"#

    static func catalog(_ metafields: String?) -> String {
        let section = metafields.map { ",\n\"metafields\": [\($0)]" } ?? ""
        return #"{"shop": {"name": "S", "domain": "s.example", "currencyCode": "EUR", "countryCode": "NL"}, "collections": [], "products": [\#(product)]\#(section)}"#
    }

    static func entry(_ fields: String) -> String {
        #"{"product": "kettle", "namespace": "custom", "key": "care", "type": "single_line_text_field", "value": "Descale monthly"\#(fields)}"#
    }

    @Test func aCatalogWithoutMetafieldsLoadsWithNone() async throws {
        let catalog = try CatalogLoader.load(data: Data(Self.catalog(nil).utf8))
        #expect(catalog.metafields.isEmpty)
        let storefront = EmbeddedStorefront(catalog: catalog)
        #expect(try await storefront.metafields(ownerId: "gid://shopify/Product/7").isEmpty)
    }

    @Test func productAndVariantMetafieldsAreReadWithTheirIdsAndDates() async throws {
        let json = Self.catalog([
            Self.entry(#", "description": "How to keep it""#),
            #"{"product": "kettle", "variant": "Copper", "namespace": "specs", "key": "litres", "type": "number_decimal", "value": "0.9"}"#,
            #"{"product": "kettle", "namespace": "specs", "key": "brew", "type": "json", "value": "{\"temperature_c\": 93}"}"#,
        ].joined(separator: ", "))
        let storefront = EmbeddedStorefront(catalog: try CatalogLoader.load(data: Data(json.utf8)))
        let product = try await storefront.metafields(ownerId: "gid://shopify/Product/7")
        #expect(product.map(\.id) == ["gid://shopify/Metafield/1", "gid://shopify/Metafield/3"])
        #expect(product.map(\.key) == ["care", "brew"] && product[0].description == "How to keep it" && product[1].description == nil)
        #expect(product[0].createdAt == Date(timeIntervalSince1970: 1_704_067_200) && product[0].updatedAt == Date(timeIntervalSince1970: 1_706_745_600))
        let copper = try await storefront.metafields(ownerId: "gid://shopify/ProductVariant/7002")
        #expect(copper.map(\.value) == ["0.9"] && copper[0].ownerId == "gid://shopify/ProductVariant/7002")
        #expect(try await storefront.metafields(ownerId: "gid://shopify/ProductVariant/7001").isEmpty)
        // Prices in another market do not change what a product keeps.
        #expect(try await storefront.inContext(BuyerContext(country: "NL", language: nil)).metafields(ownerId: "gid://shopify/Product/7") == product)
    }

    @Test(arguments: [
        (#"{"product": "pot", "namespace": "custom", "key": "a", "type": "boolean", "value": "true"}"#, "no product \"pot\"", "metafields[0].product"),
        (Self.entry(#", "variant": "Gold""#), "\"kettle\" has no variant \"Gold\"", "metafields[0].variant"),
        (#"{"product": "kettle", "namespace": "custom", "type": "boolean", "value": "true"}"#, "\"key\" is missing", "metafields[0]"),
        (#"{"product": "kettle", "namespace": "custom", "key": 3, "type": "boolean", "value": "true"}"#, "has the wrong type", "metafields[0].key"),
        (#"{"product": "kettle", "namespace": "my space", "key": "a", "type": "boolean", "value": "true"}"#,
         "\"my space\" is not 2–255 letters, digits, \"-\" or \"_\"", "metafields[0].namespace"),
        (#"{"product": "kettle", "namespace": "custom", "key": "a", "type": "text", "value": "x"}"#,
         "\"text\" is not a metafield type such as \"single_line_text_field\"", "metafields[0].type"),
        (#"{"product": "kettle", "namespace": "custom", "key": "a", "type": "number_integer", "value": "4.5"}"#,
         "\"4.5\" is not a whole number such as \"12\"", "metafields[0].value"),
        (#"{"product": "kettle", "namespace": "custom", "key": "a", "type": "json", "value": "{oops"}"#, "\"{oops\" is not JSON", "metafields[0].value"),
        (#"{"product": "kettle", "namespace": "custom", "key": "a", "type": "boolean", "value": "yes"}"#,
         "\"yes\" is not \"true\" or \"false\"", "metafields[0].value"),
        (#"{"product": "kettle", "namespace": "custom", "key": "a", "type": "color", "value": "red"}"#,
         "\"red\" is not a colour such as \"#1a2b3c\"", "metafields[0].value"),
        (Self.entry("") + ", " + Self.entry(""), "custom.care is given twice for the same owner", "metafields[1].key"),
    ])
    func malformedMetafieldsSayWhatAndWhere(entries: String, message: String, location: String) throws {
        let error = loadError(Self.catalog(entries))
        #expect(error.message == message)
        #expect(error.location == location)
    }

    @Test func theBundledCatalogHasProductAndVariantMetafields() throws {
        let catalog = try CatalogLoader.bundled()
        let espresso = try #require(catalog.product(handle: "house-espresso-blend"))
        let fields = catalog.metafields[espresso.id] ?? []
        #expect(Set(fields.map { "\($0.namespace).\($0.key)" }).isSuperset(of: ["custom.origin", "descriptors.subtitle", "custom.care_guide"]))
        #expect(Set(fields.map(\.type)) == ["single_line_text_field", "number_integer", "json", "multi_line_text_field"])
        let variant = try #require(espresso.variants.first { $0.title == "1 kg / Espresso" })
        #expect(catalog.metafields[variant.id]?.map(\.key) == ["cups"])
    }
}
