import Clocks
import Determinism
import Foundation
import Synchronization
import Storefront
import StorefrontServer
import Testing

/// The cache policies against the real server, counting what reaches it.
struct CachePolicyTests {
    @Test func cacheFirstServesTheSecondVisitWithoutARequest() async throws {
        try await withServer { server async throws in
            let client = server.client(policy: .cacheFirst(expireIn: 300))
            let first = try await client.product(handle: "house-espresso-blend")
            let second = try await client.product(handle: "house-espresso-blend")
            #expect(first == second)
            #expect(await server.requestLog.operations == ["Product"])
            let statistics = await client.statistics()
            #expect(statistics.requests == 1 && statistics.cacheHits == 1)
        }
    }

    @Test func cacheFirstRefetchesAfterExpiry() async throws {
        try await withServer { server async throws in
            let clock = TestClock()
            let client = server.client(policy: .cacheFirst(expireIn: 60),
                                       now: DateSource.following(clock, from: Date(timeIntervalSince1970: 1_790_000_000)).closure)
            _ = try await client.shop()
            await clock.advance(by: .seconds(61))
            _ = try await client.shop()
            #expect(await server.requestLog.operations == ["Shop", "Shop"])
        }
    }

    @Test func networkFirstFallsBackToTheCacheWhenTheServerFailsAndSaysSo() async throws {
        try await withServer { server async throws in
            let fallbacks = EventLog()
            let client = server.client(policy: .networkFirst(expireIn: nil), onEvent: { event in
                if case .servedFromCacheAfterNetworkFailure(let operation, _, let error) = event { fallbacks.append("\(operation): \(error)") }
            })
            let fresh = try await client.collections(.first(3), sortKey: .title, productPreview: 2)
            await server.endpoint.failNext(.html)
            let fallback = try await client.collections(.first(3), sortKey: .title, productPreview: 2)
            #expect(fallback == fresh)
            #expect(fallbacks.lines.count == 1)
            #expect(fallbacks.lines.first?.hasPrefix("Collections: The storefront is busy (HTTP 503)") == true)
            #expect(await client.statistics().cacheFallbacks == 1)
        }
    }

    @Test func networkFirstReportsWhereTheAnswerCameFrom() async throws {
        try await withServer { server async throws in
            let client = server.client(policy: .networkFirst(expireIn: nil))
            _ = try await client.shop()
            await server.endpoint.failNext(.http502)
            let result = try await client.execute(.shop, as: ShopOnly.self)
            guard case .cacheAfterNetworkFailure(_, .http(status: 502, _, _)) = result.source else {
                Issue.record("expected a fallback after HTTP 502, got \(result.source)"); return
            }
            #expect(result.value.shop.name == "Kestrel & Co.")
        }
    }

    @Test func cacheOnlyMissesThenHits() async throws {
        try await withServer { server async throws in
            let cache = ResponseCache(directory: nil)
            await #expect(throws: StorefrontError.cacheMiss) {
                try await server.client(policy: .cacheOnly, cache: cache).product(handle: "house-espresso-blend")
            }
            _ = try await server.client(policy: .networkFirst(expireIn: nil), cache: cache).product(handle: "house-espresso-blend")
            #expect(try await server.client(policy: .cacheOnly, cache: cache).product(handle: "house-espresso-blend") != nil)
            #expect(await server.requestLog.operations == ["Product"])
        }
    }

    @Test func theDiskCacheOutlivesTheClient() async throws {
        try await withServer { server async throws in
            let first = server.client(policy: .cacheFirst(expireIn: nil), cache: ResponseCache(directory: server.cacheDirectory))
            let expected = try await first.search(query: "tea", page: .first(5))
            let later = server.client(policy: .cacheOnly, cache: ResponseCache(directory: server.cacheDirectory))
            #expect(try await later.search(query: "tea", page: .first(5)) == expected)
            await later.purge()
            await #expect(throws: StorefrontError.cacheMiss) {
                try await server.client(policy: .cacheOnly, cache: ResponseCache(directory: server.cacheDirectory))
                    .search(query: "tea", page: .first(5))
            }
        }
    }

    @Test func cartsAreNeverCached() async throws {
        try await withServer { server async throws in
            let client = server.client(policy: .cacheFirst(expireIn: nil))
            let variant = try #require(try await server.embedded.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)])).cart)
            _ = try await client.cart(id: cart.id)
            _ = try await client.cartNoteUpdate(cartId: cart.id, note: "changed")
            #expect(try await client.cart(id: cart.id)?.note == "changed")
            #expect(await server.requestLog.operations == ["CartCreate", "Cart", "CartNoteUpdate", "Cart"])
        }
    }

    @Test func answersWithErrorsAreNotCached() async throws {
        try await withServer { server async throws in
            let client = server.client(policy: .cacheFirst(expireIn: nil))
            await server.endpoint.failNext(.throttled)
            await #expect(throws: StorefrontError.self) { try await client.shop() }
            _ = try await client.shop()
            _ = try await client.shop()
            #expect(await server.requestLog.operations == ["Shop", "Shop"])
        }
    }
}

/// `data` of the Shop document, decoded by a caller of `execute`.
struct ShopOnly: Decodable, Sendable {
    struct Fields: Decodable, Sendable { var name: String }
    var shop: Fields
}

/// Lines collected from synchronous callbacks.
final class EventLog: Sendable {
    private let storage = Mutex<[String]>([])
    var lines: [String] { storage.withLock { $0 } }
    func append(_ line: String) { storage.withLock { $0.append(line) } }
}
