import Foundation
import Storefront
@testable import StorefrontServer
import Testing

/// Every cart mutation over HTTP; after each, the cart the client sees is the embedded storefront's.
struct CartFlowTests {
    func variants(_ server: LoopbackServer) async throws -> (String, String) {
        let espresso = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
        return (espresso.variants[0].id, espresso.variants[1].id)
    }

    @Test func everyMutationRoundTrips() async throws {
        try await withServer { server async throws in
            let client = server.client()
            let (first, second) = try await variants(server)
            func expectSameCart(_ payload: CartPayload, sourceLocation: SourceLocation = #_sourceLocation) async throws {
                #expect(payload.userErrors.isEmpty, sourceLocation: sourceLocation)
                let cart = try #require(payload.cart, sourceLocation: sourceLocation)
                #expect(cart == (try await server.embedded.cart(id: cart.id)), sourceLocation: sourceLocation)
                #expect(try await client.cart(id: cart.id) == cart, sourceLocation: sourceLocation)
            }

            let created = try await client.cartCreate(CartInput(
                lines: [CartLineInput(merchandiseId: first, quantity: 1, attributes: [Attribute(key: "gift", value: "yes")])],
                buyerIdentity: BuyerIdentity(email: "ada@example.com", countryCode: "NL"),
                discountCodes: ["WELCOME10"], note: "Ring twice"))
            try await expectSameCart(created)
            let cart = try #require(created.cart)
            #expect(cart.discountCodes == [CartDiscountCode(code: "WELCOME10", applicable: true)])
            #expect(cart.cost.totalAmount < cart.cost.subtotalAmount)

            let added = try await client.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: second, quantity: 2)])
            try await expectSameCart(added)
            let lines = try #require(added.cart?.lines)
            #expect(lines.count == 2)

            try await expectSameCart(try await client.cartLinesUpdate(cartId: cart.id, lines: [CartLineUpdateInput(id: lines[0].id, quantity: 3)]))
            let removed = try await client.cartLinesRemove(cartId: cart.id, lineIds: [lines[1].id])
            try await expectSameCart(removed)
            #expect(removed.cart?.totalQuantity == 3)

            let identified = try await client.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(email: "ada@example.com", phone: "+31205550100", countryCode: "NL"))
            try await expectSameCart(identified)
            #expect(identified.cart?.buyerIdentity.phone == "+31205550100")

            let unknownCode = try await client.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: ["NOT-A-CODE"])
            try await expectSameCart(unknownCode)
            #expect(unknownCode.cart?.discountCodes == [CartDiscountCode(code: "NOT-A-CODE", applicable: false)])

            let noted = try await client.cartNoteUpdate(cartId: cart.id, note: "Leave with the neighbours")
            try await expectSameCart(noted)
            #expect(noted.cart?.note == "Leave with the neighbours")
        }
    }

    @Test func userErrorsAndWarningsAreValuesNotErrors() async throws {
        try await withServer { server async throws in
            let client = server.client()
            let (first, _) = try await variants(server)
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: first)])).cart)

            let bad = try await client.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: "gid://shopify/ProductVariant/0")])
            let direct = try await server.embedded.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: "gid://shopify/ProductVariant/0")])
            #expect(!bad.userErrors.isEmpty)
            #expect(bad.userErrors == direct.userErrors)
            #expect(bad.cart == nil && direct.cart == nil, "refused input answers no cart, as the API does")
            #expect(try await client.cart(id: cart.id)?.lines == cart.lines)

            let tooMany = try await client.cartLinesUpdate(cartId: cart.id, lines: [CartLineUpdateInput(id: cart.lines[0].id, quantity: 900)])
            #expect(tooMany.warnings.map(\.code) == [.merchandiseNotEnoughStock])
            #expect(tooMany.warnings.first?.target == cart.lines[0].id)
        }
    }

    /// The shop's codes over HTTP: order discounts do not stack unless both allow it, a first-order
    /// code needs to know the customer, and each refusal comes back as the embedded store's warning.
    @Test func discountRulesAreTheSameOverHTTP() async throws {
        try await withServer { server async throws in
            let client = server.client()
            let (first, _) = try await variants(server)
            // 1 kg of the house espresso: €42.00 a bag, three bags pass BREWDAY20's €100.
            let espresso = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let kilo = try #require(espresso.variants.first { $0.title.hasPrefix("1 kg") }).id
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: kilo, quantity: 3),
                                                                                  CartLineInput(merchandiseId: first)])).cart)
            let payload = try await client.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: ["BREWDAY20", "FIKA5", "WELCOME10", "NOPE"])
            let direct = try await server.embedded.cart(id: cart.id)
            #expect(payload.cart == direct)
            #expect(payload.cart?.discountCodes.map(\.applicable) == [true, false, false, false])
            #expect(payload.warnings.map(\.message) == [
                "FIKA5: does not combine with BREWDAY20",
                "WELCOME10: first order only: log in first",
                "NOPE: unknown code",
            ])
            #expect(payload.warnings.map(\.code) == [.discountCodeNotHonoured, .discountEligibleCustomerMissing, .discountNotFound])
            // FIKA5 and WELCOME10 both combine with order discounts: with an email, they stack.
            _ = try await client.cartBuyerIdentityUpdate(cartId: cart.id, buyerIdentity: BuyerIdentity(email: "new@example.com"))
            let stacked = try await client.cartDiscountCodesUpdate(cartId: cart.id, discountCodes: ["WELCOME10", "FIKA5"])
            #expect(stacked.cart?.discountCodes.map(\.applicable) == [true, true] && stacked.warnings.isEmpty)
            let subtotal = try #require(stacked.cart?.cost.subtotalAmount)
            #expect(stacked.cart?.cost.totalAmount == (subtotal - subtotal.multiplied(by: Decimal(string: "0.1")!) - Money(amount: 5, currencyCode: "EUR")).rounded())
        }
    }

    @Test func aCartThatDoesNotExistIsNil() async throws {
        try await withServer { server async throws in
            #expect(try await server.client().cart(id: "gid://shopify/Cart/nope?key=0") == nil)
            let payload = try await server.client().cartNoteUpdate(cartId: "gid://shopify/Cart/nope?key=0", note: "x")
            #expect(payload.cart == nil)
            #expect(payload.userErrors.map(\.code) == [.invalid])
        }
    }
}

