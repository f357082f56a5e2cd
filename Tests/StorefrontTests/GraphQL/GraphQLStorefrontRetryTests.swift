import Foundation
import Testing
@testable import Storefront

/// Retries through the client: what is sent again, and what is not.
struct GraphQLStorefrontRetryTests {
    static let payloadJSON = #"{"data":{"cartLinesAdd":{"cart":null,"userErrors":[{"code":"SOMETHING_NEW","field":["lines","0"],"message":"Nope"}],"warnings":[]}}}"#

    let sleeps = SleepRecorder()

    func client(_ transport: ScriptedTransport) -> GraphQLStorefront {
        var configuration = GraphQLStorefront.Configuration(endpoint: URL(string: "https://aurora.example/api/2026-04/graphql.json")!,
                                                            accessToken: "t", cachePolicy: .networkOnly)
        configuration.retry = .instant(sleeps)
        return GraphQLStorefront(configuration: configuration, transport: transport, cache: ResponseCache(directory: nil))
    }

    @Test func queriesAreRetriedThroughServerErrorsAndThrottling() async throws {
        let transport = ScriptedTransport([.status(503, body: "<html>down</html>"), .throttled,
                                           .json(GraphQLStorefrontCacheTests.cartJSON)])
        #expect(try await client(transport).cart(id: "c") == nil)
        #expect(await transport.requests.count == 3)
        #expect(await sleeps.delays == [0.25, 0.5])
    }

    @Test func cartLinesAddIsNotRepeatedAfterAFailureThatMayHaveApplied() async {
        for step in [ScriptedTransport.Step.status(503), .timedOut, .status(502)] {
            let transport = ScriptedTransport([step, .json(Self.payloadJSON)])
            await #expect(throws: StorefrontError.self) {
                try await client(transport).cartLinesAdd(cartId: "c", lines: [CartLineInput(merchandiseId: "v")])
            }
            #expect(await transport.requests.count == 1)
        }
    }

    @Test func cartLinesAddIsRepeatedWhenTheRequestWasProvablyNotProcessed() async throws {
        let transport = ScriptedTransport([.refused, .status(430), .throttled, .json(Self.payloadJSON)])
        var configuration = client(transport).configuration
        configuration.retry = .instant(sleeps, attempts: 4)
        let storefront = GraphQLStorefront(configuration: configuration, transport: transport, cache: ResponseCache(directory: nil))
        let payload = try await storefront.cartLinesAdd(cartId: "c", lines: [CartLineInput(merchandiseId: "v")])
        #expect(await transport.requests.count == 4)
        // An error code this client does not know is kept as it came.
        #expect(payload.userErrors == [CartUserError(code: CartErrorCode(rawValue: "SOMETHING_NEW"), field: ["lines", "0"], message: "Nope")])
    }

    @Test func pollingRepeatsAQueryUntilItsAnswerIsReady() async throws {
        struct CartOnly: Decodable, Sendable { struct Fields: Decodable, Sendable { var note: String? }; var cart: Fields? }
        let ready = #"{"data":{"cart":{"note":"ready"}}}"#
        let transport = ScriptedTransport([.json(GraphQLStorefrontCacheTests.cartJSON), .status(503),
                                           .json(GraphQLStorefrontCacheTests.cartJSON), .json(ready), .json(ready)])
        let answer = try await client(transport).poll(.cart, variables: ["id": "c"], as: CartOnly.self,
                                                      retry: .instant(sleeps, attempts: 5), while: { $0.cart == nil })
        #expect(answer.cart?.note == "ready")
        // Three runs of the query; the 503 inside the second run was retried on its own.
        #expect(await transport.requests.count == 4)
    }

    @Test func transportFailuresEndAsTransportErrors() async {
        let transport = ScriptedTransport([.timedOut, .timedOut, .timedOut])
        await #expect(throws: StorefrontError.transport("the request timed out")) { try await client(transport).cart(id: "c") }
    }
}
