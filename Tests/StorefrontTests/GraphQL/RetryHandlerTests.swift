import Foundation
import Testing
@testable import Storefront

struct RetryHandlerTests {
    struct Attempts: Sendable { var count = 0 }

    /// Runs `failures` then succeeds, returning (attempts made, outcome).
    func run(_ handler: RetryHandler, isMutation: Bool, failures: [any Error & Sendable]) async -> (Int, Result<String, any Error>) {
        let counter = Protected(0)
        let result: Result<String, any Error>
        do {
            result = .success(try await handler.run(isMutation: isMutation) { attempt in
                counter.update { $0 = attempt }
                if attempt <= failures.count { throw failures[attempt - 1] }
                return "ok"
            })
        } catch {
            result = .failure(error)
        }
        return (counter.value, result)
    }

    @Test func backoffDoublesWithJitterInTheUpperHalfAndIsCapped() {
        var handler = RetryHandler(baseDelay: 0.5, maximumDelay: 3, random: { 0 })
        #expect([2, 3, 4, 5, 6].map(handler.backoff(beforeAttempt:)) == [0.25, 0.5, 1, 1.5, 1.5])
        handler.random = { 0.999 }
        #expect(abs(handler.backoff(beforeAttempt: 3) - 0.9995) < 1e-9)
    }

    @Test func finiteByDefaultAndRethrowsTheLastError() async {
        let sleeps = SleepRecorder()
        let failures: [any Error & Sendable] = Array(repeating: StorefrontError.http(status: 503, bodySnippet: "", retryAfter: nil), count: 5)
        let (attempts, result) = await run(.instant(sleeps), isMutation: false, failures: failures)
        #expect(attempts == 3)
        #expect((try? result.get()) == nil)
        #expect(await sleeps.delays == [0.25, 0.5])
    }

    @Test func retryAfterIsObeyedAndTooLongEndsTheRetries() async {
        let sleeps = SleepRecorder()
        let failures: [any Error & Sendable] = [
            StorefrontError.http(status: 429, bodySnippet: "", retryAfter: 2),
            StorefrontError.http(status: 429, bodySnippet: "", retryAfter: 600),
        ]
        let (attempts, result) = await run(.instant(sleeps, attempts: 5), isMutation: false, failures: failures)
        #expect(attempts == 2)
        #expect((result.failure as? StorefrontError) == .http(status: 429, bodySnippet: "", retryAfter: 600))
        #expect(await sleeps.delays == [2])
    }

    @Test(arguments: [
        (StorefrontError.http(status: 502, bodySnippet: "", retryAfter: nil) as any Error & Sendable, true, false),
        (StorefrontError.http(status: 503, bodySnippet: "", retryAfter: nil), true, false),
        (StorefrontError.http(status: 504, bodySnippet: "", retryAfter: nil), true, false),
        (StorefrontError.http(status: 429, bodySnippet: "", retryAfter: nil), true, true),
        (StorefrontError.http(status: 430, bodySnippet: "", retryAfter: nil), true, true),
        (StorefrontError.graphQL([GraphQLErrorInfo(message: "Throttled", code: "THROTTLED")]), true, true),
        (TransportError(message: "refused", requestSent: false), true, true),
        (TransportError(message: "timed out", requestSent: true), true, false),
        (StorefrontError.http(status: 500, bodySnippet: "", retryAfter: nil), false, false),
        (StorefrontError.http(status: 401, bodySnippet: "", retryAfter: nil), false, false),
        (StorefrontError.graphQL([GraphQLErrorInfo(message: "No", code: "ACCESS_DENIED")]), false, false),
        (StorefrontError.notJSON(bodySnippet: ""), false, false),
    ])
    func whatIsRetried(error: any Error & Sendable, query: Bool, mutation: Bool) async {
        let sleeps = SleepRecorder()
        let (queryAttempts, _) = await run(.instant(sleeps), isMutation: false, failures: [error])
        let (mutationAttempts, _) = await run(.instant(sleeps), isMutation: true, failures: [error])
        #expect(queryAttempts == (query ? 2 : 1))
        #expect(mutationAttempts == (mutation ? 2 : 1))
    }

    @Test func pollingRunsWhileTheConditionHoldsAndStopsAtTheLimit() async throws {
        let sleeps = SleepRecorder()
        let ready = try await RetryHandler.instant(sleeps, attempts: 10).poll(while: { $0 < 4 }) { attempt in attempt }
        #expect(ready == 4)
        let exhausted = try await RetryHandler.instant(sleeps, attempts: 3).poll(while: { _ in true }) { attempt in attempt }
        #expect(exhausted == 3)
        #expect(await sleeps.delays.count == 3 + 2)
    }
}