/// The checkout side of a shop reached over the API: carts found from their checkout URL. A shop
/// without a discovery document (a Shopify shop) takes payment in its web checkout, and placing an
/// order here says where; `storefront serve` is the shop and takes the order over HTTP.
struct StorefrontAPICheckoutBackendTests {
    func draft(for cart: Cart, session: String) -> CheckoutCompletion {
        CheckoutCompletion(checkoutSessionId: session, cartId: cart.id, email: "ada@example.com", payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242"))
    }

    @Test func aShopWithoutTerminalOrdersSendsTheBuyerToItsWebCheckout() async throws {
        try await withServer { server async throws in
            let client = server.client()
            let backend = StorefrontAPICheckoutBackend(storefront: client)
            let variant = try #require(try await server.embedded.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)])).cart)
            #expect(backend.cartId(forCheckoutURL: cart.checkoutUrl) == cart.id)
            #expect(backend.cartId(forCheckoutURL: "https://example.com/products/x") == nil)
            #expect(try await backend.checkoutState(cartId: cart.id) == .open)
            #expect(try await backend.cart(id: cart.id) == cart)
            #expect(try await backend.cart(id: "gid://shopify/Cart/gone?key=0") == nil)
            #expect(try await backend.orderPlacement(cartId: cart.id, checkoutURL: cart.checkoutUrl) == .webCheckout(url: cart.checkoutUrl))
            await #expect(throws: OrderPlacementError.webCheckoutRequired(url: cart.checkoutUrl)) {
                try await backend.placeOrder(draft(for: cart, session: "s"))
            }
            #expect(try await backend.orders().isEmpty)
            #expect(try await server.embedded.orders().isEmpty)
        }
    }

