import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// What a client of the real Storefront API can tell apart, answered the same way by `serve`.
struct RealAPIBehaviourTests {
    struct Answer {
        var status: Int
        var headers: TransportResponse
        var json: [String: Any]
    }

    func post(_ server: LoopbackServer, _ query: String, variables: [String: Any] = [:], path: String? = nil,
              headers: [(name: String, value: String)] = [(GraphQLEndpoint.tokenHeader, LoopbackServer.token)]) async throws -> Answer {
        var url = server.url
        if let path, var components = URLComponents(url: server.url, resolvingAgainstBaseURL: false) {
            components.path = path
            url = try #require(components.url)
        }
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await HTTPClientTransport().send(TransportRequest(url: url, headers: [("Content-Type", "application/json")] + headers,
                                                                            body: body))
        let json = (try? JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:]
        return Answer(status: response.status, headers: response, json: json)
    }

    @Test func moneyIsWrittenAsTheAPIWritesDecimals() async throws {
        try await withServer { server async throws in
            let answer = try await post(server, """
                { product(handle: "house-espresso-blend") { priceRange { minVariantPrice { amount } maxVariantPrice { amount } } } }
                """)
            let range = try #require(((answer.json["data"] as? [String: Any])?["product"] as? [String: Any])?["priceRange"] as? [String: Any])
            #expect((range["minVariantPrice"] as? [String: Any])?["amount"] as? String == "12.5")
            #expect((range["maxVariantPrice"] as? [String: Any])?["amount"] as? String == "42.0")
            // The client reads them back as the same amounts.
            let product = try #require(try await server.client().product(handle: "house-espresso-blend"))
            #expect(product.priceRange.minVariantPrice == Money("12.50", currencyCode: "EUR"))
        }
        #expect(["12.50", "10.00", "2400", "0.05", "-3.10", "7.125"].map(Money.apiDecimal) == ["12.5", "10.0", "2400.0", "0.05", "-3.1", "7.125"])
    }

