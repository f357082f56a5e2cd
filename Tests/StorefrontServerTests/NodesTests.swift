import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// `nodes(ids:)` over HTTP: each id's object in order, null for an id of nothing.
struct NodesTests {
    static let query = """
        query Nodes($ids: [ID!]!) {
          nodes(ids: $ids) {
            __typename id
            ... on Product { handle metafields(identifiers: [{namespace: "x", key: "y"}]) { key } }
            ... on ProductVariant { title }
            ... on Collection { handle }
            ... on Cart { totalQuantity }
            ... on ShopPolicy { title }
            ... on Shop { name }
          }
        }
        """

    @Test func everyKindInOrderNullForUnknownIds() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let collection = try #require(try await server.embedded.collection(handle: "coffee"))
            let shop = try await server.embedded.shop()
            let cart = try #require(try await server.embedded.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: product.variants[5].id)])).cart)
            let policy = try #require(shop.policy(.privacy))
            let ids = ["gid://shopify/Product/1", product.id, product.variants[5].id, "gid://shopify/Article/1", collection.id, cart.id,
                       policy.id, "gid://shopify/Shop/kestrel-and-co.example", "gid://shopify/ProductVariant/9", product.id]
            let json = try await server.answer(Self.query, ["ids": ids])
            #expect(json["errors"] == nil, "\(json["errors"] ?? "")")
            let nodes = try #require((json["data"] as? [String: Any])?["nodes"] as? [Any])
            #expect(nodes.count == ids.count)
            let typenames = nodes.map { ($0 as? [String: Any])?["__typename"] as? String ?? "null" }
            #expect(typenames == ["null", "Product", "ProductVariant", "null", "Collection", "Cart", "ShopPolicy", "Shop", "null", "Product"])
            for (node, id) in zip(nodes, ids) where node is [String: Any] {
                #expect((node as? [String: Any])?["id"] as? String == id)
            }
            let first = try #require(nodes[1] as? [String: Any])
            #expect(first["handle"] as? String == "house-espresso-blend")
            #expect((first["metafields"] as? [Any]).map { $0.count == 1 && $0[0] is NSNull } == true, "nulls inside a list inside a list")
            #expect((nodes[2] as? [String: Any])?["title"] as? String == product.variants[5].title)
            #expect((nodes[5] as? [String: Any])?["totalQuantity"] as? Int == 1)
            #expect((nodes[6] as? [String: Any])?["title"] as? String == "Privacy policy")
        }
    }

    @Test func malformedIdsAreATopLevelErrorAndAtMost250IdsAreTaken() async throws {
        try await withServer { server async throws in
            let malformed = try await server.answer(Self.query, ["ids": ["gid://shopify/Product/1", "8100"]])
            #expect(malformed["data"] == nil)
            #expect(((malformed["errors"] as? [[String: Any]])?.first?["message"] as? String)?.contains("ID") == true)

            let products = try await server.embedded.products(.first(250), query: nil, sortKey: .id, reverse: false).nodes
            let variants = products.flatMap(\.variants).map(\.id)
            let ids = Array((variants + variants + variants).prefix(250))
            #expect(ids.count == 250)
            let started = Date()
            let all = try await server.answer("query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }", ["ids": ids])
            let elapsed = Date().timeIntervalSince(started)
            #expect(all["errors"] == nil)
            let answered = try #require((all["data"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(answered.map { $0["id"] as? String ?? "" } == ids)
            print("nodes of 250 variant ids answered in \(Int(elapsed * 1000)) ms")

            let tooMany = try await server.answer("query Nodes($ids: [ID!]!) { nodes(ids: $ids) { id } }", ["ids": ids + [ids[0]]])
            let error = try #require((tooMany["errors"] as? [[String: Any]])?.first)
            #expect(error["message"] as? String == "The input array size of 251 is greater than the maximum allowed of 250.")
            #expect((error["extensions"] as? [String: Any])?["code"] as? String == "MAX_INPUT_SIZE_EXCEEDED")
            #expect(error["path"] as? [String] == ["nodes", "ids"])
        }
    }
}