    @Test func theLocalShopTakesTheOrderCompletesTheCartAndTakesStock() async throws {
        try await withServer(takesOrders: true) { server async throws in
            let client = server.client()
            let discovery = try #require(try await client.discovery())
            #expect(discovery.checkoutOrders?.absoluteString == server.url.absoluteString.replacingOccurrences(
                of: GraphQLEndpoint.path, with: CheckoutEndpoint.Path.orders))
            #expect(discovery.customerAccount == nil)

            let backend = StorefrontAPICheckoutBackend(storefront: client)
            let before = try #require(try await client.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: before.id, quantity: 2)])).cart)
            #expect(try await backend.orderPlacement(cartId: cart.id, checkoutURL: cart.checkoutUrl) == .here)

            let order = try await backend.placeOrder(draft(for: cart, session: "session-1"))
            #expect(order.name == "#1001" && order.draft.lineItems.map(\.quantity) == [2])
            #expect(order.financialStatus == "PAID" && order.fulfillmentStatus == "UNFULFILLED")
            #expect(try await server.embedded.orders() == [order])
            // The same session again is the same order; the cart is completed, as the API shows it.
            #expect(try await backend.placeOrder(draft(for: cart, session: "session-1")) == order)
            #expect(try await client.cart(id: cart.id) == nil)
            #expect(try await backend.checkoutState(cartId: cart.id) == .completed)
            await #expect(throws: OrderPlacementError.refused(code: "cart_completed", message: "Checkout already completed")) {
                try await backend.placeOrder(draft(for: cart, session: "session-2"))
            }
            let after = try #require(try await client.product(handle: "house-espresso-blend")?.variants.first)
            #expect(after.quantityAvailable == before.quantityAvailable.map { $0 - 2 })
        }
    }

    /// The shop prices the order from the cart it keeps: a body carrying amounts, a currency or
    /// lines is refused before anything is read, and what is recorded is the shop's own total.
    @Test func ordersArePricedByTheShopAndABodyWithPricesIsRefused() async throws {
        try await withServer(takesOrders: true) { server async throws in
            let client = server.client()
            let variant = try #require(try await client.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id, quantity: 3)])).cart)
            let url = try #require(try await client.discovery()?.checkoutOrders)
            func post(_ object: [String: Any]) async throws -> (status: Int, body: [String: Any]) {
                let response = try await HTTPClientTransport().send(TransportRequest(
                    url: url, method: "POST", headers: [("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)],
                    body: try JSONSerialization.data(withJSONObject: object)))
                return (response.status, (try JSONSerialization.jsonObject(with: response.body) as? [String: Any]) ?? [:])
            }
            let named: [String: Any] = ["checkoutSessionId": "cheap", "cartId": cart.id,
                                        "payment": ["vaultToken": "v", "brand": "Visa", "lastFourDigits": "4242"]]
            for extra: [String: Any] in [["total": ["amount": "0.01", "currencyCode": "EUR"]], ["subtotal": ["amount": "0.01", "currencyCode": "EUR"]],
                                         ["lineItems": [["quantity": 1]]], ["currencyCode": "USD"]] {
                let refused = try await post(named.merging(extra) { kept, _ in kept })
                #expect(refused.status == 400 && refused.body["code"] as? String == "client_pricing_refused", "\(extra.keys)")
            }
            var paidLess = named
            paidLess["payment"] = ["vaultToken": "v", "amount": ["amount": "0.01", "currencyCode": "EUR"]]
            #expect(try await post(paidLess).body["code"] as? String == "client_pricing_refused")
            #expect(try await server.embedded.orders().isEmpty, "nothing was recorded")

            let placed = try await post(named.merging(["deliveryOptionHandle": "express"]) { kept, _ in kept })
            #expect(placed.status == 200)
            let order = try #require(try await server.embedded.orders().first)
            let lines = (variant.price * 3).rounded()
            #expect(order.draft.subtotal == lines && order.draft.shipping == Money("14.90", currencyCode: "EUR"))
            #expect(order.draft.total == lines + Money(amount: Decimal(string: "14.90") ?? 0, currencyCode: "EUR"))
            #expect(order.draft.payment?.amount == order.draft.total && order.draft.shippingMethod == "Express")
            #expect(order.draft.lineItems.map(\.quantity) == [3])
        }
    }

    /// A guest's orders over `serve` are the ledger's: the terminal keeps the checkout sessions it
    /// paid, and after a restart asks the shop for their orders; another terminal sees none of them.
    @Test func aGuestsOrdersAreFoundInTheLedgerAfterARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("guest-orders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withServer(takesOrders: true) { server async throws in
            let client = server.client()
            func backend(_ folder: String) -> StorefrontAPICheckoutBackend {
                StorefrontAPICheckoutBackend(storefront: client, paidSessions: RemoteOrderSessions(
                    directory: directory.appendingPathComponent(folder), endpoint: server.url))
            }
            let variant = try #require(try await client.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)])).cart)
            let placed = try await backend("here").placeOrder(draft(for: cart, session: "paid-here"))
            let other = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)])).cart)
            _ = try await backend("elsewhere").placeOrder(draft(for: other, session: "paid-elsewhere"))

            let restarted = try await backend("here").orders()
            #expect(restarted == [placed])
            #expect(restarted.first?.draft.total == variant.price + Money(amount: Decimal(string: "5.90") ?? 0, currencyCode: "EUR"))
            #expect(try await backend("nowhere").orders().isEmpty)
            let url = try #require(try await client.discovery()?.checkoutOrders)
            await #expect(throws: StorefrontError.self) {
                try await client.orders(checkoutSessions: (0...CheckoutEndpoint.maximumSessions).map { "s\($0)" }, at: url)
            }
        }
    }

    /// A signed-in customer's cart, read by the checkout over the API, carries the customer's name
    /// and address (the checkout fills "Name on card" and delivery from them, as embedded).
    @Test func theCheckoutReadsTheSignedInCustomerOverTheAPI() async throws {
        try await withServer(takesOrders: true) { server async throws in
            let account = await AccountEndpoint.serving(server.embedded, configuration: AccountAuthority.Configuration())
            let token = await account.authority.issueForCustomer(DemoCustomer.customer, clientId: "app", scope: "openid").accessToken.rawValue
            let client = server.client()
            let variant = try #require(try await client.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)],
                                                                          buyerIdentity: BuyerIdentity(customerAccessToken: token))).cart)
            let read = try #require(try await StorefrontAPICheckoutBackend(storefront: client).checkoutCart(id: cart.id))
            let customer = try #require(read.buyerIdentity.customer)
            #expect(customer.firstName == "Ada" && customer.lastName == "Lovelace")
            #expect(customer.defaultAddress?.address1 == "Keizersgracht 123")
        }
    }

    /// A delivery option the address's country does not have is refused, naming what it has.
    @Test func aDeliveryOptionOfAnotherCountryIsRefused() async throws {
        try await withServer(takesOrders: true) { server async throws in
            let variant = try #require(try await server.embedded.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await server.embedded.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)])).cart)
            var request = draft(for: cart, session: "abroad")
            request.shippingAddress = MailingAddress(lastName: "Hopper", address1: "1 Navy Yard", city: "Arlington", countryCode: "US", postalCode: "22202")
            request.deliveryOptionHandle = "pickup"
            await #expect(throws: OrderPlacementError.refused(code: "invalid_cart",
                                                             message: "\"pickup\" is not a delivery option for US (international, international-express).")) {
                try await server.embedded.placeOrder(request)
            }
            request.deliveryOptionHandle = "international"
            let order = try await server.embedded.placeOrder(request)
            #expect(order.draft.shipping == Money("19.90", currencyCode: "EUR"))
            #expect(order.draft.total == variant.price + Money(amount: Decimal(string: "19.90") ?? 0, currencyCode: "EUR"))
        }
    }

    /// A gift card pays an order up to what is left on it, shipping included; the card pays the
    /// rest; the next cart with the same code sees the lower balance, and a spent card is refused.
    @Test func anOrderPaidPartlyByAGiftCardLowersItsBalance() async throws {
        try await withServer(takesOrders: true) { server async throws in
            let client = server.client()
            let backend = StorefrontAPICheckoutBackend(storefront: client)
            let variant = try #require(try await client.product(handle: "house-espresso-blend")?.variants.first)
            // The app's own documents do not ask for gift cards: carts are made in the shop serve answers for.
            func cart(_ code: String) async throws -> Cart {
                try #require(try await server.embedded.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id, quantity: 2)],
                                                                             giftCardCodes: [code])).cart)
            }
            /// The first gift card on a new cart with `code`, over the API: its balance before the cart uses it.
            func balance(_ code: String) async throws -> (errors: [String], left: Decimal?) {
                let body = try JSONSerialization.data(withJSONObject: ["query": """
                    mutation { cartCreate(input: {giftCardCodes: ["\(code)"]}) {
                      cart { appliedGiftCards { amountUsed { amount } balance { amount } } } userErrors { code message } } }
                    """])
                let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
                    ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
                let json = try JSONSerialization.jsonObject(with: response.body) as? [String: Any]
                let payload = try #require((json?["data"] as? [String: Any])?["cartCreate"] as? [String: Any])
                let errors = (payload["userErrors"] as? [[String: Any]] ?? []).map { "\($0["code"] ?? "") \($0["message"] ?? "")" }
                let card = ((payload["cart"] as? [String: Any])?["appliedGiftCards"] as? [[String: Any]])?.first
                func amount(_ key: String) -> Decimal? { ((card?[key] as? [String: Any])?["amount"] as? String).flatMap { Decimal(string: $0) } }
                return (errors, amount("balance").flatMap { left in amount("amountUsed").map { left + $0 } })
            }
            // The shop charges standard delivery at home (5.90 under 75): the gift card pays it too.
            func paid(_ cart: Cart, _ session: String) -> CheckoutCompletion { draft(for: cart, session: session) }
            let first = try await cart("KESTREL-GIFT-2500")
            let total = first.cost.totalAmount + Money("5.90", currencyCode: "EUR")!
            #expect(total.amount > 25)
            let order = try await backend.placeOrder(paid(first, "gift-1"))
            #expect(order.giftCardPayments == [GiftCardPayment(giftCardId: first.appliedGiftCards[0].id, lastCharacters: "2500",
                                                               amount: Money("25", currencyCode: "EUR")!)])
            #expect(order.draft.payment?.amount == total - Money("25", currencyCode: "EUR")!, "the card pays what the gift card leaves")
            #expect(try await balance("KESTREL-GIFT-2500").errors == ["INVALID The gift card ending in 2500 has no balance left."])

            #expect(try await balance("KESTREL-GIFT-10K0").left == 100)
            _ = try await backend.placeOrder(paid(try await cart("KESTREL-GIFT-10K0"), "gift-2"))
            #expect(try await balance("KESTREL-GIFT-10K0").left == 100 - total.amount, "what the order left")
        }
    }

    @Test func theLocalShopChecksTheTokenAndTheDraft() async throws {
        try await withServer(takesOrders: true) { server async throws in
            let wrongToken = StorefrontAPICheckoutBackend(storefront: server.client(token: "wrong"))
            let url = try #require(try await server.client().discovery()?.checkoutOrders)
            let variant = try #require(try await server.embedded.product(handle: "house-espresso-blend")?.variants.first)
            let cart = try #require(try await server.client().cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id)])).cart)
            await #expect(throws: StorefrontError.self) { try await wrongToken.storefront.placeOrder(draft(for: cart, session: "x"), at: url) }
            var unknown = draft(for: cart, session: "y")
            unknown.cartId = "gid://shopify/Cart/nope?key=0"
            await #expect(throws: OrderPlacementError.refused(code: "invalid_cart", message: "This store has no cart gid://shopify/Cart/nope?key=0.")) {
                try await server.client().placeOrder(unknown, at: url)
            }
            #expect(try await server.embedded.orders().isEmpty)
        }
    }
}

