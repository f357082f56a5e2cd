import Foundation
import GraphQL
import Storefront
@testable import StorefrontServer
import Testing

/// A catalog query's answer is kept only while the stock it showed stands; carts, mutations and
/// answers with errors are always executed.
struct AnswerCacheTests {
    static let stockQuery = #"query Stock($handle: String) { product(handle: $handle) { variants(first: 1) { nodes { id quantityAvailable } } } }"#

    func storefront() throws -> EmbeddedStorefront {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("answer-cache-\(UUID().uuidString)")
        return try EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state)
    }

    func ask(_ endpoint: GraphQLEndpoint, _ query: String, variables: [String: Any] = [:]) async throws -> (Data, [String: Any]) {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = await endpoint.handle(token: "t", body: body)
        #expect(response.status == 200)
        return (response.body, try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any]))
    }

    func variant(_ json: [String: Any]) throws -> (id: String, quantity: Int) {
        let data = try #require(json["data"] as? [String: Any])
        let product = try #require(data["product"] as? [String: Any])
        let nodes = try #require((product["variants"] as? [String: Any])?["nodes"] as? [[String: Any]])
        let first = try #require(nodes.first)
        return (try #require(first["id"] as? String), try #require(first["quantityAvailable"] as? Int))
    }

    @Test func aProductPageIsKeptUntilAnOrderTakesStock() async throws {
        let shop = try storefront()
        let endpoint = try GraphQLEndpoint(storefront: shop, accessToken: "t", limits: .unhurried)
        let answers = try #require(endpoint.answers)
        let variables = ["handle": "house-espresso-blend"]
        let (first, json) = try await ask(endpoint, Self.stockQuery, variables: variables)
        #expect(answers.count == 1)
        let (again, _) = try await ask(endpoint, Self.stockQuery, variables: variables)
        #expect(again == first)

        let before = try variant(json)
        let cart = try #require(try await shop.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: before.id, quantity: 2)])).cart)
        _ = try await shop.placeOrder(CheckoutCompletion(checkoutSessionId: "s", cartId: cart.id, email: "ada@example.com",
                                                         payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))
        let (_, after) = try await ask(endpoint, Self.stockQuery, variables: variables)
        #expect(try variant(after).quantity == before.quantity - 2)
    }

    @Test func otherVariablesAreAnotherAnswer() async throws {
        let endpoint = try GraphQLEndpoint(storefront: try storefront(), accessToken: "t", limits: .unhurried)
        let (espresso, _) = try await ask(endpoint, Self.stockQuery, variables: ["handle": "house-espresso-blend"])
        let (other, json) = try await ask(endpoint, Self.stockQuery, variables: ["handle": "no-such-product"])
        #expect(espresso != other)
        #expect((json["data"] as? [String: Any])?["product"] is NSNull)
        #expect(endpoint.answers?.count == 2)
    }

    /// `3` and `3.0` are equal variables to the GraphQL library, which hashes them apart: kept
    /// answers are keyed by a hash that agrees with its equality, or a dictionary of them that
    /// met both could stop `serve` ("Duplicate keys").
    @Test func equalVariablesAreOneKey() {
        let whole = Map.number(Number(3)), double = Map.number(Number(3.0))
        #expect(whole == double)
        func hash(_ variables: [String: Map]) -> Int {
            AnswerCache.Key(query: "q", operationName: nil, variables: variables, limits: .standard).hashValue
        }
        #expect(hash(["n": whole, "h": "a"]) == hash(["n": double, "h": "a"]))
        #expect(hash(["n": ["a": whole]]) == hash(["n": ["a": double]]) && hash(["n": [whole]]) == hash(["n": [double]]))
        let cache = AnswerCache(maximumCount: 4096, version: { 1 })
        for number in 0..<1024 {
            for value in [Map.number(Number(number)), .number(Number(Double(number)))] {
                let key = AnswerCache.Key(query: "q", operationName: nil, variables: ["n": value], limits: .standard)
                cache.keep(Data("\(number)".utf8), for: key, madeAt: 1)
            }
        }
        #expect(cache.count == 1024, "one answer per number, whichever way it was written")
    }

    @Test func cartsMutationsTheShopAndErrorsAreNotKept() async throws {
        let shop = try storefront()
        let endpoint = try GraphQLEndpoint(storefront: shop, accessToken: "t", limits: .unhurried)
        let variant = try #require(try await shop.product(handle: "house-espresso-blend")?.variants.first)
        let (_, created) = try await ask(endpoint, #"mutation($id: ID!) { cartCreate(input: { lines: [{ merchandiseId: $id }] }) { cart { id } } }"#,
                                         variables: ["id": variant.id])
        let cartId = try #require(((((created["data"] as? [String: Any])?["cartCreate"] as? [String: Any])?["cart"]) as? [String: Any])?["id"] as? String)
        _ = try await ask(endpoint, #"query($id: ID!) { cart(id: $id) { id totalQuantity } }"#, variables: ["id": cartId])
        _ = try await ask(endpoint, "{ shop { name } }")
        _ = try await ask(endpoint, "{ product(handle: \"house-espresso-blend\") { id } shop { name } }")
        // Both or neither: an error, not an answer.
        _ = try await ask(endpoint, "{ product(handle: \"x\", id: \"gid://shopify/Product/1\") { id } }")
        #expect(endpoint.answers?.count == 0)
    }

    @Test func noneAreKeptWhenTheServerIsToldSo() async throws {
        let endpoint = try GraphQLEndpoint(storefront: try storefront(), accessToken: "t", limits: .unhurried, cachedAnswers: 0)
        _ = try await ask(endpoint, Self.stockQuery, variables: ["handle": "house-espresso-blend"])
        #expect(endpoint.answers == nil)
    }
}
