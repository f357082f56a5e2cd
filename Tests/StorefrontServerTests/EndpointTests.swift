import Foundation
import Synchronization
import GraphQL
@testable import Storefront
@testable import StorefrontServer
import Testing

/// The endpoint spoken to directly: documents as written, HTTP details, the fault plan.
struct EndpointTests {
    func post(_ server: LoopbackServer, url: URL? = nil, token: String? = LoopbackServer.token, body: Data) async throws -> TransportResponse {
        var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
        if let token { headers.append((GraphQLEndpoint.tokenHeader, token)) }
        return try await HTTPClientTransport().send(TransportRequest(url: url ?? server.url, headers: headers, body: body))
    }

    func post(_ server: LoopbackServer, query: String, variables: [String: Any] = [:], operationName: String? = nil) async throws -> [String: Any] {
        var request: [String: Any] = ["query": query, "variables": variables]
        if let operationName { request["operationName"] = operationName }
        let response = try await post(server, body: try JSONSerialization.data(withJSONObject: request))
        #expect(response.status == 200)
        return try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    /// Variables that satisfy each document's required ones (ids that exist nowhere are fine:
    /// the point is that every document is accepted as written).
    static var requiredVariables: [StorefrontOperation: [String: Any]] { [
        .collections: ["first": 2, "preview": 1], .collection: ["handle": "tea", "preview": 1],
        .collectionProducts: ["handle": "tea", "first": 2], .products: ["first": 2, "query": "tag:espresso"],
        .product: ["handle": "house-espresso-blend"], .productRecommendations: ["productId": "gid://shopify/Product/8100"],
        .search: ["query": "tea", "first": 2], .predictiveSearch: ["query": "te", "limit": 3],
        .cart: ["id": "gid://shopify/Cart/none?key=0"], .cartCreate: ["input": ["note": "hi"]],
        .cartLinesAdd: ["cartId": "gid://shopify/Cart/none?key=0", "lines": [["merchandiseId": "gid://shopify/ProductVariant/1"]]],
        .cartLinesUpdate: ["cartId": "gid://shopify/Cart/none?key=0", "lines": [["id": "gid://shopify/CartLine/1", "quantity": 0]]],
        .cartLinesRemove: ["cartId": "gid://shopify/Cart/none?key=0", "lineIds": ["gid://shopify/CartLine/1"]],
        .cartBuyerIdentityUpdate: ["cartId": "gid://shopify/Cart/none?key=0", "buyerIdentity": ["countryCode": "NL"]],
        .cartDiscountCodesUpdate: ["cartId": "gid://shopify/Cart/none?key=0", "discountCodes": ["WELCOME10"]],
        .cartNoteUpdate: ["cartId": "gid://shopify/Cart/none?key=0", "note": "hi"],
    ] }

    /// A document found valid once is neither parsed nor validated again (its parsed document is
    /// kept and used); one that is not valid is refused every time, and never remembered as valid.
    @Test func validDocumentsAreRememberedAndInvalidOnesRefusedEveryTime() async throws {
        try await withServer { server async throws in
            let valid = "query RememberedShop { shop { name } }"
            let invalid = "query NotAField { shop { nameThatIsNot } }"
            #expect(!GraphQLEndpoint.validated.isKnown(valid))
            for _ in 0..<2 {
                let answer = try await post(server, query: valid)
                #expect(answer["errors"] == nil)
                #expect(GraphQLEndpoint.validated.document(valid) == (try parse(source: Source(body: valid))))
                let refused = try await post(server, query: invalid)
                #expect((refused["errors"] as? [Any])?.isEmpty == false)
                #expect(!GraphQLEndpoint.validated.isKnown(invalid))
            }
        }
        let set = ValidatedDocuments()
        let document = try parse(source: Source(body: "{ shop { name } }"))
        set.remember(String(repeating: "x", count: ValidatedDocuments.maximumBytes + 1), document, nesting: 0)
        #expect(!set.isKnown(String(repeating: "x", count: ValidatedDocuments.maximumBytes + 1)), "too long to keep")
        for index in 0...ValidatedDocuments.maximumCount { set.remember("query Q\(index) { shop { name } }", document, nesting: 1) }
        #expect(set.isKnown("query Q\(ValidatedDocuments.maximumCount) { shop { name } }"))
        #expect(!set.isKnown("query Q0 { shop { name } }"), "a full set starts again")
    }

    @Test func everyDocumentRunsAsWrittenWithItsContext() async throws {
        try await withServer { server async throws in
            for operation in StorefrontOperation.allCases {
                var variables = Self.requiredVariables[operation] ?? [:]
                variables["country"] = "NL"
                variables["language"] = "EN"
                let answer = try await post(server, query: operation.document, variables: variables, operationName: operation.name)
                #expect(answer["errors"] == nil, "\(operation.name): \(answer["errors"] ?? "")")
                #expect(answer["data"] is [String: Any], "\(operation.name)")
            }
        }
    }

    /// A query as someone would write it for Shopify: aliases, a fragment, inline fragments on the
    /// search union, literal enums and the context directive with literals.
    @Test func aShopifyStyleQueryWorksUnchanged() async throws {
        try await withServer { server async throws in
            let query = """
            query Storefront @inContext(country: NL, language: NL) {
              shop { name primaryDomain { host url } paymentSettings { currencyCode } }
              cheapest: products(first: 1, sortKey: PRICE) { nodes { ...Card } }
              search(query: "tea", first: 1, types: [PRODUCT]) {
                edges { cursor node { __typename ... on Product { ...Card } } }
              }
              collection(handle: "tea") { products(first: 1) { pageInfo { hasNextPage endCursor } } }
            }
            fragment Card on Product {
              id title featuredImage { url } priceRange { minVariantPrice { amount currencyCode } }
              variants(first: 1) { edges { node { id price { amount } product { handle } } } }
            }
            """
            let answer = try await post(server, query: query)
            #expect(answer["errors"] == nil, "\(answer["errors"] ?? "")")
            let data = try #require(answer["data"] as? [String: Any])
            let search = try #require((data["search"] as? [String: Any])?["edges"] as? [[String: Any]])
            #expect((search.first?["node"] as? [String: Any])?["__typename"] as? String == "Product")
            let cheapest = try #require(((data["cheapest"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first)
            let amount = ((cheapest["priceRange"] as? [String: Any])?["minVariantPrice"] as? [String: Any])?["amount"]
            #expect(amount is String) // Decimal travels as a string
        }
    }

    @Test func unknownFieldsAndDeprecatedShapesAreRejectedByValidation() async throws {
        try await withServer { server async throws in
            let answer = try await post(server, query: "{ productByTitle(title: \"x\") { id } }")
            let errors = try #require(answer["errors"] as? [[String: Any]])
            #expect((errors.first?["message"] as? String)?.contains("productByTitle") == true)
        }
    }

    @Test func httpDetails() async throws {
        try await withServer { server async throws in
            let wrongToken = try await post(server, token: "not-the-token", body: Data(#"{"query":"{ shop { name } }"}"#.utf8))
            #expect(wrongToken.status == 401)
            let notAQuery = try await post(server, body: Data("[]".utf8))
            #expect(notAQuery.status == 400)
            let elsewhere = try await post(server, url: server.url.deletingLastPathComponent().appendingPathComponent("admin.json"),
                                           body: Data("{}".utf8))
            #expect(elsewhere.status == 404)
            let ok = try await post(server, body: Data(#"{"query":"{ shop { name } }"}"#.utf8))
            #expect(ok.header("Content-Type")?.hasPrefix("application/json") == true)
        }
    }

    @Test func inContextValuesComeFromLiteralsOrVariables() throws {
        let document = try parse(source: Source(body: """
        query A($c: CountryCode) @inContext(country: $c, language: FR) { shop { name } }
        query B @inContext(country: DE) { shop { name } }
        """))
        #expect(InContextDirective.values(of: document.operation(named: "A"), variables: ["c": "CA"]) == ("CA", "FR"))
        #expect(InContextDirective.values(of: document.operation(named: "B"), variables: [:]) == ("DE", nil))
        #expect(InContextDirective.values(of: document.operation(named: nil), variables: [:]) == (nil, nil))
    }

    /// Where the directive reads from is worked out once per document and operation; each request's
    /// variables are then read through it: sent, sent as null, or left at their declared default.
    @Test func aKeptDocumentsInContextReadsEachRequestsVariables() throws {
        let document = try parse(source: Source(body: """
        query A($c: CountryCode = NL, $l: LanguageCode) @inContext(country: $c, language: $l) { shop { name } }
        """))
        let plans = ExecutionPlans()
        let use = plans.inContext("A", of: document.operation(named: "A"))
        #expect(use.values(["c": "CA", "l": "FR"]) == ("CA", "FR"))
        #expect(use.values([:]) == ("NL", nil))
        #expect(use.values(["c": .null]) == (nil, nil))
        // The same use comes back for the operation, whatever the variables.
        let again = plans.inContext("A", of: nil)
        #expect(again.values(["c": "DE"]) == ("DE", nil))
    }

    @Test func theFaultPlanFailsTheShareItIsAskedTo() async throws {
        let draws = [0.1, 0.0, 0.9, 0.5, 0.3, 0.99].makeIterator()
        let source = Mutex(draws)
        let injector = FaultInjector(plan: FaultPlan(faults: [.http503, .throttled], failRate: 0.5),
                                     random: { source.withLock { $0.next() ?? 1 } })
        // 0.1 < 0.5 fails, choosing faults[Int(0.0 * 2)]; 0.9 passes; 0.5 passes; 0.3 fails with faults[Int(0.99 * 2)].
        #expect(await injector.nextFault() == .http503)
        #expect(await injector.nextFault() == nil)
        #expect(await injector.nextFault() == nil)
        #expect(await injector.nextFault() == .throttled)
        #expect(throws: FaultPlanError.self) { try FaultPlan.parse("503,teapot") }
        #expect(try FaultPlan.parse("503, 430,html,throttled") == [.http503, .http430, .html, .throttled])
    }
}
