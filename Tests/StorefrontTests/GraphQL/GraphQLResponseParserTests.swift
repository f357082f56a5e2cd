import Foundation
import Testing
@testable import Storefront

struct GraphQLResponseParserTests {
    let now = Date(timeIntervalSince1970: 0)

    func validate(_ status: Int, _ body: String, headers: [String: String] = [:]) -> Result<Data, StorefrontError> {
        Result { () throws(StorefrontError) in
            try GraphQLResponseParser.validate(TransportResponse(status: status, headers: headers, body: Data(body.utf8)), now: now)
        }
    }

    @Test func unauthorizedSaysDomainAndTokenDoNotMatch() throws {
        let error = try #require(validate(401, "Unauthorized").failure)
        #expect(error == .http(status: 401, bodySnippet: "Unauthorized", retryAfter: nil))
        #expect(error.isAuthenticationFailure)
        #expect(error.localizedDescription.contains("shop domain and the access token probably do not match"))
    }

    @Test func htmlErrorPageKeepsAShortCleanSnippetAndRetryAfter() throws {
        let page = "<!DOCTYPE html>\n<html>\r\n<body>\u{1B}[31mService\tUnavailable</body></html>" + String(repeating: "x", count: 2000)
        let error = try #require(validate(503, page, headers: ["Retry-After": "7"]).failure)
        guard case .http(503, let snippet, 7) = error else { Issue.record("unexpected \(error)"); return }
        #expect(snippet.hasPrefix("<!DOCTYPE html> <html> <body>Service Unavailable</body></html>"))
        #expect(snippet.count == GraphQLResponseParser.snippetLength)
        #expect(!snippet.contains("\u{1B}"))
    }

    @Test func successfulStatusWithHTMLIsNotJSON() throws {
        #expect(validate(200, "<html>captive portal</html>").failure == .notJSON(bodySnippet: "<html>captive portal</html>"))
    }

    @Test func neitherDataNorErrors() {
        #expect(validate(200, "{}").failure == .emptyResponse)
        #expect(validate(200, #"{"data":null}"#).failure == .emptyResponse)
        #expect(validate(200, "[1,2]").failure == .emptyResponse)
    }

    @Test func graphQLErrorsKeepMessageLocationsPathAndCode() throws {
        let body = #"""
        {"data":{"product":null},"errors":[{"message":"Boom","locations":[{"line":2,"column":3}],
         "path":["product","variants","nodes",0,"price"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}
        """#
        let error = try #require(validate(200, body).failure)
        #expect(error == .graphQL([GraphQLErrorInfo(message: "Boom", locations: [.init(line: 2, column: 3)],
                                                    path: ["product", "variants", "nodes", "0", "price"],
                                                    code: "INTERNAL_SERVER_ERROR")]))
        #expect(error.localizedDescription == "Boom [INTERNAL_SERVER_ERROR] at product.variants.nodes.0.price")
    }

    @Test func errorsGivenAsOneStringAreStillGraphQLErrors() {
        #expect(validate(200, #"{"errors":"Service is shutting down"}"#).failure == .graphQL([GraphQLErrorInfo(message: "Service is shutting down")]))
    }

    @Test func decodingErrorNamesTheField() throws {
        struct Payload: Decodable { struct Item: Decodable { var price: Money }; var items: [Item] }
        let body = Data(#"{"data":{"items":[{"price":{"amount":"1.00","currencyCode":"USD"}},{"price":{"amount":1.5,"currencyCode":"USD"}}]}}"#.utf8)
        let result = Result { () throws(StorefrontError) in try GraphQLResponseParser.decode(Payload.self, from: body) }
        guard case .decoding(let path, _) = result.failure else { Issue.record("expected a decoding error"); return }
        #expect(path == "data.items[1].price.amount")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
