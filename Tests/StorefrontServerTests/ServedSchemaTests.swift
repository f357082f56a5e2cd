import Foundation
@testable import StorefrontServer
import Testing

/// The served schema as a client introspecting `serve` sees it, and the comparison that holds it
/// against the Storefront API's (`storefront-bench schema --reference PATH`).
struct ServedSchemaTests {
    /// Fields whose types once differed from the API's, with the API's types (nullability and list
    /// wrapping as written in its schema).
    static let fieldTypes: [(type: String, field: String, apiType: String)] = [
        ("Shop", "description", "String"),
        ("ProductOptionValueSwatch", "color", "Color"),
        ("Swatch", "color", "Color"),
    ]

    static let argumentTypes: [(type: String, field: String, argument: String, apiType: String, apiDefault: String?)] = [
        ("Product", "variantBySelectedOptions", "selectedOptions", "[SelectedOptionInput!]!", nil),
        ("QueryRoot", "predictiveSearch", "limitScope", "PredictiveSearchLimitScope", nil),
    ]

    /// Input fields' defaults (the library's own introspection leaves them out; they are read from
    /// the definitions it applies).
    static let inputFieldDefaults: [(type: String, field: String, apiDefault: String)] = [
        ("ImageTransformInput", "scale", "1"),
        ("CartLineInput", "quantity", "1"),
        ("CartSelectableAddressInput", "validationStrategy", "COUNTRY_CODE_ONLY"),
    ]

    @Test func fieldsHaveTheAPIsTypes() async throws {
        let schema = try await ServedSchema.introspected()
        for row in Self.fieldTypes {
            let field = try #require(schema.types[row.type]?.field(row.field), "\(row.type).\(row.field)")
            #expect(field.type.description == row.apiType, "\(row.type).\(row.field)")
        }
        for row in Self.argumentTypes {
            let field = try #require(schema.types[row.type]?.field(row.field), "\(row.type).\(row.field)")
            let argument = try #require(field.arguments.first { $0.name == row.argument }, "\(row.type).\(row.field)(\(row.argument):)")
            #expect(argument.type.description == row.apiType && argument.defaultValue == row.apiDefault, "\(row.type).\(row.field)(\(row.argument):)")
        }
        for row in Self.inputFieldDefaults {
            let field = try #require(schema.types[row.type]?.inputFields.first { $0.name == row.field }, "\(row.type).\(row.field)")
            #expect(field.defaultValue == row.apiDefault, "\(row.type).\(row.field)")
        }
    }

    @Test func enumsHoldOnlyTheAPIsValues() async throws {
        let schema = try await ServedSchema.introspected()
        #expect(schema.types["CropRegion"]?.enumValues.sorted() == ["BOTTOM", "CENTER", "LEFT", "RIGHT", "TOP"])
    }

    /// Types the API makes nodes: a fragment `... on Node` applies to them.
    @Test func theAPIsNodesAreNodes() async throws {
        let schema = try await ServedSchema.introspected()
        for name in ["BaseCartLine", "CartLine", "MailingAddress", "MediaImage", "Metafield", "ProductOption", "ProductOptionValue"] {
            #expect(schema.types[name]?.interfaces.contains("Node") == true, "\(name)")
        }
    }

    /// The comparison behind `storefront-bench schema`: the served schema against itself agrees;
    /// against a copy changed the ways the real API could differ, each difference is named.
    @Test func theComparisonNamesEachDifference() async throws {
        let served = try await ServedSchema.introspected()
        let same = SchemaConformance(served: served, api: served)
        #expect(same.mismatches.isEmpty && same.fieldsCompared == same.apiFields && same.typesCompared == served.definedTypes.count)
        #expect(same.roots.first { $0.field == "shop" }?.served == true)

        var api = served
        func change(_ type: String, _ edit: (inout IntrospectedSchema.TypeDefinition) -> Void) {
            if var definition = api.types[type] { edit(&definition); api.types[type] = definition }
        }
        change("Shop") { shop in
            shop.fields = shop.fields.map { field in
                var field = field
                if field.name == "name" { field.type = .named("String") }
                return field
            } + [IntrospectedSchema.Field(name: "extra", type: .named("String"), arguments: [])]
        }
        change("CropRegion") { $0.enumValues.removeAll { $0 == "TOP" } }
        change("QueryRoot") { root in
            root.fields = root.fields.map { field in
                var field = field
                if field.name == "shop" {
                    field.arguments.append(IntrospectedSchema.InputValue(name: "country", type: .named("String"), defaultValue: "\"NL\""))
                }
                return field
            }
        }
        change("Product") { $0.interfaces.removeAll { $0 == "Node" } }
        api.types["Menu"] = nil
        let check = SchemaConformance(served: served, api: api)
        #expect(check.mismatches.map(\.description).sorted() == [
            "CropRegion.TOP: an enum value the API does not have",
            "Menu: a type the API does not have (OBJECT)",
            "Product: interface Node, which the API's does not have",
            "QueryRoot.shop(country:): missing (the API takes String = \"NL\")",
            "Shop.name: String! where the API has String",
        ])
        #expect(check.apiFields == same.apiFields - (served.types["Menu"]?.fields.count ?? 0) + 1, "the API's extra field counts")
    }

    /// A default is compared as a value: a Float written `0` is the one written `0.0`.
    @Test func numericDefaultsCompareAsNumbers() {
        #expect(SchemaConformance.normalised("0") == SchemaConformance.normalised("0.0"))
        #expect(SchemaConformance.normalised("1") != SchemaConformance.normalised("1.5"))
        #expect(SchemaConformance.normalised("\"0\"") != SchemaConformance.normalised("0"))
        #expect(SchemaConformance.normalised("{ a: 1 }") == "{a:1}")
    }
}
