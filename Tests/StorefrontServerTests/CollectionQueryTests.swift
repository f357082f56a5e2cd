import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// `collections(query:, sortKey:, reverse:)` and `totalCount`, over HTTP: the collection search
/// syntax (`title:`, `handle:`, `collection_type:`, `updated_at:`, free text), every
/// `CollectionSortKeys` value, either way round.
struct CollectionQueryTests {
    static let collections = """
        query Collections($query: String, $sortKey: CollectionSortKeys, $reverse: Boolean, $first: Int, $after: String,
                          $country: CountryCode) @inContext(country: $country) {
          collections(first: $first, after: $after, query: $query, sortKey: $sortKey, reverse: $reverse) {
            totalCount
            nodes { id handle title description updatedAt }
            pageInfo { hasNextPage endCursor }
          }
        }
        """

    func post(_ server: LoopbackServer, _ variables: [String: Any]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": Self.collections, "variables": variables])
        let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
            ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    /// The connection for these arguments (`first: 250` unless given).
    func collections(_ server: LoopbackServer, _ arguments: [String: Any]) async throws -> [String: Any] {
        let json = try await post(server, ["first": 250].merging(arguments) { $1 })
        #expect(json["errors"] == nil, "\(json["errors"] ?? "")")
        return try #require((json["data"] as? [String: Any])?["collections"] as? [String: Any])
    }

    func handles(_ server: LoopbackServer, _ arguments: [String: Any]) async throws -> [String] {
        let connection = try await collections(server, arguments)
        let nodes = connection["nodes"] as? [[String: Any]] ?? []
        // The count is a string of digits (`UnsignedInt64`), and counts them all.
        #expect(connection["totalCount"] as? String == String(nodes.count))
        return nodes.compactMap { $0["handle"] as? String }
    }

    /// The catalog's collections, read without the server.
    func catalog(_ server: LoopbackServer) -> [Storefront.Collection] { server.embedded.catalog.collections }

    @Test func theQuerySyntaxFindsCollections() async throws {
        try await withServer { server async throws in
            let all = catalog(server)
            #expect(all.count == 11)
            #expect(try await handles(server, [:]).count == 11)
            #expect(try await handles(server, ["query": "title:tea"]) == ["tea"])
            #expect(try await handles(server, ["query": "title:gifts"]) == ["gifts", "gifts-under-30"])
            #expect(try await handles(server, ["query": "title:gift"]).isEmpty, "whole words")
            #expect(try await handles(server, ["query": "title:gift*"]) == ["gifts", "gifts-under-30"])
            #expect(try await handles(server, ["query": "handle:gifts"]) == ["gifts"])
            #expect(try await handles(server, ["query": "handle:gifts*"]) == ["gifts", "gifts-under-30"])
            #expect(try await handles(server, ["query": "collection_type:custom"]).count == 11)
            #expect(try await handles(server, ["query": "collection_type:smart"]).isEmpty)
            #expect(try await handles(server, ["query": "updated_at:>2025-10-08"]) == ["gifts-under-30", "new-arrivals", "sale"])
            #expect(try await handles(server, ["query": "updated_at:<=\"2025-10-02T09:00:00Z\""]) == ["coffee", "tea"])
            #expect(try await handles(server, ["query": "-title:gifts"]).count == 9)
            #expect(try await handles(server, ["query": "title:tea OR handle:sale"]) == ["tea", "sale"])
            // Free text: the title or the description.
            let roasted = all.filter { ($0.title + " " + $0.description).lowercased().contains("roast") }.map(\.handle)
            #expect(!roasted.isEmpty)
            #expect(try await handles(server, ["query": "roast"]) == roasted)
        }
    }

    @Test func everySortKeyEitherWayRound() async throws {
        try await withServer { server async throws in
            let all = catalog(server)
            let numeric = { (c: Storefront.Collection) in Int(c.id.split(separator: "/").last!)! }
            let expected: [String: [String]] = [
                "ID": all.sorted { numeric($0) < numeric($1) }.map(\.handle),
                "TITLE": all.sorted { $0.title.lowercased() < $1.title.lowercased() }.map(\.handle),
                "UPDATED_AT": all.sorted { $0.updatedAt < $1.updatedAt }.map(\.handle),
                "RELEVANCE": all.map(\.handle),
            ]
            for (key, order) in expected {
                #expect(try await handles(server, ["sortKey": key]) == order, "\(key)")
                #expect(try await handles(server, ["sortKey": key, "reverse": true]) == order.reversed(), "\(key) reversed")
            }
            #expect(expected["TITLE"] != expected["ID"])
            // Relevance with a query: titles holding more of the terms first.
            let inDescription = all.filter { !$0.title.lowercased().contains("gifts") && !$0.title.lowercased().contains("small")
                && ($0.description.lowercased().contains("gifts") || $0.description.lowercased().contains("small")) }.map(\.handle)
            #expect(try await handles(server, ["query": "small OR gifts", "sortKey": "RELEVANCE"])
                == ["gifts-under-30", "gifts"] + inDescription)
        }
    }

    @Test func pagesKeepTheQueryAndTheCount() async throws {
        try await withServer { server async throws in
            var found: [String] = []
            var after: String?
            repeat {
                var arguments: [String: Any] = ["query": "-handle:sale", "sortKey": "TITLE", "reverse": true, "first": 3]
                if let after { arguments["after"] = after }
                let page = try await collections(server, arguments)
                #expect(page["totalCount"] as? String == "10")
                found += (page["nodes"] as? [[String: Any]] ?? []).compactMap { $0["handle"] as? String }
                let info = page["pageInfo"] as? [String: Any]
                after = info?["hasNextPage"] as? Bool == true ? info?["endCursor"] as? String : nil
            } while after != nil
            #expect(found == (try await handles(server, ["query": "-handle:sale", "sortKey": "TITLE", "reverse": true])))
            #expect(found.count == 10)
            // The same collections, and count, in another market.
            let japan = try await collections(server, ["query": "-handle:sale", "country": "JP"])
            #expect(japan["totalCount"] as? String == "10")
            // `first: 0` asks only for the count.
            let count = try await collections(server, ["first": 0, "query": "title:gifts"])
            #expect(count["totalCount"] as? String == "2" && (count["nodes"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func aQueryOutsideTheSyntaxIsAClearError() async throws {
        try await withServer { server async throws in
            let json = try await post(server, ["first": 5, "query": "vendor:Kestrel"])
            let message = try #require((json["errors"] as? [[String: Any]])?.first?["message"] as? String)
            #expect(message.contains("unknown field 'vendor'") && message.contains("title, handle, collection_type, updated_at"))
            let unclosed = try await post(server, ["first": 5, "query": "(title:tea"])
            #expect("\(unclosed["errors"] ?? "")".contains("never closed"))
        }
    }
}
