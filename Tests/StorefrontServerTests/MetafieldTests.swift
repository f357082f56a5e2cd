import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// `metafield` and `metafields(identifiers:)` over HTTP, on every type that has metafields.
struct MetafieldTests {
    /// The answer's `data`, and its errors (as the server wrote them).
    func post(_ server: LoopbackServer, _ query: String, _ variables: [String: Any] = [:]) async throws -> (data: [String: Any], errors: [[String: Any]]) {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
            ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        #expect(response.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        return (json["data"] as? [String: Any] ?? [:], json["errors"] as? [[String: Any]] ?? [])
    }

    @Test func metafieldsAnswerOneEntryPerIdentifierNullWhereMissing() async throws {
        try await withServer { server async throws in
            let (data, errors) = try await post(server, """
                {
                  shop { metafields(identifiers: [{namespace: "custom", key: "a"}, {key: "b"}]) { key } }
                  products(first: 3) {
                    nodes {
                      none: metafields(identifiers: []) { key }
                      three: metafields(identifiers: [{namespace: "x", key: "1"}, {namespace: "x", key: "2"}, {namespace: "x", key: "3"}]) { key }
                      variants(first: 2) { nodes { metafields(identifiers: [{namespace: "x", key: "1"}]) { key } } }
                    }
                  }
                }
                """)
            #expect(errors.isEmpty)
            let shop = try #require(data["shop"] as? [String: Any])
            #expect((shop["metafields"] as? [Any])?.count == 2 && (shop["metafields"] as? [Any])?.allSatisfy { $0 is NSNull } == true)
            let products = try #require((data["products"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(products.count == 3)
            for product in products {
                #expect((product["none"] as? [Any])?.isEmpty == true)
                let three = try #require(product["three"] as? [Any])
                #expect(three.count == 3 && three.allSatisfy { $0 is NSNull })
                let variants = try #require((product["variants"] as? [String: Any])?["nodes"] as? [[String: Any]])
                #expect(variants.allSatisfy { ($0["metafields"] as? [Any]).map { $0.count == 1 && $0[0] is NSNull } == true })
            }
        }
    }
}
