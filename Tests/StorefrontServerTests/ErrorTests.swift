import Foundation
import Storefront
import StorefrontServer
import Testing

/// Every kind of failure, as the client reports it.
struct ErrorTests {
    @Test func aWrongTokenSaysTheDomainAndTokenDoNotMatch() async throws {
        try await withServer { server async throws in
            do {
                _ = try await server.client(token: "wrong").shop()
                Issue.record("expected a failure")
            } catch let error as StorefrontError {
                guard case .http(401, let snippet, nil) = error else { Issue.record("unexpected \(error)"); return }
                #expect(snippet.contains("Invalid API key or access token"))
                #expect(error.isAuthenticationFailure)
                #expect(error.localizedDescription.contains("the shop domain and the access token probably do not match"))
            }
        }
    }

    @Test(arguments: [
        (FaultPlan.Fault.http430, StorefrontError.http(status: 430, bodySnippet: "Your request was blocked for security reasons.", retryAfter: nil)),
        (.http429, .http(status: 429, bodySnippet: #"{"errors":"Too many requests"}"#, retryAfter: 1)),
        (.http500, .http(status: 500, bodySnippet: "Internal Server Error", retryAfter: nil)),
        (.http502, .http(status: 502, bodySnippet: "<html> <head><title>502 Bad Gateway</title></head> <body> <center><h1>502 Bad Gateway</h1></center> </body> </html>", retryAfter: nil)),
        (.throttled, .graphQL([GraphQLErrorInfo(message: "Throttled", code: "THROTTLED")])),
        (.notJSON, .notJSON(bodySnippet: "<html><head><title>Sign in to the network</title></head><body>Accept the terms to continue.</body></html>")),
        (.noData, .emptyResponse),
    ])
    func injectedFailures(fault: FaultPlan.Fault, expected: StorefrontError) async throws {
        try await withServer { server async throws in
            await server.endpoint.failNext(fault)
            await #expect(throws: expected) { try await server.client().shop() }
        }
    }

    @Test func graphQLErrorsCarryMessageLocationsAndPath() async throws {
        try await withServer { server async throws in
            do {
                _ = try await server.client().products(.first(5, after: "bm90LWEtY3Vyc29y"), query: nil, sortKey: .title, reverse: false)
                Issue.record("expected a failure")
            } catch let StorefrontError.graphQL(errors) {
                let error = try #require(errors.first)
                #expect(error.path == ["products"])
                #expect(!error.locations.isEmpty)
                #expect(error.message == "Unknown page cursor \"bm90LWEtY3Vyc29y\"")
                #expect(error.code == nil)
            }
            do {
                _ = try await server.client().search(query: "tea", page: .first(2, after: "bm90LWEtY3Vyc29y"))
                Issue.record("expected a failure")
            } catch let StorefrontError.graphQL(errors) {
                #expect(errors.map(\.path) == [["search"]])
            }
        }
    }

    @Test func anInvalidSearchQueryPointsAtThePosition() async throws {
        try await withServer { server async throws in
            let expected = try await errorOf { try await server.embedded.search(query: "price:=5", page: .first(2)) }
            let error = try await errorOf { try await server.client().search(query: "price:=5", page: .first(2)) }
            // The server's error carries the position: the client's error is the embedded store's.
            guard case .invalidSearch = expected else { Issue.record("unexpected \(expected)"); return }
            #expect(error == expected)
        }
    }

    func errorOf(_ body: () async throws -> some Any) async throws -> StorefrontError {
        do {
            _ = try await body()
        } catch let error as StorefrontError {
            return error
        }
        throw StorefrontError.invalidArgument("no error")
    }

    @Test func badArgumentsAreCaughtBeforeTheRequest() async throws {
        try await withServer { server async throws in
            await #expect(throws: StorefrontError.invalidArgument("Pass either first or last, not both.")) {
                try await server.client().products(PageArguments(first: 2, last: 2), query: nil, sortKey: .id, reverse: false)
            }
            await #expect(throws: StorefrontError.self) { try await server.client().search(query: "tea", page: .first(251)) }
            #expect(await server.requestLog.lines.isEmpty)
        }
    }
}
