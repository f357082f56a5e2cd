import Foundation
import Synchronization
import Storefront
@testable import StorefrontServer
import Testing

/// Requests that once crashed `serve` or ran for seconds: each is refused before the work, in
/// the Storefront API's error shape.
/// One after another: they share one endpoint, whose bound on the work of all requests in flight
/// would otherwise let one test's bomb throttle another's small query.
@Suite(.serialized) struct RequestLimitTests {
    static let endpoint = Result { () throws -> GraphQLEndpoint in
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        return try GraphQLEndpoint(storefront: EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state),
                                   accessToken: "t", limits: .unhurried)
    }

    func answer(_ query: String, variables: [String: Any] = [:]) async throws -> (status: Int, code: String?, message: String?) {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let endpoint = try Self.endpoint.get()
        let response = await endpoint.handle(token: "t", body: body)
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let error = (object["errors"] as? [[String: Any]])?.first
        return (response.status, (error?["extensions"] as? [String: Any])?["code"] as? String, error?["message"] as? String)
    }

    @Test func twoOperationsWithOneNameAreAValidationError() async throws {
        let result = try await answer("query A { shop { name } } query A { shop { name } }")
        #expect(result.message == "There can be only one operation named \"A\".")
        #expect(result.code == "GRAPHQL_VALIDATION_FAILED")
    }

    /// The lexer skips a byte-order mark, tabs, commas, line ends and comments between tokens: names
    /// written with any of them between are the same names, and two of them are refused, never
    /// handed to the library's validation (which traps on them).
    @Test(arguments: ["\u{FEFF}", "\u{FEFF}\u{FEFF}", "\t", ",", "\r", "\r\n", "\n", " #c\n", "\u{FEFF} ,\t"])
    func twoOperationsWithOneNameWrittenWithAnyWhitespaceAreAValidationError(_ gap: String) async throws {
        for _ in 0..<12 {
            let result = try await answer("query\(gap)A { shop { name } } query\(gap)A\(gap){ shop { name } }")
            #expect(result.code == "GRAPHQL_VALIDATION_FAILED")
            #expect(result.message == "There can be only one operation named \"A\".")
            let fragments = try await answer("{ shop { ...F } } fragment\(gap)F on Shop { name } fragment F\(gap)on Shop { name }")
            #expect(fragments.message == "There can be only one fragment named \"F\".")
        }
    }

    @Test func aliasesAndFieldsAreCountedAsTheLexerReadsThem() async throws {
        let aliased = "{" + (0..<101).map { "a\($0)\u{FEFF}:\u{FEFF}shop { name }" }.joined(separator: " ") + "}"
        #expect(try await answer(aliased).code == "MAX_ALIASES_EXCEEDED")
        // A colon inside a string argument is no alias.
        let quoted = "{" + (0..<99).map { "a\($0): products(first: 1, query: \"title:x\") { nodes { id } }" }.joined(separator: " ") + "}"
        #expect(try await answer(quoted).code == nil)
    }

    @Test func selectionsNestedAThousandDeepAreRefusedBeforeParsing() async throws {
        let result = try await answer("{" + String(repeating: "shop {", count: 1_000) + "name" + String(repeating: "}", count: 1_001))
        #expect(result.code == "MAX_DEPTH_EXCEEDED")
    }

    /// A document answered before is not scanned again: what its scan found is held to the limits
    /// of each request, and a server with tighter ones refuses it.
    @Test func aKnownDocumentIsHeldToEachRequestsNesting() async throws {
        let query = "{ product(handle: \"house-espresso-blend\") { variants(first: 1) { nodes { price { amount } } } } } # known-nesting"
        #expect(try await answer(query).code == nil)
        #expect(GraphQLEndpoint.validated.isKnown(query))
        var limits = RequestLimits.unhurried
        limits.maximumNesting = 4   // its brackets nest 5 deep
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("limits-\(UUID().uuidString)")
        let tight = try GraphQLEndpoint(storefront: EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state),
                                        accessToken: "t", limits: limits)
        let response = await tight.handle(token: "t", body: try JSONSerialization.data(withJSONObject: ["query": query]))
        #expect(String(decoding: response.body, as: UTF8.self).contains("MAX_DEPTH_EXCEEDED"))
        limits.maximumNesting = 5
        let loose = try GraphQLEndpoint(storefront: EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: state),
                                        accessToken: "t", limits: limits)
        let answered = await loose.handle(token: "t", body: try JSONSerialization.data(withJSONObject: ["query": query]))
        #expect(String(decoding: answered.body, as: UTF8.self).hasPrefix(#"{"data":{"product""#))
    }

    @Test func argumentsNestedFiveThousandDeepAreRefused() async throws {
        let list = String(repeating: "[", count: 5_000) + "1" + String(repeating: "]", count: 5_000)
        #expect(try await answer("{ products(first: 1, query: \(list)) { nodes { id } } }").code == "MAX_DEPTH_EXCEEDED")
    }

    @Test func aliasesOfALargeConnectionAreRefusedByCountAndAnsweredBelowIt() async throws {
        func aliases(_ count: Int) -> String {
            "{" + (0..<count).map { "a\($0): products(first: 250) { nodes { id } }" }.joined(separator: " ") + "}"
        }
        #expect(try await answer(aliases(1_000)).code == "MAX_FIELDS_EXCEEDED")
        #expect(try await answer(aliases(150)).code == "MAX_ALIASES_EXCEEDED")
        // What they return is small: the real API answers them, and so does serve.
        #expect(try await answer(aliases(20)).code == nil)
    }

    @Test func connectionsInsideConnectionsAreAnsweredWhenWhatTheyReturnIsSmall() async throws {
        let result = try await answer("{ products(first: 250) { nodes { variants(first: 250) { nodes { product { variants(first: 250) { nodes { id } } } } } } } }")
        #expect(result.code == nil && result.message == nil)
    }

    @Test func elevenMutationsInOneRequestAreRefused() async throws {
        let query = "mutation {" + (0..<11).map { "c\($0): cartCreate(input: {}) { cart { id } }" }.joined(separator: " ") + "}"
        #expect(try await answer(query).code == "MAX_MUTATIONS_EXCEEDED")
    }

    @Test func variablesNestedDeepAreRefusedBeforeDecoding() async throws {
        var value: Any = ["note": "x"]
        for _ in 0..<20 { value = ["attributes": [value]] }
        #expect(try await answer("mutation M($input: CartInput) { cartCreate(input: $input) { cart { id } } }",
                                 variables: ["input": value]).code == "MAX_DEPTH_EXCEEDED")
    }

    /// The nesting is counted outside strings only (brackets and escaped quotes inside one are text).
    @Test func nestingIsCountedOutsideStrings() {
        let three = Data(#"{"a":[{"b":"[[[[[[\"{{{{"}]}"#.utf8)
        #expect(!JSONNesting.exceeds(three, 3))
        #expect(JSONNesting.exceeds(three, 2))
        #expect(!JSONNesting.exceeds(Data(), 0))
        #expect(JSONNesting.exceeds(Data("[[[[1]]]]".utf8), 3))
    }

    @Test func deeplyNestedParenthesesInAProductQueryAreASearchError() async throws {
        let result = try await answer("{ products(first: 1, query: \"\(String(repeating: "(", count: 800))\") { nodes { id } } }")
        #expect(result.message == "Invalid search query at position 33: groups and negations nest more than 32 deep")
    }

    @Test func aBodyOverTheLimitGets413() async throws {
        let server = try await LoopbackServer.start()
        let response = try await HTTPClientTransport().send(TransportRequest(
            url: server.url, headers: [(GraphQLEndpoint.tokenHeader, LoopbackServer.token)],
            body: Data(repeating: 0x20, count: RequestLimits.standard.maximumBodyBytes + 1)))
        await server.stop()
        #expect(response.status == 413)
    }
}

extension RequestLimitTests {
    @Test func oneIntrospectionFitsTheBudgetButManyAliasedCopiesAreStopped() async throws {
        let walk = "__schema { types { name fields { name type { name ofType { name } } } } }"
        #expect(try await answer("{ \(walk) }").code == nil)
        let many = "{" + (0..<99).map { "i\($0): \(walk)" }.joined(separator: " ") + "}"
        // Over its own budget, or over what the suite's requests in flight hold together.
        #expect(["MAX_LIST_ELEMENTS_EXCEEDED", "THROTTLED"].contains(try await answer(many).code))
    }
}

extension RequestLimitTests {
    @Test func workPastItsTimeBudgetIsAnsweredAtOnceAndCancelled() async throws {
        let cancelled = Mutex(false)
        let clock = ContinuousClock()
        let start = clock.now
        let result = await withTimeBudget(.milliseconds(100)) { () async -> Int in
            do { try await Task.sleep(for: .seconds(30)) } catch { cancelled.withLock { $0 = true } }
            return 1
        }
        #expect(result == nil)
        // Long before the work's 30 s (a loaded suite can delay the timer by seconds).
        #expect(start.duration(to: clock.now) < .seconds(20))
        try await Task.sleep(for: .milliseconds(200))
        #expect(cancelled.withLock { $0 })
    }

    @Test func workWithinItsBudgetGivesItsAnswer() async {
        #expect(await withTimeBudget(.seconds(5)) { 42 } == 42)
    }

    /// A deadline taken out is never acted on and leaves nothing behind: a request that ends first
    /// keeps no timer (nor its memory) until its budget would have been up.
    @Test func aDeadlineTakenOutLeavesNothingAndOneDueIsActedOnOnce() async throws {
        let deadlines = Deadlines()
        let calls = Mutex(0)
        let taken = (0..<1_000).map { _ in deadlines.add(after: .seconds(30)) { calls.withLock { $0 += 1 } } }
        #expect(deadlines.pendingCount == 1_000)
        taken.forEach(deadlines.remove)
        #expect(deadlines.pendingCount == 0)
        let fired = AsyncStream<Void>.makeStream()
        _ = deadlines.add(after: .milliseconds(30)) { calls.withLock { $0 += 1 }; fired.continuation.yield() }
        for await _ in fired.stream { break }
        #expect(calls.withLock { $0 } == 1 && deadlines.pendingCount == 0)
    }

    @Test func whenTheCallerIsCancelledTheWorkIsToo() async throws {
        let cancelled = Mutex(false)
        let caller = Task {
            await withTimeBudget(.seconds(30)) { () async -> Int in
                do { try await Task.sleep(for: .seconds(30)) } catch { cancelled.withLock { $0 = true } }
                return 1
            }
        }
        try await Task.sleep(for: .milliseconds(50))
        caller.cancel()
        #expect(await caller.value == nil)
        try await Task.sleep(for: .milliseconds(200))
        #expect(cancelled.withLock { $0 })
    }
}

extension RequestLimitTests {
    @Test func anOperationNameWithEscapesIsLoggedWithoutThem() async throws {
        let server = try await LoopbackServer.start()
        let name = "Q\u{1B}]52;c;aGk=\u{07}\u{1B}[2J" + String(repeating: "x", count: 500)
        let body = try JSONSerialization.data(withJSONObject: ["query": "{ shop { name } }", "operationName": name])
        _ = try await HTTPClientTransport().send(TransportRequest(
            url: server.url, headers: [(GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        let lines = await server.requestLog.lines
        await server.stop()
        #expect(lines.count == 1)
        #expect(!lines.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(lines.first.map { $0.count < 100 } == true)
    }
}
