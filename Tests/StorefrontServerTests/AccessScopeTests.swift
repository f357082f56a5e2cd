import Foundation
import GraphQL
@testable import Storefront
@testable import StorefrontServer
import Testing

/// A shop whose token lacks `unauthenticated_read_product_inventory`: `serve` refuses stock as the
/// Storefront API does, and the client carries on without it.
struct AccessScopeTests {
    static let withoutInventory = AccessScopes(withholding: [.productInventory])
    static let stockQuery = """
        query Stock { product(handle: "house-espresso-blend") { title variants(first: 2) { nodes { id quantityAvailable } } } }
        """

    func post(_ server: LoopbackServer, _ query: String) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query])
        let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
            ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    @Test func withoutTheScopeStockIsNullWithAnAccessDeniedErrorPerVariant() async throws {
        try await withServer(scopes: Self.withoutInventory) { server async throws in
            let answer = try await post(server, Self.stockQuery)
            let product = try #require((answer["data"] as? [String: Any])?["product"] as? [String: Any])
            #expect(product["title"] as? String == "House Espresso Blend")
            let nodes = try #require((product["variants"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(nodes.count == 2 && nodes.allSatisfy { $0["quantityAvailable"] is NSNull && $0["id"] is String })
            let errors = try #require(answer["errors"] as? [[String: Any]])
            #expect(errors.count == 2)
            let first = try #require(errors.first)
            #expect(first["message"] as? String
                == "Access denied for quantityAvailable field. Required access: `unauthenticated_read_product_inventory` access scope.")
            #expect(first["path"] as? [AnyHashable] == ["product", "variants", "nodes", 0, "quantityAvailable"])
            let extensions = try #require(first["extensions"] as? [String: Any])
            #expect(extensions["code"] as? String == "ACCESS_DENIED")
            #expect(extensions["requiredAccess"] as? String == "`unauthenticated_read_product_inventory` access scope.")
            #expect(extensions["documentation"] as? String == "https://shopify.dev/api/usage/access-scopes")
        }
    }

    /// The variants are resolved concurrently, so their errors arrive in any order; the answer lists
    /// them by path, the same way every time.
    @Test func errorsAreListedByTheirPaths() {
        func error(_ path: [IndexPathElement]) -> GraphQLError { GraphQLError(message: "denied", path: IndexPath(path)) }
        let arrived = [error(["product", "variants", "nodes", 10, "quantityAvailable"]), error(["product", "variants", "nodes", 2, "quantityAvailable"]),
                       error(["cart", "lines"]), error([]), error(["product", "variants", "nodes", 2, "id"])]
        let listed = GraphQLEndpoint.inPathOrder(arrived).map { $0.path.elements.map { "\($0)" }.joined(separator: ".") }
        #expect(listed == ["", "cart.lines", "product.variants.nodes.2.id", "product.variants.nodes.2.quantityAvailable",
                           "product.variants.nodes.10.quantityAvailable"])
    }

    @Test func withTheScopeStockIsAnswered() async throws {
        try await withServer { server async throws in
            let answer = try await post(server, Self.stockQuery)
            #expect(answer["errors"] == nil)
            let product = try #require((answer["data"] as? [String: Any])?["product"] as? [String: Any])
            let nodes = try #require((product["variants"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(nodes.allSatisfy { $0["quantityAvailable"] is Int })
        }
    }

    /// The client asks once with stock, learns the shop refuses it, asks again without, and from
    /// then on leaves it out: everything else reads as it does from a shop with the scope.
    @Test func theClientAsksAgainWithoutStockAndRemembers() async throws {
        try await withServer(scopes: Self.withoutInventory) { server async throws in
            let client = server.client()
            let product = try #require(try await client.product(handle: "house-espresso-blend"))
            var expected = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            #expect(expected.variants.contains { $0.quantityAvailable != nil }, "the catalog tracks this product's stock")
            for index in expected.variants.indices { expected.variants[index].quantityAvailable = nil }
            #expect(product == expected)
            #expect(await client.withheldFields() == ["quantityAvailable"])
            #expect(await server.requestLog.operations == ["Product", "Product"])

            let page = try await client.products(.first(5), query: nil, sortKey: .title, reverse: false)
            #expect(!page.nodes.isEmpty && page.nodes.allSatisfy { $0.variants.allSatisfy { $0.quantityAvailable == nil } })
            // The same client through another cache policy shares what it learnt.
            _ = try await client.withCachePolicy(.networkOnly).search(query: "tea", page: .first(3))
            #expect(await server.requestLog.operations == ["Product", "Product", "Products", "Search"])
        }
    }

    /// A mutation refused only its stock has run: its answer stands, the line is not added twice.
    @Test func aMutationAnsweredWithoutStockIsNotSentAgain() async throws {
        try await withServer(scopes: Self.withoutInventory) { server async throws in
            let client = server.client()
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let payload = try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: product.variants[0].id, quantity: 2)]))
            let cart = try #require(payload.cart)
            #expect(cart.totalQuantity == 2 && cart.lines.count == 1)
            #expect(cart.lines[0].merchandise.quantityAvailable == nil)
            #expect(await server.requestLog.operations == ["CartCreate"])
            #expect(await client.withheldFields() == ["quantityAvailable"])
            _ = try await client.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: product.variants[0].id)])
            #expect(try await server.embedded.cart(id: cart.id)?.totalQuantity == 3)
            #expect(await server.requestLog.operations == ["CartCreate", "CartLinesAdd"])
        }
    }

    /// Any other error is the answer's failure, not a reason to drop fields.
    @Test func onlyRefusalsOfFieldsTheClientCanDoWithoutAreWithheld() {
        let denied = GraphQLErrorInfo(message: "Access denied for quantityAvailable field.", path: ["product", "quantityAvailable"],
                                      code: "ACCESS_DENIED")
        let byMessage = GraphQLErrorInfo(message: "Access denied for quantityAvailable field. Required access: x.", code: "ACCESS_DENIED")
        let tags = GraphQLErrorInfo(message: "Access denied for tags field.", path: ["product", "tags"], code: "ACCESS_DENIED")
        let failure = GraphQLErrorInfo(message: "Internal error", path: ["product"], code: "INTERNAL_SERVER_ERROR")
        #expect(WithheldFields.denied(in: [denied, byMessage]) == ["quantityAvailable"])
        #expect(WithheldFields.denied(in: [denied, tags]) == nil)
        #expect(WithheldFields.denied(in: [denied, failure]) == nil)
        #expect(WithheldFields.denied(in: []) == nil)
    }

    @Test func documentsWithoutAFieldStayWhole() {
        let document = """
            # quantityAvailable in a comment stays
            query Q($quantityAvailable: Int) @inContext(country: NL) {
              product(handle: "quantityAvailable") {
                availableForSale
                quantityAvailable
                variants(first: 1) { nodes { id quantityAvailable title } }
              }
            }
            """
        #expect(WithheldFields.removing(["quantityAvailable"], from: document) == """
            # quantityAvailable in a comment stays
            query Q($quantityAvailable: Int) @inContext(country: NL) {
              product(handle: "quantityAvailable") {
                availableForSale
                variants(first: 1) { nodes { id title } }
              }
            }
            """)
        for operation in StorefrontOperation.allCases {
            let stripped = WithheldFields.removing(["quantityAvailable"], from: operation.document)
            #expect(!stripped.contains("quantityAvailable"), "\(operation.name)")
            #expect(stripped.count(where: { $0 == "{" }) == operation.document.count(where: { $0 == "{" }))
        }
    }
}