    /// The amounts' texts are kept, and a kept text is the one worked out: for equal amounts written
    /// differently, other currencies' digits, and more amounts than the table holds.
    @Test func keptAmountTextsAreTheWorkedOutOnes() throws {
        let amounts = APIAmounts()
        var moneys: [Money] = []
        for cents in stride(from: -250, through: 5_000, by: 1) {
            for code in ["EUR", "JPY", "KWD"] { moneys.append(Money(amount: Decimal(cents) / 100, currencyCode: code)) }
        }
        moneys += [try #require(Money("12.50", currencyCode: "EUR")), try #require(Money("12.5", currencyCode: "EUR")),
                   try #require(Money("7.125", currencyCode: "KWD")), try #require(Money("7.1250", currencyCode: "KWD"))]
        #expect(moneys.count > APIAmounts.capacity)
        for _ in 0..<2 {
            for money in moneys { #expect(amounts.text(of: money) == Money.apiDecimal(money.amountString), "\(money)") }
        }
        #expect(amounts.count <= APIAmounts.capacity)
        #expect(amounts.text(of: Money(amount: Decimal(string: "1234.5")!, currencyCode: "JPY")) == "1235.0")
    }

    @Test func datesAreInWholeSeconds() {
        #expect(DateTimeValue(Date(timeIntervalSince1970: 1_790_000_000.75)).text == "2026-09-21T14:13:20Z")
        #expect(DateTimeValue(Date(timeIntervalSince1970: 1_790_000_000)).text == "2026-09-21T14:13:20Z")
    }

    @Test func enumValuesAreChecked() async throws {
        try await withServer { server async throws in
            let literal = try await post(server, #"query @inContext(country: XX) { shop { name } }"#)
            #expect(literal.json["data"] == nil)
            #expect((literal.json["errors"] as? [[String: Any]])?.isEmpty == false)
            let variable = try await post(server, #"query Q($c: CountryCode) @inContext(country: $c) { shop { name } }"#, variables: ["c": "XX"])
            #expect(variable.json["data"] == nil && (variable.json["errors"] as? [[String: Any]])?.isEmpty == false)
            let identity = try await post(server, """
                mutation { cartCreate(input: { buyerIdentity: { countryCode: QQ } }) { cart { id } } }
                """)
            #expect(identity.json["data"] == nil && (identity.json["errors"] as? [[String: Any]])?.isEmpty == false)
            for (country, language) in [("JP", "JA"), ("GB", "EN"), ("NL", "PT_BR")] {
                let fine = try await post(server, "query @inContext(country: \(country), language: \(language)) { shop { name } }")
                #expect(fine.json["errors"] == nil, "\(country) \(language)")
            }
        }
    }

    @Test func aMalformedGlobalIdIsATopLevelError() async throws {
        try await withServer { server async throws in
            for id in ["8100", "gid://shopify/Product", "gid://other/Product/8100", "https://shop/Product/8100"] {
                let answer = try await post(server, "query P($id: ID!) { product(id: $id) { title } }", variables: ["id": id])
                #expect(answer.json["data"] == nil, "\(id)")
                let message = (answer.json["errors"] as? [[String: Any]])?.first?["message"] as? String
                #expect(message?.contains("ID") == true, "\(id): \(message ?? "")")
            }
            let unknown = try await post(server, "query P($id: ID!) { product(id: $id) { title } }", variables: ["id": "gid://shopify/Product/1"])
            #expect(unknown.json["errors"] == nil)
            #expect(((unknown.json["data"] as? [String: Any])?["product"]) is NSNull, "a well-formed id of nothing is null")
        }
    }

    @Test func tokenlessReadsAndThePrivateTokenHeader() async throws {
        try await withServer { server async throws in
            let tokenless = try await post(server, "{ shop { name } }", headers: [])
            #expect(tokenless.status == 200)
            #expect(((tokenless.json["data"] as? [String: Any])?["shop"] as? [String: Any])?["name"] as? String == "Kestrel & Co.")
            let privately = try await post(server, "{ shop { name } }", headers: [(GraphQLEndpoint.privateTokenHeader, LoopbackServer.token)])
            #expect(privately.status == 200 && privately.json["errors"] == nil)
            let wrongPrivate = try await post(server, "{ shop { name } }", headers: [(GraphQLEndpoint.privateTokenHeader, "guess")])
            #expect(wrongPrivate.status == 401)
            // Tokenless access gets smaller execution budgets (`ExecutionBudgetTests`), which a
            // whole grid of products and their variants fits.
            let grid = "{ products(first: 250) { nodes { variants(first: 250) { nodes { id } } } } }"
            #expect(try await post(server, grid, headers: []).json["errors"] == nil)
            let withToken = try await post(server, "{ products(first: 20) { nodes { variants(first: 20) { nodes { id } } } } }")
            #expect(withToken.json["errors"] == nil)
            let sameTokenless = try await post(server, "{ products(first: 20) { nodes { variants(first: 20) { nodes { id } } } } }", headers: [])
            #expect(sameTokenless.json["errors"] == nil)
        }
    }

    @Test func anyVersionIsAnsweredByTheOneServed() async throws {
        try await withServer { server async throws in
            for path in ["/api/2026-04/graphql.json", "/api/2023-10/graphql.json", "/api/unstable/graphql.json", "/api/graphql.json"] {
                let answer = try await post(server, "{ shop { name } }", path: path)
                #expect(answer.status == 200 && answer.json["errors"] == nil, "\(path)")
                #expect(answer.headers.header("X-Shopify-API-Version") == "2026-04", "\(path)")
            }
            let notAVersion = try await post(server, "{ shop { name } }", path: "/api/latest/graphql.json")
            #expect(notAVersion.status == 404 && notAVersion.json["errors"] as? String == "Not Found")
        }
    }
}
