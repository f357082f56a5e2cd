import Foundation
import Storefront
import StorefrontServer
import Testing

/// The shop sells in NL (EUR), US (USD), GB (GBP) and JP (JPY): over HTTP with `@inContext` and
/// embedded through `inContext(_:)`, a buyer sees the same prices, availability and text.
struct MarketTests {
    static let japan = BuyerContext(country: "JP")

    @Test(arguments: ["NL", "US", "GB", "JP"])
    func everyReadGivesTheSamePricesOverHTTPAndEmbedded(country: String) async throws {
        try await withServer { server async throws in
            let context = BuyerContext(country: country)
            let remote = server.client().inContext(context)
            let embedded = server.embedded.inContext(context)
            let product = try #require(try await embedded.product(handle: "house-espresso-blend"))
            #expect(try await remote.product(handle: "house-espresso-blend") == product)
            #expect(try await remote.collectionProducts(handle: "coffee", page: .first(12), sortKey: .price, reverse: false)
                == (try await embedded.collectionProducts(handle: "coffee", page: .first(12), sortKey: .price, reverse: false)))
            #expect(try await remote.collections(.first(3), sortKey: .title, productPreview: 3)
                == (try await embedded.collections(.first(3), sortKey: .title, productPreview: 3)))
            #expect(try await remote.search(query: "tea", page: .first(5)) == (try await embedded.search(query: "tea", page: .first(5))))
            #expect(try await remote.localization() == (try await embedded.localization()))
            let currency = ["NL": "EUR", "US": "USD", "GB": "GBP", "JP": "JPY"][country]
            #expect(product.variants.allSatisfy { $0.price.currencyCode == currency })
        }
    }

    @Test func pricesFollowTheCatalogsRulesInEachMarket() async throws {
        let store = try EmbeddedStorefront(stateDirectory: FileManager.default.temporaryDirectory
            .appendingPathComponent("markets-\(UUID().uuidString)"))
        func price(_ handle: String, _ country: String, variant: Int = 0) async throws -> String? {
            try await store.inContext(BuyerContext(country: country)).product(handle: handle)?.variants[variant].price.formatted
        }
        // €12.50: an explicit $13.50, £10.75 rounded up to £11.00, ¥2,062.5 rounded up to ¥2,070.
        #expect(try await price("house-espresso-blend", "NL") == "€12.50")
        #expect(try await price("house-espresso-blend", "US") == "$13.50")
        #expect(try await price("house-espresso-blend", "GB") == "£11.00")
        #expect(try await price("house-espresso-blend", "JP") == "¥2,070")
        // The 1 kg bag has no explicit US price: €42.00 × 1.10 = $46.20, up to $46.50.
        let kilo = try #require(try await store.product(handle: "house-espresso-blend")?.variants.firstIndex { $0.title.hasPrefix("1 kg") })
        #expect(try await price("house-espresso-blend", "US", variant: kilo) == "$46.50")
        #expect(try await price("uji-ceremonial-matcha", "JP") == "¥3,800")
        // A country the shop does not sell in sees the shop's own prices, as the API answers.
        #expect(try await price("house-espresso-blend", "DE") == "€12.50")
    }

    /// As the Storefront API leaves a product out of a market it is not published to: not in a
    /// collection, a search or a preview, and `product(handle:)` is null; the same over HTTP and embedded.
    @Test(arguments: [("NL", true), ("GB", true), ("US", false), ("JP", false)])
    func aProductNotSoldInAMarketIsNotThere(country: String, sold: Bool) async throws {
        try await withServer { server async throws in
            let context = BuyerContext(country: country)
            for client in [server.client().inContext(context), server.embedded.inContext(context)] {
                let product = try await client.product(handle: "cold-brew-concentrate")
                #expect((product != nil) == sold, "cold brew in \(country)")
                #expect(product.map(\.availableForSale) ?? true, "for sale where it is sold")
                let coffee = try await client.collectionProducts(handle: "coffee", page: .first(25), sortKey: .collectionDefault, reverse: false)
                #expect(coffee.nodes.contains { $0.handle == "cold-brew-concentrate" } == sold)
                #expect(coffee.nodes.count == (sold ? 12 : 11))
                let found = try await client.search(query: "cold brew", page: .first(10))
                #expect(found.nodes.contains { $0.handle == "cold-brew-concentrate" } == sold)
                let id = try #require(try await server.embedded.product(handle: "cold-brew-concentrate")).id
                #expect((try await client.product(id: id) != nil) == sold)
            }
        }
    }

    /// A cart moved to a country that does not sell one of its lines keeps the line (moving back
    /// loses nothing), and the shop refuses the order, naming it.
    @Test func anOrderInACountryThatDoesNotSellALineIsRefused() async throws {
        try await withServer(takesOrders: true) { server async throws in
            let client = server.client()
            let coldBrew = try #require(try await client.product(handle: "cold-brew-concentrate")).variants[0].id
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: coldBrew)])).cart)
            let japanese = try #require(try await client.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(countryCode: "JP")).cart)
            #expect(japanese.lines.count == 1 && japanese.cost.totalAmount.currencyCode == "JPY")
            let url = try #require(try await client.discovery()?.checkoutOrders)
            let draft = StorefrontAPICheckoutBackendTests().draft(for: japanese, session: "jp")
            await #expect(throws: OrderPlacementError.refused(code: "invalid_cart", message: "Cold Brew Concentrate, 1 L is not sold in Japan.")) {
                try await client.placeOrder(draft, at: url)
            }
            let dutch = try #require(try await client.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(countryCode: "NL")).cart)
            #expect(dutch.lines.map(\.quantity) == [1])
            #expect(try await client.placeOrder(StorefrontAPICheckoutBackendTests().draft(for: dutch, session: "nl"), at: url).name == "#1001")
        }
    }

    @Test func textFollowsTheLanguageWhereTheCatalogHasATranslation() async throws {
        try await withServer { server async throws in
            let japanese = try #require(try await server.client().inContext(Self.japan).product(handle: "sencha-asamushi"))
            #expect(japanese.title == "浅蒸し煎茶")
            let english = try #require(try await server.client().inContext(BuyerContext(country: "JP", language: "EN"))
                .product(handle: "sencha-asamushi"))
            #expect(english.title == "煎茶 Sencha Asamushi")
            let dutch = try #require(try await server.client().inContext(BuyerContext(country: "NL", language: "NL"))
                .product(handle: "house-espresso-blend"))
            #expect(dutch.title == "Huisblend espresso" && dutch.variants[0].price.formatted == "€12.50")
            // No translation: the catalog's own text.
            #expect(try await server.client().inContext(Self.japan).product(handle: "gooseneck-kettle")?.title == "Gooseneck Kettle 0.9 L")
        }
    }

    @Test func localizationListsTheCountriesWithTheirCurrencies() async throws {
        try await withServer { server async throws in
            let body = try JSONSerialization.data(withJSONObject: ["query": """
                query @inContext(country: JP) { localization {
                  availableCountries { isoCode name currency { isoCode symbol name } }
                  country { isoCode currency { isoCode } } language { isoCode endonymName }
                  availableLanguages { isoCode }
                } }
                """])
            let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
                ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
            let answer = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            let localization = try #require((answer["data"] as? [String: Any])?["localization"] as? [String: Any])
            let countries = try #require(localization["availableCountries"] as? [[String: Any]])
            #expect(countries.compactMap { $0["isoCode"] as? String } == ["NL", "US", "GB", "JP"])
            let symbols = countries.compactMap { ($0["currency"] as? [String: Any])?["symbol"] as? String }
            #expect(symbols == ["€", "$", "£", "¥"])
            #expect((localization["country"] as? [String: Any])?["isoCode"] as? String == "JP")
            #expect((localization["language"] as? [String: Any])?["endonymName"] as? String == "日本語")
            #expect((localization["availableLanguages"] as? [[String: Any]])?.compactMap { $0["isoCode"] as? String } == ["EN", "JA"])
        }
    }

    /// Each country's units, default language and market (deprecated, still answered), as the
    /// embedded store has them.
    @Test func countriesSayTheirUnitsLanguageAndMarket() async throws {
        try await withServer { server async throws in
            let body = try JSONSerialization.data(withJSONObject: ["query": """
                query @inContext(country: US) { localization {
                  availableCountries { isoCode unitSystem defaultLanguage { isoCode } availableLanguages { isoCode } currency { isoCode }
                                       market { id handle } }
                  market { id handle metafield(namespace: "custom", key: "x") { value } metafields(identifiers: [{namespace: "custom", key: "x"}]) { value } }
                } }
                """])
            let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
                ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
            let answer = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
            #expect(answer["errors"] == nil, "\(answer["errors"] ?? "")")
            let localization = try #require((answer["data"] as? [String: Any])?["localization"] as? [String: Any])
            let countries = try #require(localization["availableCountries"] as? [[String: Any]])
            #expect(countries.map { $0["unitSystem"] as? String } == ["METRIC_SYSTEM", "IMPERIAL_SYSTEM", "METRIC_SYSTEM", "METRIC_SYSTEM"])
            #expect(countries.map { ($0["defaultLanguage"] as? [String: Any])?["isoCode"] as? String } == ["NL", "EN", "EN", "JA"])
            let markets = countries.compactMap { $0["market"] as? [String: Any] }
            #expect(markets.map { $0["handle"] as? String } == ["netherlands", "united-states", "united-kingdom", "japan"])
            #expect(Set(markets.compactMap { $0["id"] as? String }).count == 4)
            let embedded = try await server.embedded.localization().availableCountries
            #expect(markets.map { $0["id"] as? String } == embedded.map(\.marketId) && embedded.map(\.unitSystem) == countries.map { $0["unitSystem"] as? String })
            let active = try #require(localization["market"] as? [String: Any])
            #expect(active["handle"] as? String == "united-states" && active["id"] as? String == markets[1]["id"] as? String)
            // A market keeps no metafields: one null per identifier asked for.
            #expect(active["metafield"] is NSNull && (active["metafields"] as? [Any]).map { $0.count == 1 && $0[0] is NSNull } == true)
        }
    }

    @Test func aCartIsPricedInItsBuyersCountryAndFollowsAChange() async throws {
        try await withServer { server async throws in
            let client = server.client().inContext(Self.japan)
            let product = try #require(try await client.product(handle: "uji-ceremonial-matcha"))
            let created = try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: product.variants[0].id, quantity: 2)]))
            let cart = try #require(created.cart)
            #expect(cart.buyerIdentity.countryCode == "JP")
            #expect(cart.cost.subtotalAmount == Money(amount: 7600, currencyCode: "JPY"))
            #expect(try await server.embedded.inContext(Self.japan).cart(id: cart.id) == (try await client.cart(id: cart.id)))
            #expect(cart.lines[0].merchandise.productTitle == "宇治抹茶（茶道用）")
            let british = try #require(try await client.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(countryCode: "GB")).cart)
            // £20.64 a tin, up to £21.00.
            #expect(british.cost.subtotalAmount == Money(amount: 42, currencyCode: "GBP"))
            #expect(british.lines[0].cost.amountPerQuantity.formatted == "£21.00")
        }
    }
}

