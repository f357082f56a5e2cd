import Clocks
import Determinism
import Foundation
import Testing
@testable import Storefront

/// The cache policies and the cache key, against a scripted transport.
struct GraphQLStorefrontCacheTests {
    static let shopJSON = #"""
    {"data":{"shop":{"name":"Aurora\u001b]0;pwned\u0007","description":null,"primaryDomain":{"host":"aurora.example"},
     "paymentSettings":{"currencyCode":"CAD","countryCode":"CA"},"refundPolicy":null,"privacyPolicy":null,"termsOfService":null,
     "shippingPolicy":{"id":"gid://shopify/ShopPolicy/7","handle":"shipping-policy","title":"Shipping\u001b[2J policy",
     "body":"<p>Free over $75.</p><ul><li>Standard\u0007</li><li>Express</li></ul>","url":"https://aurora.example/ship"}}}}
    """#
    static let cartJSON = #"{"data":{"cart":null}}"#

    let clock = TestClock()
    /// The answers' dates: they age only as `clock` is advanced.
    let dates: DateSource
    let sleeps = SleepRecorder()

    init() { dates = .following(clock, from: Date(timeIntervalSince1970: 1_750_000_000)) }

    func client(_ transport: ScriptedTransport, policy: CachePolicy = .networkOnly, token: String = "token-1",
                country: String? = nil, cache: ResponseCache = ResponseCache(directory: nil)) -> GraphQLStorefront {
        var configuration = GraphQLStorefront.Configuration(endpoint: URL(string: "https://aurora.example/api/2026-04/graphql.json")!,
                                                            accessToken: token, country: country, cachePolicy: policy)
        configuration.retry = .instant(sleeps)
        return GraphQLStorefront(configuration: configuration, transport: transport, cache: cache, now: dates.closure)
    }

    @Test func requestCarriesTheHeadersTheOperationAndTheContext() async throws {
        let transport = ScriptedTransport([.json(Self.shopJSON)])
        let shop = try await client(transport, country: "CA").shop()
        #expect(shop.name == "Aurora") // the terminal title sequence is gone
        #expect(shop.shippingPolicyURL == "https://aurora.example/ship")
        #expect(shop.policies.map(\.kind) == [.shipping])
        let policy = try #require(shop.policy(.shipping))
        #expect(policy.id == "gid://shopify/ShopPolicy/7" && policy.handle == "shipping-policy" && policy.title == "Shipping policy")
        #expect(policy.body == "<p>Free over $75.</p><ul><li>Standard</li><li>Express</li></ul>")
        #expect(policy.text == "Free over $75.\n\n• Standard\n• Express")
        let request = try #require(await transport.requests.first)
        #expect(request.method == "POST")
        #expect(request.header("X-Shopify-Storefront-Access-Token") == "token-1")
        #expect(request.header("Content-Type") == "application/json")
        #expect(request.header("Accept") == "application/json")
        #expect(request.header("User-Agent") == "storefront/\(GraphQLStorefront.clientVersion) (Linux)")
        #expect(request.header("Accept-Language") == nil)
        #expect(await transport.operations == ["Shop"])
        #expect(await transport.stringVariables.first?["country"] == "CA")
    }

    @Test func cacheOnlyMissIsAnError() async {
        let transport = ScriptedTransport([])
        await #expect(throws: StorefrontError.cacheMiss) { try await client(transport, policy: .cacheOnly).shop() }
        #expect(await transport.requests.isEmpty)
    }

    @Test func cacheFirstServesFreshAnswersAndRefetchesExpiredOnes() async throws {
        let transport = ScriptedTransport([.json(Self.shopJSON), .json(Self.shopJSON)])
        let storefront = client(transport, policy: .cacheFirst(expireIn: 60))
        let first = try await storefront.execute(.shop, as: [String: WireShop].self)
        #expect(first.source == .network)
        await clock.advance(by: .seconds(30))
        let second = try await storefront.execute(.shop, as: [String: WireShop].self)
        #expect(second.source == .cache(age: 30))
        await clock.advance(by: .seconds(31))
        let third = try await storefront.execute(.shop, as: [String: WireShop].self)
        #expect(third.source == .network)
        #expect(await transport.requests.count == 2)
        let statistics = await storefront.statistics()
        #expect(statistics.requests == 2 && statistics.cacheHits == 1)
    }

    @Test func networkFirstFallsBackToTheCacheAndSaysSo() async throws {
        let transport = ScriptedTransport([.json(Self.shopJSON), .refused, .refused, .refused])
        let events = Protected<[String]>([])
        var configuration = client(transport).configuration
        configuration.cachePolicy = .networkFirst(expireIn: nil)
        configuration.retry = .instant(sleeps)
        let storefront = GraphQLStorefront(configuration: configuration, transport: transport, cache: ResponseCache(directory: nil),
                                           now: dates.closure, onEvent: { event in
            if case .servedFromCacheAfterNetworkFailure(let operation, _, _) = event { events.update { $0.append(operation) } }
        })
        _ = try await storefront.shop()
        await clock.advance(by: .seconds(100))
        let fallback = try await storefront.execute(.shop, as: [String: WireShop].self)
        #expect(fallback.source == .cacheAfterNetworkFailure(age: 100, error: .transport("the connection was refused")))
        #expect(fallback.source.isFallback)
        #expect(events.value == ["Shop"])
        #expect(await storefront.statistics().cacheFallbacks == 1)
    }

    /// The app's policy: five minutes from the cache, then the network; offline, an older answer
    /// (up to the fallback age) rather than an error.
    @Test func cacheFirstFallsBackToAnExpiredAnswerOnlyWhenAskedAndOnlyWithinTheFallbackAge() async throws {
        let transport = ScriptedTransport([.json(Self.shopJSON)] + Array(repeating: .refused, count: 9))
        var configuration = client(transport, policy: .cacheFirst(expireIn: 300)).configuration
        configuration.offlineFallbackAge = 3_600
        let storefront = GraphQLStorefront(configuration: configuration, transport: transport,
                                           cache: ResponseCache(directory: nil), now: dates.closure)
        _ = try await storefront.shop()
        await clock.advance(by: .seconds(600))
        let fallback = try await storefront.execute(.shop, as: [String: WireShop].self)
        #expect(fallback.source == .cacheAfterNetworkFailure(age: 600, error: .transport("the connection was refused")))
        await clock.advance(by: .seconds(3_600))
        await #expect(throws: StorefrontError.transport("the connection was refused")) { try await storefront.shop() }

        // Without a fallback age, an expired answer is never served.
        let strict = client(ScriptedTransport([.json(Self.shopJSON), .refused, .refused, .refused]), policy: .cacheFirst(expireIn: 300))
        _ = try await strict.shop()
        await clock.advance(by: .seconds(600))
        await #expect(throws: StorefrontError.transport("the connection was refused")) { try await strict.shop() }
    }

    @Test func networkFirstDoesNotHideAuthenticationFailures() async throws {
        let transport = ScriptedTransport([.json(Self.shopJSON), .status(401)])
        let storefront = client(transport, policy: .networkFirst(expireIn: nil))
        _ = try await storefront.shop()
        await #expect(throws: StorefrontError.http(status: 401, bodySnippet: "", retryAfter: nil)) { try await storefront.shop() }
    }

    @Test func answersWithErrorsAreNotCached() async throws {
        let partial = #"{"data":{"shop":null},"errors":[{"message":"Internal error","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#
        let transport = ScriptedTransport([.json(partial), .json(Self.shopJSON)])
        let storefront = client(transport, policy: .cacheFirst(expireIn: nil))
        await #expect(throws: StorefrontError.self) { try await storefront.shop() }
        _ = try await storefront.shop()
        #expect(await transport.requests.count == 2)
    }

    @Test func cartsAndMutationsNeverTouchTheCache() async throws {
        let transport = ScriptedTransport([.json(Self.cartJSON), .json(Self.cartJSON)])
        let cache = ResponseCache(directory: nil)
        let storefront = client(transport, policy: .cacheFirst(expireIn: nil), cache: cache)
        #expect(try await storefront.cart(id: "gid://shopify/Cart/1") == nil)
        #expect(try await storefront.cart(id: "gid://shopify/Cart/1") == nil)
        #expect(await transport.requests.count == 2)
        #expect(await cache.count == 0)
        await #expect(throws: StorefrontError.cacheMiss) {
            try await storefront.withCachePolicy(.cacheOnly).cart(id: "gid://shopify/Cart/1")
        }
    }

    /// A cart has no saved answer to stand in: the client still says the storefront is out of
    /// reach, so the app can say offline at once.
    @Test func aRequestWithoutNetworkIsReportedEvenWithNothingSaved() async throws {
        let transport = ScriptedTransport([.refused])
        let events = Protected<[String]>([])
        var configuration = client(transport).configuration
        configuration.retry = .never
        let storefront = GraphQLStorefront(configuration: configuration, transport: transport,
                                           cache: ResponseCache(directory: nil), onEvent: { event in
            if case .unreachable(let operation, let error) = event { events.update { $0.append("\(operation): \(error)") } }
        })
        await #expect(throws: StorefrontError.transport("the connection was refused")) {
            try await storefront.cart(id: "gid://shopify/Cart/1")
        }
        #expect(events.value == ["Cart: Could not reach the storefront: the connection was refused"])
    }

    @Test func theKeyCoversTokenLocaleAndVariables() async throws {
        let cache = ResponseCache(directory: nil)
        let transport = ScriptedTransport(Array(repeating: .json(Self.shopJSON), count: 4))
        _ = try await client(transport, policy: .cacheFirst(expireIn: nil), cache: cache).shop()
        _ = try await client(transport, policy: .cacheFirst(expireIn: nil), token: "token-2", cache: cache).shop()
        _ = try await client(transport, policy: .cacheFirst(expireIn: nil), country: "FR", cache: cache).shop()
        _ = try await client(transport, policy: .cacheFirst(expireIn: nil), cache: cache).shop()
        #expect(await transport.requests.count == 3)
        #expect(await cache.count == 3)
    }

    @Test func purgeForgetsEverything() async throws {
        let transport = ScriptedTransport([.json(Self.shopJSON), .json(Self.shopJSON)])
        let storefront = client(transport, policy: .cacheFirst(expireIn: nil))
        _ = try await storefront.shop()
        await storefront.purge()
        _ = try await storefront.shop()
        #expect(await transport.requests.count == 2)
    }
}