/// Delivery chosen on the cart over HTTP reaches checkout: the client's cart carries the selected
/// address and option, and an order placed for it charges the option's price in the cart's currency.
struct CartDeliveryCheckoutTests {
    func post(_ server: LoopbackServer, _ query: String, _ variables: [String: Any]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: ["query": query, "variables": variables])
        let response = try await HTTPClientTransport().send(TransportRequest(url: server.url, headers: [
            ("Content-Type", "application/json"), (GraphQLEndpoint.tokenHeader, LoopbackServer.token)], body: body))
        return try #require((try JSONSerialization.jsonObject(with: response.body) as? [String: Any])?["data"] as? [String: Any])
    }

    /// At home in euros (express), and to Japan in yen (international express, whole yen).
    @Test(arguments: [("NL", "EUR", "express", "14.90"), ("JP", "JPY", "international-express", "3990")])
    func theOptionPickedOnTheCartIsTheOneCheckoutStartsFrom(country: String, currency: String, handle: String, price: String) async throws {
        try await withServer(takesOrders: true) { server async throws in
            let client = server.client()
            let variant = try #require(try await client.product(handle: "house-espresso-blend")?.variants.first)
            let created = try await post(server, """
                mutation($input: CartInput!) { cartCreate(input: $input) { cart { id } userErrors { message } } }
                """, ["input": ["lines": [["merchandiseId": variant.id, "quantity": 1]], "buyerIdentity": ["countryCode": country],
                                "delivery": ["addresses": [["selected": true, "address": ["deliveryAddress": [
                                    "firstName": "Ada", "lastName": "Lovelace", "address1": "Street 1", "city": "City",
                                    "zip": "1000", "countryCode": country]]]]]]])
            let cartId = try #require(((created["cartCreate"] as? [String: Any])?["cart"] as? [String: Any])?["id"] as? String)
            let before = try #require(try await client.cart(id: cartId))
            let group = try #require(before.deliveryGroups.first)
            let picked = try await post(server, """
                mutation($cartId: ID!, $options: [CartSelectedDeliveryOptionInput!]!) {
                  cartSelectedDeliveryOptionsUpdate(cartId: $cartId, selectedDeliveryOptions: $options) { userErrors { message } } }
                """, ["cartId": cartId, "options": [["deliveryGroupId": group.id, "deliveryOptionHandle": handle]]])
            #expect(((picked["cartSelectedDeliveryOptionsUpdate"] as? [String: Any])?["userErrors"] as? [Any])?.isEmpty == true)

            // What the checkout reads over the API is what the shop holds.
            let backend = StorefrontAPICheckoutBackend(storefront: client)
            let cart = try #require(try await backend.cart(id: cartId))
            let shopCart = try #require(try await server.embedded.cart(id: cartId))
            #expect(cart.deliveryAddresses == shopCart.deliveryAddresses && cart.deliveryGroups == shopCart.deliveryGroups)
            #expect(cart.cost == shopCart.cost)
            #expect(cart.deliveryAddresses.first { $0.selected }?.address.countryCode == country)
            let option = try #require(cart.deliveryGroups.first?.selectedDeliveryOption)
            #expect(option.handle == handle)
            #expect(option.estimatedCost == Money(price, currencyCode: currency), "the rates in the cart's currency")
        }
    }
}