extension MarketTests {
    @Test func aCartInAMarketRefusesWhatIsNotSoldThere() async throws {
        try await withServer { server async throws in
            let coldBrew = try #require(try await server.embedded.product(handle: "cold-brew-concentrate")).variants[0].id
            let client = server.client().inContext(BuyerContext(country: "US"))
            let refused = try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: coldBrew)]))
            #expect(refused.cart == nil)
            #expect(refused.userErrors.map(\.message) == ["Cold Brew Concentrate, 1 L is not sold in United States."])
            let dutch = try #require(try await server.client().inContext(BuyerContext(country: "NL"))
                .cartCreate(CartInput(lines: [CartLineInput(merchandiseId: coldBrew)])).cart)
            #expect(dutch.lines.count == 1 && dutch.cost.totalAmount.formatted == "€14.00")
        }
    }

    /// A store in a market takes every cart mutation the shop takes, not only the app's own.
    @Test func aCartInAMarketTakesAttributesDeliveryAndGiftCards() async throws {
        try await withServer { server async throws in
            let japan = server.embedded.inContext(Self.japan)
            let product = try #require(try await japan.product(handle: "uji-ceremonial-matcha"))
            let cart = try #require(try await japan.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: product.variants[0].id)])).cart)
            let noted = try await japan.cartAttributesUpdate(cartId: cart.id, attributes: [Attribute(key: "gift", value: "yes")])
            #expect(noted.userErrors.isEmpty && noted.cart?.cost.totalAmount.currencyCode == "JPY", "\(noted.userErrors)")
            let address = CartSelectableAddressInput(address: MailingAddress(countryCode: "JP"), selected: true)
            let delivered = try await japan.cartDeliveryAddressesAdd(cartId: cart.id, addresses: [address])
            #expect(delivered.userErrors.isEmpty && delivered.cart != nil, "\(delivered.userErrors)")
            let unknown = try await japan.cartGiftCardCodesAdd(cartId: cart.id, giftCardCodes: ["NO-SUCH-CARD"])
            #expect(unknown.cart == nil && !unknown.userErrors.isEmpty)
        }
    }

    /// A gift card in the shop's currency pays a cart in another at the market's rate, and an
    /// order takes what it used off the card in the card's currency.
    @Test func aGiftCardPaysInTheBuyersCurrencyAtTheMarketsRate() async throws {
        try await withServer { server async throws in
            let japan = server.embedded.inContext(Self.japan)
            let matcha = try #require(try await japan.product(handle: "uji-ceremonial-matcha")?.variants.first { $0.title == "30 g tin" })
            #expect(matcha.price == Money("3800", currencyCode: "JPY")!)
            let cart = try #require(try await japan.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: matcha.id)],
                                                                         giftCardCodes: ["KESTREL-GIFT-2500"])).cart)
            let card = try #require(cart.appliedGiftCards.first)
            #expect(card.amountUsed == Money("3800", currencyCode: "JPY")! && card.balance == Money("325", currencyCode: "JPY")!,
                    "€25 at 165 is ¥4125")
            // The order adds international delivery (¥1,990): ¥5,790, paid by a larger card, which
            // loses ¥5,790 at 165, €35.09.
            let big = try #require(try await japan.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: matcha.id)],
                                                                        giftCardCodes: ["KESTREL-GIFT-10K0"])).cart)
            let order = try await server.embedded.placeOrder(CheckoutCompletion(checkoutSessionId: "jp-1", cartId: big.id,
                payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))
            #expect(order.draft.total == Money("5790", currencyCode: "JPY")! && order.draft.shipping == Money("1990", currencyCode: "JPY")!)
            #expect(order.giftCardPayments?.first?.amount == Money("5790", currencyCode: "JPY")!)
            #expect(order.giftCardPayments?.first?.cardAmount == Money("35.09", currencyCode: "EUR")!, "¥5790 at 165")
            let home = try #require(try await server.embedded.cartCreate(CartInput(giftCardCodes: ["KESTREL-GIFT-10K0"])).cart)
            #expect(home.appliedGiftCards.first?.balance == Money("64.91", currencyCode: "EUR")!)
        }
    }
}
