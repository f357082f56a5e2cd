import Clocks
import Foundation
import Testing
@testable import Storefront

/// Subscriptions in the embedded shop: selling plans read from the catalog (a malformed one is a
/// clear error naming its place), cart lines on a plan priced by the shop, and checkout making a
/// contract per subscribed line for a signed-in customer only, kept across restarts.
@Suite struct SubscriptionTests {
    static let groups = #"""
    [{"name": "Coffee subscription", "options": ["Delivery every"], "products": ["house-espresso", "cafe-creme"],
      "sellingPlans": [
        {"id": 11, "name": "Every 2 weeks", "options": ["2 weeks"], "interval": "WEEK", "intervalCount": 2,
         "priceAdjustments": [{"percentage": "10"}]},
        {"id": 12, "name": "Every 4 weeks", "description": "Monthly-ish.", "options": ["4 weeks"], "interval": "WEEK",
         "intervalCount": 4, "priceAdjustments": [{"fixedAmount": "1.00"}]}]},
     {"name": "Tea club", "products": ["sencha"], "requiresSellingPlan": true,
      "sellingPlans": [{"id": 21, "name": "Every month", "interval": "MONTH", "intervalCount": 1,
                        "priceAdjustments": [{"price": "8.00"}]}]}]
    """#

    /// The fixture catalog with `groups` as its selling plan groups.
    static func catalogData(groups: String = groups) -> Data {
        Data(Fixtures.catalogJSON.replacingOccurrences(
            of: #""format": "storefront-catalog""#, with: #""sellingPlanGroups": \#(groups), "format": "storefront-catalog""#).utf8)
    }

    static func catalog() throws -> StoreCatalog { try CatalogLoader.load(data: catalogData(), file: "plans.json") }

    /// Knows one customer.
    struct Directory: CustomerDirectory {
        static let token = "shcat_subscriber"
        static let customer = Customer(id: "gid://shopify/Customer/7", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace")
        func customer(accessToken: String) async throws -> Customer? { accessToken == Self.token ? Self.customer : nil }
    }

    let clock = TestClock<Duration>()
    let directory = TemporaryDirectory()

    func shop() async throws -> EmbeddedStorefront {
        let shop = EmbeddedStorefront(catalog: try Self.catalog(), stateDirectory: directory.url, now: Fixtures.dates(clock).closure)
        await shop.setCustomerDirectory(Directory())
        return shop
    }

    func variant(_ handle: String, _ index: Int = 0) throws -> ProductVariant {
        try #require(try Self.catalog().product(handle: handle)).variants[index]
    }

    func completion(_ cart: Cart, session: String = "session-1") -> CheckoutCompletion {
        CheckoutCompletion(checkoutSessionId: session, cartId: cart.id, email: "ada@example.com",
                           shippingAddress: MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "Keizersgracht 123",
                                                           city: "Amsterdam", countryCode: "NL", postalCode: "1015 CJ"),
                           payment: PaymentToken(vaultToken: "vault-1", brand: "Visa", lastFourDigits: "4242"))
    }

    // MARK: Catalog

    @Test func theCatalogPutsProductsOnTheirPlans() throws {
        let catalog = try Self.catalog()
        let espresso = try #require(catalog.product(handle: "house-espresso"))
        #expect(espresso.sellingPlanGroups.map(\.name) == ["Coffee subscription"])
        let group = try #require(espresso.sellingPlanGroups.first)
        #expect(group.options == [SellingPlanGroupOption(name: "Delivery every", values: ["2 weeks", "4 weeks"])])
        #expect(group.sellingPlans.map(\.id) == ["gid://shopify/SellingPlan/11", "gid://shopify/SellingPlan/12"])
        #expect(group.sellingPlans[0].options == [SellingPlanOption(name: "Delivery every", value: "2 weeks")])
        #expect(group.sellingPlans[1].description == "Monthly-ish.")
        #expect(!espresso.requiresSellingPlan)
        #expect(try #require(catalog.product(handle: "sencha")).requiresSellingPlan)
        #expect(try #require(catalog.product(handle: "tea-towel")).sellingPlanGroups.isEmpty)
        // 12.50 less 10 %; less 1.00; at 8.00.
        let price = espresso.variants[0].price
        #expect(group.sellingPlans[0].price(of: price).amount == Decimal(string: "11.25"))
        #expect(group.sellingPlans[1].price(of: price).amount == Decimal(string: "11.50"))
        let tea = try #require(catalog.product(handle: "sencha")?.sellingPlanGroups.first?.sellingPlans.first)
        #expect(tea.price(of: price).amount == 8)
    }

    @Test func theBundledCatalogSellsCoffeeAndTeaBySubscription() throws {
        let catalog = try CatalogLoader.bundled()
        let coffee = try #require(catalog.product(handle: "house-espresso-blend"))
        #expect(coffee.sellingPlanGroups.first?.sellingPlans.map(\.name) == ["Every 2 weeks", "Every 4 weeks"])
        #expect(try #require(catalog.product(handle: "assam-breakfast")).sellingPlanGroups.first?.sellingPlans.map(\.name) == ["Every month"])
        let others = catalog.products.filter { !["Coffee", "Tea"].contains($0.productType) }
        #expect(!others.isEmpty && others.allSatisfy { $0.sellingPlanGroups.isEmpty })
        #expect(catalog.shop.subscriptionPolicy?.title == "Subscription policy")
        #expect(catalog.shop.subscriptionPolicy?.url == "https://kestrel-and-co.example/policies/subscription-policy")
    }

    /// Each mistake is refused with what is wrong and where; nothing is taken from a catalog
    /// that is half right.
    @Test(arguments: [
        (#"[{"name": "X", "products": ["sencha"], "sellingPlans": [{"id": 1, "name": "A", "interval": "FORTNIGHT", "intervalCount": 1}]}]"#,
         "sellingPlanGroups[0].sellingPlans[0].interval", "is not an interval"),
        (#"[{"name": "X", "products": ["nope"], "sellingPlans": [{"id": 1, "name": "A", "interval": "WEEK", "intervalCount": 1}]}]"#,
         "sellingPlanGroups[0].products[0]", "no product has the handle \"nope\""),
        (#"[{"name": "X", "products": ["sencha"], "sellingPlan": []}]"#, "sellingPlanGroups[0]", "unknown field \"sellingPlan\""),
        (#"[{"name": "X", "products": ["sencha"], "sellingPlans": []}]"#, "sellingPlanGroups[0].sellingPlans", "at least one"),
        (#"[{"name": "X", "products": ["sencha"], "sellingPlans": [{"id": 1, "name": "A", "interval": "WEEK", "intervalCount": 1},"#
            + #"{"id": 1, "name": "B", "interval": "WEEK", "intervalCount": 2}]}]"#,
         "sellingPlanGroups[0].sellingPlans[1].id", "duplicate selling plan id 1"),
        (#"[{"name": "X", "options": ["Every"], "products": ["sencha"], "sellingPlans": [{"id": 1, "name": "A", "interval": "WEEK", "intervalCount": 1}]}]"#,
         "sellingPlanGroups[0].sellingPlans[0].options", "is missing"),
        (#"[{"name": "X", "products": ["sencha"], "sellingPlans": [{"id": 1, "name": "A", "interval": "WEEK", "intervalCount": 0}]}]"#,
         "sellingPlanGroups[0].sellingPlans[0].intervalCount", "whole number from 1"),
        (#"[{"name": "X", "products": ["sencha"], "sellingPlans": [{"id": 1, "name": "A", "interval": "WEEK", "intervalCount": 1,"#
            + #""priceAdjustments": [{"percentage": "110"}]}]}]"#,
         "sellingPlanGroups[0].sellingPlans[0].priceAdjustments[0].percentage", "not a percentage"),
        (#"[{"name": "X", "products": ["sencha"], "sellingPlans": [{"id": 1, "name": "A", "interval": "WEEK", "intervalCount": 1,"#
            + #""priceAdjustments": [{"percentage": "10", "price": "1.00"}]}]}]"#,
         "sellingPlanGroups[0].sellingPlans[0].priceAdjustments[0]", "exactly one"),
        (#"{"name": "X"}"#, "sellingPlanGroups", "is not a list"),
    ])
    func aMalformedGroupIsAClearError(groups: String, location: String, message: String) throws {
        do {
            _ = try CatalogLoader.load(data: Self.catalogData(groups: groups), file: "plans.json")
            Issue.record("loaded a catalog with \(groups)")
        } catch StorefrontError.catalog(let error) {
            #expect(error.location == location, "\(error)")
            #expect(error.message.contains(message), "\(error)")
        }
    }

    // MARK: Cart

    @Test func aLineOnAPlanCostsThePlansPrice() async throws {
        let shop = try await shop()
        let espresso = try variant("house-espresso")
        let payload = try await shop.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: espresso.id, quantity: 2, sellingPlanId: "gid://shopify/SellingPlan/11"),
            CartLineInput(merchandiseId: espresso.id, quantity: 1),
        ]))
        #expect(payload.userErrors.isEmpty)
        let cart = try #require(payload.cart)
        // The same variant on a plan and bought once are two lines.
        #expect(cart.lines.count == 2)
        let subscribed = cart.lines[0]
        let allocation = try #require(subscribed.sellingPlanAllocation)
        #expect(allocation.sellingPlan.id == "gid://shopify/SellingPlan/11" && allocation.sellingPlan.name == "Every 2 weeks")
        #expect(allocation.price.amount == Decimal(string: "11.25") && allocation.compareAtPrice.amount == Decimal(string: "12.50"))
        #expect(subscribed.cost.amountPerQuantity.amount == Decimal(string: "11.25"))
        #expect(subscribed.cost.totalAmount.amount == Decimal(string: "22.50"))
        #expect(cart.lines[1].sellingPlanAllocation == nil && cart.lines[1].cost.totalAmount.amount == Decimal(string: "12.50"))
        #expect(cart.cost.subtotalAmount.amount == Decimal(string: "35.00"))
    }

    @Test func anUnknownOrAnotherProductsPlanIsAUserError() async throws {
        let shop = try await shop()
        let cart = try #require(try await shop.cartCreate(CartInput()).cart)
        for (merchandise, plan) in [(try variant("house-espresso").id, "gid://shopify/SellingPlan/99"),
                                    (try variant("house-espresso").id, "gid://shopify/SellingPlan/21"),
                                    (try variant("tea-towel").id, "gid://shopify/SellingPlan/11")] {
            let payload = try await shop.cartLinesAdd(cartId: cart.id, lines: [CartLineInput(merchandiseId: merchandise, sellingPlanId: plan)])
            #expect(payload.cart == nil)
            #expect(payload.userErrors.map(\.code) == [.sellingPlanNotApplicable])
            #expect(payload.userErrors.first?.field == ["lines", "0", "sellingPlanId"])
        }
        #expect(try await shop.cart(id: cart.id)?.lines.isEmpty == true)
    }

    @Test func aProductSoldOnAPlanOnlyNeedsOne() async throws {
        let shop = try await shop()
        let sencha = try variant("sencha")
        let refused = try await shop.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: sencha.id)]))
        #expect(refused.userErrors.map(\.code) == [.variantRequiresSellingPlan])
        let taken = try await shop.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: sencha.id, sellingPlanId: "gid://shopify/SellingPlan/21")]))
        #expect(taken.cart?.lines.first?.cost.amountPerQuantity.amount == 8)
    }

    @Test func anUpdatePutsALineOnAPlan() async throws {
        let shop = try await shop()
        let cart = try #require(try await shop.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: try variant("cafe-creme").id)])).cart)
        let line = try #require(cart.lines.first)
        let updated = try await shop.cartLinesUpdate(cartId: cart.id, lines: [CartLineUpdateInput(id: line.id, sellingPlanId: "gid://shopify/SellingPlan/12")])
        #expect(updated.userErrors.isEmpty)
        #expect(updated.cart?.lines.first?.sellingPlanAllocation?.sellingPlan.name == "Every 4 weeks")
        #expect(updated.cart?.lines.first?.cost.amountPerQuantity.amount == Decimal(string: "10.50"))
        let wrong = try await shop.cartLinesUpdate(cartId: cart.id, lines: [CartLineUpdateInput(id: line.id, sellingPlanId: "gid://shopify/SellingPlan/21")])
        #expect(wrong.userErrors.map(\.code) == [.sellingPlanNotApplicable])
    }

    // MARK: Checkout and contracts

    @Test func aGuestCannotBuyASubscription() async throws {
        let shop = try await shop()
        let cart = try #require(try await shop.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: try variant("house-espresso").id, sellingPlanId: "gid://shopify/SellingPlan/11")])).cart)
        await #expect(throws: OrderPlacementError.refused(code: OrderPlacementError.accountRequired,
                                                          message: "A subscription is bought with a customer account: sign in, then check out again.")) {
            try await shop.placeOrder(completion(cart))
        }
        #expect(try await shop.orders().isEmpty)
        #expect(try await shop.checkoutState(cartId: cart.id) == .open)
    }

    @Test func checkoutRecordsThePlansPriceAndAContractPerSubscribedLine() async throws {
        let shop = try await shop()
        let espresso = try variant("house-espresso", 1)
        let cart = try #require(try await shop.cartCreate(CartInput(lines: [
            CartLineInput(merchandiseId: espresso.id, quantity: 2, sellingPlanId: "gid://shopify/SellingPlan/11"),
            CartLineInput(merchandiseId: try variant("tea-towel").id),
            CartLineInput(merchandiseId: try variant("cafe-creme").id, sellingPlanId: "gid://shopify/SellingPlan/12"),
        ], buyerIdentity: BuyerIdentity(customerAccessToken: Directory.token))).cart)
        let order = try await shop.placeOrder(completion(cart))
        // 42.00 less 10 % = 37.80 each; the towel once at 19.00; 11.50 less 1.00.
        #expect(order.draft.lineItems.map(\.price.amount) == [Decimal(string: "37.80"), 19, Decimal(string: "10.50")])
        #expect(order.draft.lineItems.map(\.sellingPlanId) == ["gid://shopify/SellingPlan/11", nil, "gid://shopify/SellingPlan/12"])
        #expect(order.draft.subtotal.amount == Decimal(string: "105.10"))
        let contracts = await shop.subscriptionContracts(ofCustomer: Directory.customer.id)
        #expect(contracts.count == 2)
        let first = try #require(contracts.first)
        #expect(first.status == .active && first.line.quantity == 2 && first.line.currentPrice.amount == Decimal(string: "37.80"))
        #expect(first.originCheckoutSessionId == "session-1" && first.interval == .week && first.intervalCount == 2)
        #expect(first.nextBillingDate(now: clock.date) == clock.date.addingTimeInterval(14 * 86_400))
        #expect(await shop.subscriptionContracts(ofCustomer: "gid://shopify/Customer/8").isEmpty)
        // The same checkout session again is the same order and makes no more contracts.
        _ = try? await shop.placeOrder(completion(cart))
        #expect(await shop.subscriptionContracts(ofCustomer: Directory.customer.id).count == 2)
        // Kept: a new storefront on the same directory has them, and their changes.
        let changed = try await shop.changeSubscriptionContract(id: first.id, ofCustomer: Directory.customer.id, .pause)
        #expect((try? changed.get())?.status == .paused)
        let reopened = try await self.shop()
        let kept = await reopened.subscriptionContracts(ofCustomer: Directory.customer.id)
        #expect(kept.map(\.id) == contracts.map(\.id))
        #expect(kept.first?.status == .paused && kept.first?.revision == 2)
    }

    @Test func onlyTheTransitionsASubscriptionAllowsAreMade() throws {
        let start = Fixtures.start
        let contract = SubscriptionContract(
            id: "gid://shopify/SubscriptionContract/1", customerId: "c", originCheckoutSessionId: "s", createdAt: start,
            sellingPlanId: "gid://shopify/SellingPlan/11", sellingPlanName: "Every 2 weeks", interval: .week, intervalCount: 2,
            line: SubscriptionLine(title: "T", variantTitle: "", merchandiseId: "m", productId: "p", quantity: 1,
                                   currentPrice: Money(amount: 10, currencyCode: "EUR")),
            deliveryPrice: .zero("EUR"), shippingAddress: nil)
        func code(_ result: Result<SubscriptionContract, SubscriptionRefusal>) -> String? {
            if case .failure(let refusal) = result { return refusal.code }
            return nil
        }
        #expect(code(SubscriptionChange.activate.applied(to: contract, now: start)) == SubscriptionRefusal.invalid)
        let paused = try SubscriptionChange.pause.applied(to: contract, now: start).get()
        #expect(paused.status == .paused)
        #expect(code(SubscriptionChange.pause.applied(to: paused, now: start)) == SubscriptionRefusal.invalid)
        #expect(try SubscriptionChange.activate.applied(to: paused, now: start).get().status == .active)
        // Skipping the next billing moves the next billing date on by one interval.
        let skipped = try SubscriptionChange.skip(cycle: 2).applied(to: contract, now: start).get()
        #expect(skipped.nextBillingDate(now: start) == start.addingTimeInterval(28 * 86_400))
        #expect(code(SubscriptionChange.skip(cycle: 1).applied(to: contract, now: start)) == SubscriptionRefusal.invalid)
        #expect(code(SubscriptionChange.skip(cycle: 2).applied(to: contract, now: start.addingTimeInterval(15 * 86_400)))
            == SubscriptionRefusal.invalid)
        let cancelled = try SubscriptionChange.cancel.applied(to: paused, now: start).get()
        #expect(cancelled.status == .cancelled && cancelled.nextBillingDate(now: start) == nil)
        #expect(code(SubscriptionChange.pause.applied(to: cancelled, now: start)) == SubscriptionRefusal.invalid)
        #expect(code(SubscriptionChange.activate.applied(to: cancelled, now: start)) == SubscriptionRefusal.invalid)
        #expect(code(SubscriptionChange.cancel.applied(to: cancelled, now: start)) == SubscriptionRefusal.terminated)
        #expect(code(SubscriptionChange.skip(cycle: 3).applied(to: cancelled, now: start)) == SubscriptionRefusal.invalid)
    }
}
