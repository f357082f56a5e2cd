import Foundation
import Testing
@testable import Storefront

struct StorefrontOperationTests {
    @Test(arguments: StorefrontOperation.allCases)
    func everyOperationHasItsNamedDocumentWithTheContextDirective(operation: StorefrontOperation) {
        let kind = operation.isMutation ? "mutation" : "query"
        #expect(operation.document.contains("\(kind) \(operation.name)("))
        #expect(operation.document.contains("@inContext(country: $country, language: $language)"))
    }

    @Test(arguments: StorefrontOperation.allCases)
    func everyFragmentSpreadIsDefinedOnceInTheDocumentSent(operation: StorefrontOperation) {
        let document = operation.document
        let spread = GraphQLFragments.spreads(in: document)
        let defined = GraphQLFragments.fragmentDefinitions(in: document).map(\.0)
        #expect(Set(spread) == Set(defined), "\(operation.name) spreads \(spread), defines \(defined)")
        #expect(defined.count == Set(defined).count)
    }

    @Test func productsAndCartsAreSelectedThroughTheSharedFragments() {
        #expect(GraphQLFragments.fragmentDefinitions(in: StorefrontOperation.products.document).map(\.0)
            == ["ProductFields", "VariantFields", "ImageFields", "SellingPlanGroupFields", "SellingPlanFields"])
        #expect(GraphQLFragments.fragmentDefinitions(in: StorefrontOperation.cartLinesAdd.document).map(\.0)
            == ["CartFields", "CartUserErrorFields", "CartWarningFields", "CartDeliveryOptionFields", "ImageFields", "SellingPlanFields"])
        #expect(GraphQLFragments.fragmentDefinitions(in: StorefrontOperation.shop.document).map(\.0) == ["ShopPolicyFields"])
    }

    @Test func fragmentsAreFoundThroughCommentsAndNesting() {
        let library = GraphQLFragments(texts: ["""
            # A comment that mentions fragment Nothing on Shop { name }
            fragment A on Product { id ...B variants(first: 1) { nodes { ... on ProductVariant { id } } } }
            fragment B on Product { handle }
            """])
        let composed = library.composing("query Q { product(handle: \"x\") { ...A } }\n")
        #expect(composed == """
            query Q { product(handle: "x") { ...A } }

            fragment A on Product { id ...B variants(first: 1) { nodes { ... on ProductVariant { id } } } }

            fragment B on Product { handle }

            """)
    }

    @Test func onlyQueriesOtherThanTheCartAreCacheable() {
        #expect(StorefrontOperation.allCases.filter(\.isCacheable).map(\.name)
            == ["Shop", "Collections", "Collection", "CollectionProducts", "Products", "Product", "ProductRecommendations",
                "Search", "PredictiveSearch", "Localization"])
    }

    @Test func shopDomainBecomesTheVersionedEndpoint() throws {
        #expect(try GraphQLStorefront.Configuration.endpoint(forShop: "https://aurora.myshopify.com/").absoluteString
            == "https://aurora.myshopify.com/api/2026-04/graphql.json")
        #expect(throws: StorefrontError.self) { try GraphQLStorefront.Configuration.endpoint(forShop: "aurora.example/admin") }
        #expect(throws: StorefrontError.self) { try GraphQLStorefront.Configuration.endpoint(forShop: " ") }
    }
}

struct CommandLineSelectionTests {
    @Test func nothingNamedMeansTheEmbeddedStorefront() throws {
        #expect(try GraphQLStorefront.Configuration.selected(endpoint: nil, shop: nil, token: "t", environment: [:]) == nil)
    }

    @Test func flagsAndEnvironment() throws {
        let fromFlags = try #require(try GraphQLStorefront.Configuration.selected(
            endpoint: "http://127.0.0.1:8787/api/2026-04/graphql.json", shop: nil, token: "t", environment: [:]))
        #expect(fromFlags.endpoint.absoluteString == "http://127.0.0.1:8787/api/2026-04/graphql.json")
        #expect(fromFlags.accessToken == "t")
        let fromEnvironment = try #require(try GraphQLStorefront.Configuration.selected(
            endpoint: nil, shop: nil, token: nil, environment: ["STOREFRONT_SHOP": "aurora.myshopify.com", "STOREFRONT_TOKEN": "e"]))
        #expect(fromEnvironment.endpoint.absoluteString == "https://aurora.myshopify.com/api/2026-04/graphql.json")
        #expect(fromEnvironment.accessToken == "e")
        let flagWins = try #require(try GraphQLStorefront.Configuration.selected(
            endpoint: nil, shop: "b.myshopify.com", token: "f", environment: ["STOREFRONT_SHOP": "a.myshopify.com", "STOREFRONT_TOKEN": "e"]))
        #expect(flagWins.endpoint.host == "b.myshopify.com" && flagWins.accessToken == "f")
    }

    @Test func mistakesAreClearErrors() {
        #expect(throws: StorefrontError.self) { try GraphQLStorefront.Configuration.selected(endpoint: nil, shop: "a.myshopify.com", token: nil, environment: [:]) }
        #expect(throws: StorefrontError.self) { try GraphQLStorefront.Configuration.selected(endpoint: "ftp://x", shop: nil, token: "t", environment: [:]) }
        #expect(throws: StorefrontError.self) { try GraphQLStorefront.Configuration.selected(endpoint: "http://x/a", shop: "b.com", token: "t", environment: [:]) }
    }
}
