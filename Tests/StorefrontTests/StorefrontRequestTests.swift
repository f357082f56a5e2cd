import Foundation
import Testing
@testable import Storefront

/// `StorefrontClient`'s two entry points: each request carries its market, and the typed methods
/// refuse an answer of the wrong kind with an error.
@Suite struct StorefrontRequestTests {
    static let japan = BuyerContext(country: "JP")

    static func embedded() throws -> EmbeddedStorefront {
        try EmbeddedStorefront(stateDirectory: FileManager.default.temporaryDirectory
            .appendingPathComponent("storefront-requests-\(UUID().uuidString)"))
    }

    @Test func theEmbeddedShopAnswersInTheRequestsMarket() async throws {
        let store = try Self.embedded()
        guard case .product(let notSold) = try await store.query(StorefrontQuery(.productByHandle("cold-brew-concentrate"),
                                                                                 context: Self.japan)) else {
            Issue.record("not a product answer"); return
        }
        #expect(notSold == nil)
        guard case .product(let own) = try await store.query(StorefrontQuery(.productByHandle("cold-brew-concentrate"))) else {
            Issue.record("not a product answer"); return
        }
        #expect(own?.handle == "cold-brew-concentrate")
        guard case .product(let espresso) = try await store.query(StorefrontQuery(.productByHandle("house-espresso-blend"),
                                                                                  context: Self.japan)) else {
            Issue.record("not a product answer"); return
        }
        #expect(espresso?.variants.first?.price.currencyCode == "JPY")
        guard case .localization(let localization) = try await store.query(StorefrontQuery(.localization, context: Self.japan)) else {
            Issue.record("not a localization answer"); return
        }
        #expect(localization.country.isoCode == "JP")
    }

    @Test func aCartCreatedInAMarketTakesItsCountry() async throws {
        let store = try Self.embedded()
        let payload = try await store.mutate(CartMutation(.create(CartInput()), context: Self.japan))
        #expect(payload.cart?.buyerIdentity.countryCode == "JP")
        let own = try await store.mutate(CartMutation(.create(CartInput())))
        #expect(own.cart != nil && own.cart?.buyerIdentity.countryCode == nil)
    }

    @Test func aClientInAMarketStampsRequestsThatNameNone() async throws {
        let store = try Self.embedded()
        let inJapan = store.inContext(Self.japan)
        #expect(try await inJapan.product(handle: "cold-brew-concentrate") == nil)
        // A request that names its own market keeps it.
        guard case .product(let own) = try await inJapan.query(StorefrontQuery(.productByHandle("cold-brew-concentrate"),
                                                                              context: .shop)) else {
            Issue.record("not a product answer"); return
        }
        #expect(own != nil)
        // Another market replaces the first, it does not stack on it.
        #expect(try await inJapan.inContext(.shop).product(handle: "cold-brew-concentrate") != nil)
        #expect(inJapan.embeddedStorefront === store)
        #expect(inJapan.inContext(.shop) as? EmbeddedStorefront === store)
    }

    @Test func theAPIClientSendsTheRequestsMarketAsInContext() async throws {
        let shop = GraphQLStorefrontCacheTests.shopJSON
        let transport = ScriptedTransport(Array(repeating: .json(shop), count: 5))
        var configuration = GraphQLStorefront.Configuration(endpoint: URL(string: "https://aurora.example/api/2026-04/graphql.json")!,
                                                            accessToken: "token", country: "CA", cachePolicy: .networkOnly)
        configuration.retry = .instant(SleepRecorder())
        let client = GraphQLStorefront(configuration: configuration, transport: transport, cache: ResponseCache(directory: nil))

        _ = try await client.shop()
        _ = try await client.query(StorefrontQuery(.shop, context: BuyerContext(country: "JP", language: "JA")))
        _ = try await client.inContext(BuyerContext(country: "NL")).shop()
        _ = try await client.inContext(.shop).shop()
        _ = try await client.inContext(BuyerContext(country: "NL")).query(StorefrontQuery(.shop, context: Self.japan))

        let sent = await transport.stringVariables
        #expect(sent.map { $0["country"] } == ["CA", "JP", "NL", nil, "JP"])
        #expect(sent.map { $0["language"] } == [nil, "JA", nil, nil, nil])
    }

    @Test func anAnswerOfTheWrongKindIsAnErrorNotATrap() async throws {
        let client = AnswersACart()
        await #expect(throws: StorefrontError.mismatchedAnswer(request: "product(handle:)", answer: "a cart")) {
            try await client.product(handle: "kettle")
        }
        await #expect(throws: StorefrontError.mismatchedAnswer(request: "collections", answer: "a cart")) {
            try await client.collections(.first(5), sortKey: .title, productPreview: 0)
        }
        #expect(try await client.cart(id: "gid://shopify/Cart/1") == nil)
        await #expect(throws: StorefrontError.mismatchedAnswer(request: "cartMetafieldsSet", answer: "a cartMetafieldDelete payload")) {
            try await client.cartMetafieldsSet([])
        }
        #expect(StorefrontError.mismatchedAnswer(request: "shop", answer: "a cart").description
                == "The storefront answered a cart to shop.")
    }

    @Test func aStorefrontSaysWhichRequestsItDoesNotTake() async throws {
        let client = AnswersACart()
        await #expect(throws: StorefrontError.invalidArgument("this storefront does not take cartGiftCardCodesAdd")) {
            try await client.cartGiftCardCodesAdd(cartId: "gid://shopify/Cart/1", giftCardCodes: ["X"])
        }
        await #expect(throws: StorefrontError.invalidArgument("this storefront has no pictures")) {
            try await client.pictureData(url: "https://example.com/a.png", maxBytes: 10)
        }
    }
}

/// A storefront that answers every read with "no cart" and every metafield mutation with a deletion.
private struct AnswersACart: StorefrontClient {
    func query(_ request: StorefrontQuery) async throws -> StorefrontAnswer { .cart(nil) }
    func mutate(_ mutation: CartMutation) async throws -> CartPayload { throw mutation.notTaken }
    func mutate(_ mutation: CartMetafieldMutation) async throws -> CartMetafieldAnswer {
        .deleted(CartMetafieldDeletePayload(deletedId: nil))
    }
}
