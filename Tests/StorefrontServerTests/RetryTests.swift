import Foundation
import Storefront
import StorefrontServer
import Testing

/// Retries and backoff against injected failures, with the waits recorded instead of slept.
struct RetryTests {
    @Test func aQueryGetsThroughA503AndThrottling() async throws {
        try await withServer { server async throws in
            let sleeps = SleepRecorder()
            await server.endpoint.failNext(.http503, .throttled)
            let product = try await server.client(retry: .instant(sleeps)).product(handle: "house-espresso-blend")
            #expect(product?.handle == "house-espresso-blend")
            #expect(await server.requestLog.lines.map { $0.split(separator: " ").prefix(2).joined(separator: " ") }
                == ["Product 503", "Product 200", "Product 200"])
            // Retry-After: 1 from the 503, then the backoff before the third attempt (1 s, lower half).
            #expect(await sleeps.delays == [1, 0.5])
        }
    }

    @Test func theRetriesEndAndTheLastErrorIsReported() async throws {
        try await withServer { server async throws in
            let sleeps = SleepRecorder()
            await server.endpoint.failNext(.http502, .http504, .html, .http500)
            await #expect(throws: StorefrontError.http(status: 503, bodySnippet: "<!DOCTYPE html> <html lang=\"en\"> <head><title>Service Unavailable</title><style>body{font-family:sans-serif}</style></head> <body> <h1>Service Unavailable</h1> <p>This store is temporarily unavailable. Please try again in a few moments.</p> </body> </html>", retryAfter: nil)) {
                try await server.client(retry: .instant(sleeps)).shop()
            }
            #expect(await server.requestLog.lines.count == 3)
            #expect(await sleeps.delays == [0.25, 0.5])
        }
    }

    @Test func cartLinesAddIsNotSentTwiceAfterA503() async throws {
        try await withServer { server async throws in
            let sleeps = SleepRecorder()
            let client = server.client(retry: .instant(sleeps))
            let variant = try #require(try await server.embedded.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput()).cart)
            await server.endpoint.failNext(.http503)
            await #expect(throws: StorefrontError.self) {
                try await client.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: variant.id)])
            }
            #expect(await server.requestLog.operations == ["CartCreate", "CartLinesAdd"])
            #expect(await sleeps.delays.isEmpty)
        }
    }

    @Test func cartLinesAddIsRetriedWhenTheServerProvablyDidNotRunIt() async throws {
        try await withServer { server async throws in
            let sleeps = SleepRecorder()
            let client = server.client(retry: .instant(sleeps))
            let variant = try #require(try await server.embedded.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput()).cart)
            await server.endpoint.failNext(.http430, .throttled)
            let payload = try await client.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: variant.id, quantity: 2)])
            #expect(payload.cart?.totalQuantity == 2) // added once, not three times
            #expect(await server.requestLog.operations == ["CartCreate", "CartLinesAdd", "CartLinesAdd", "CartLinesAdd"])
            #expect(await sleeps.delays == [0.25, 0.5])
        }
    }

    @Test func aStoppedServerIsATransportErrorRetriedForQueries() async throws {
        let server = try await LoopbackServer.start()
        await server.stop()
        let sleeps = SleepRecorder()
        await #expect(throws: StorefrontError.self) { try await server.client(retry: .instant(sleeps)).shop() }
        #expect(await sleeps.delays == [0.25, 0.5])
        do {
            _ = try await server.client().shop()
        } catch let error as StorefrontError {
            guard case .transport = error else { Issue.record("expected a transport error, got \(error)"); return }
        }
    }
}
