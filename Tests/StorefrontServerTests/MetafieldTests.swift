import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// `metafield` and `metafields(identifiers:)` over HTTP, on every type that has metafields.
struct MetafieldTests {
    /// The answer's `data`, and its errors.
    func post(_ server: LoopbackServer, _ query: String, _ variables: [String: Any] = [:]) async throws -> (data: [String: Any], errors: [[String: Any]]) {
        let json = try await server.answer(query, variables)
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

    @Test func productAndVariantMetafieldsAnswerTheCatalogsValues() async throws {
        try await withServer { server async throws in
            let (data, errors) = try await post(server, """
                query($handle: String!) @inContext(country: US) {
                  product(handle: $handle) {
                    id
                    origin: metafield(namespace: "custom", key: "origin") {
                      id namespace key value type description createdAt updatedAt reference { __typename }
                      parentResource { __typename ... on Product { handle } }
                    }
                    appOwned: metafield(key: "origin") { value }
                    metafields(identifiers: [{namespace: "custom", key: "care_guide"}, {namespace: "custom", key: "none"},
                                             {namespace: "descriptors", key: "subtitle"}, {namespace: "custom", key: "brew_guide"}]) {
                      key type value
                    }
                    variants(first: 8) { nodes { title metafield(namespace: "custom", key: "cups") { value type parentResource { __typename } } } }
                  }
                }
                """, ["handle": "house-espresso-blend"])
            #expect(errors.isEmpty, "\(errors)")
            let product = try #require(data["product"] as? [String: Any])
            let origin = try #require(product["origin"] as? [String: Any])
            #expect((origin["id"] as? String)?.hasPrefix("gid://shopify/Metafield/") == true)
            #expect(origin["namespace"] as? String == "custom" && origin["key"] as? String == "origin")
            #expect(origin["value"] as? String == "Brazil (Cerrado Mineiro) and Colombia (Huila)")
            #expect(origin["type"] as? String == "single_line_text_field" && origin["description"] as? String == "Where the beans grow")
            #expect(origin["createdAt"] as? String == "2023-02-04T11:44:00Z" && origin["updatedAt"] as? String == "2023-03-01T02:02:00Z")
            #expect(origin["reference"] is NSNull)
            #expect((origin["parentResource"] as? [String: Any])?["handle"] as? String == "house-espresso-blend")
            #expect(product["appOwned"] is NSNull, "without a namespace the app-reserved one is asked")
            let list = try #require(product["metafields"] as? [Any])
            #expect(list.count == 4 && list[1] is NSNull)
            #expect(list.compactMap { ($0 as? [String: Any])?["key"] as? String } == ["care_guide", "subtitle", "brew_guide"])
            let care = try #require(list[0] as? [String: Any])
            #expect(care["type"] as? String == "multi_line_text_field" && (care["value"] as? String)?.contains("\n") == true)
            let guide = try #require((list[3] as? [String: Any])?["value"] as? String)
            #expect((try JSONSerialization.jsonObject(with: Data(guide.utf8)) as? [String: Any])?["dose_g"] as? Int == 18)
            let variants = try #require((product["variants"] as? [String: Any])?["nodes"] as? [[String: Any]])
            let withCups = variants.filter { $0["metafield"] is [String: Any] }
            #expect(withCups.map { $0["title"] as? String } == ["1 kg / Espresso"])
            let cups = try #require(withCups.first?["metafield"] as? [String: Any])
            #expect(cups["value"] as? String == "55" && cups["type"] as? String == "number_integer")
            #expect((cups["parentResource"] as? [String: Any])?["__typename"] as? String == "ProductVariant")
        }
    }

    @Test func atMost250IdentifiersAreTaken() async throws {
        try await withServer { server async throws in
            let identifiers = (0...250).map { ["namespace": "custom", "key": "k\($0)"] }
            let json = try await server.answer("""
                query($ids: [HasMetafieldsIdentifier!]!) { product(handle: "house-espresso-blend") { metafields(identifiers: $ids) { key } } }
                """, ["ids": identifiers])
            let error = try #require((json["errors"] as? [[String: Any]])?.first)
            #expect(error["message"] as? String == "The input array size of 251 is greater than the maximum allowed of 250.")
            #expect(error["path"] as? [String] == ["product", "metafields", "identifiers"])
            #expect((error["extensions"] as? [String: Any])?["code"] as? String == "MAX_INPUT_SIZE_EXCEEDED")
        }
    }
}
