import Foundation
import Storefront
import Testing
@testable import StorefrontServer

/// The server reads query strings with its own reader: repeated names, `+` as a space, escapes
/// decoded, and a query whose escapes do not decode refused as a whole.
struct QueryFieldsTests {
    @Test func aNameGivenTwiceKeepsBothValuesInOrder() throws {
        let fields = try QueryFields("session=b&cart=c1&session=a")
        #expect(fields.values("session") == ["b", "a"])
        #expect(fields.first("cart") == "c1")
        #expect(fields.values("missing") == [])
        #expect(fields.first("missing") == nil)
    }

    @Test func escapesAndPlusAreDecodedAndABareNameIsEmpty() throws {
        let fields = try QueryFields("cart=gid%3A%2F%2Fshopify%2FCart%2Fc1%3Fkey%3Dk%2B1&note=ring+twice&flag&&=x")
        #expect(fields.first("cart") == "gid://shopify/Cart/c1?key=k+1")
        #expect(fields.first("note") == "ring twice")
        #expect(fields.first("flag") == "")
        #expect(fields.first("") == "x")
    }

    @Test(arguments: ["session=%ZZ", "session=%4", "session=%FF", "%E2%82=x"])
    func anEscapeThatDoesNotDecodeRefusesTheQuery(_ query: String) {
        #expect(throws: QueryFields.Unreadable(reason: "a %-escape does not decode")) { try QueryFields(query) }
    }
}

struct CheckoutEndpointQueryTests {
    private let token = "query-test"

    @Test func theStateOfACartIsFoundByItsEscapedId() async throws {
        let shop = EmbeddedStorefront(catalog: try CatalogLoader.bundled())
        let variant = try #require(try await shop.product(handle: "house-espresso-blend")?.variants.first)
        let cart = try #require(try await shop.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)])).cart)
        let endpoint = CheckoutEndpoint(backend: shop, accessToken: token)
        let escaped = try #require(cart.id.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let found = await endpoint.state(token: token, query: "cart=" + escaped)
        #expect(found.status == 200)
        #expect(String(decoding: found.body, as: UTF8.self).contains("open"))
        #expect(await endpoint.state(token: token, query: "cart=nothing-here").status == 404)
    }

    @Test func aQueryThatCannotBeReadIsABadRequestThatSaysSo() async throws {
        let endpoint = CheckoutEndpoint(backend: EmbeddedStorefront(catalog: try CatalogLoader.bundled()), accessToken: token)
        for answer in [await endpoint.state(token: token, query: "cart=%ZZ"), await endpoint.orders(token: token, query: "session=%FF")] {
            #expect(answer.status == 400)
            #expect(String(decoding: answer.body, as: UTF8.self).contains("The query cannot be read: a %-escape does not decode."))
        }
        let none = await endpoint.orders(token: token, query: "session=a&session=b")
        #expect(none.status == 200)
        #expect(String(decoding: none.body, as: UTF8.self) == "[]")
    }
}
