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

    @Test func onlyQueriesOtherThanTheCartAreCacheable() {
        #expect(StorefrontOperation.allCases.filter(\.isCacheable).map(\.name)
            == ["Shop", "Collections", "Collection", "CollectionProducts", "Products", "Product", "ProductRecommendations",
                "Search", "PredictiveSearch"])
    }

    @Test func shopDomainBecomesTheVersionedEndpoint() throws {
        #expect(try GraphQLStorefront.Configuration.endpoint(forShop: "https://aurora.myshopify.com/").absoluteString
            == "https://aurora.myshopify.com/api/2026-04/graphql.json")
        #expect(throws: StorefrontError.self) { try GraphQLStorefront.Configuration.endpoint(forShop: "aurora.example/admin") }
        #expect(throws: StorefrontError.self) { try GraphQLStorefront.Configuration.endpoint(forShop: " ") }
    }
}
