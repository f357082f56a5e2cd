import CustomerAccount
import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// Subscriptions over `serve`'s Storefront API: selling plans on products and variants, a cart
/// line on a plan priced by the shop, the shop's subscription policy; each answer in the shape
/// its operation and the served schema say.
@Suite struct SellingPlanAPITests {
    func run(_ server: LoopbackServer, _ query: String, _ variables: [String: Any] = [:]) async throws -> [String: Any] {
        let json = try await server.answer(query, variables)
        #expect(json["errors"] == nil, "\(json["errors"] ?? "")")
        let data = try #require(json["data"] as? [String: Any])
        let problems = try ResponseShape(schema: try await ServedSchema.introspected()).problems(data, document: query, variables: variables)
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        return data
    }

    /// A `MoneyV2`'s amount.
    func amount(_ money: Any?) -> Decimal? { Decimal(string: (money as? [String: Any])?["amount"] as? String ?? "") }

    static let product = """
        query Product($handle: String!) {
          shop { subscriptionPolicy { id title handle url body } }
          product(handle: $handle) {
            requiresSellingPlan
            sellingPlanGroups(first: 5) {
              nodes {
                name appName
                options { name values }
                sellingPlans(first: 5) {
                  nodes {
                    id name description recurringDeliveries
                    options { name value }
                    priceAdjustments {
                      orderCount
                      adjustmentValue {
                        __typename
                        ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage }
                        ... on SellingPlanFixedAmountPriceAdjustment { adjustmentAmount { amount currencyCode } }
                        ... on SellingPlanFixedPriceAdjustment { price { amount currencyCode } }
                      }
                    }
                    billingPolicy { ... on SellingPlanRecurringBillingPolicy { interval intervalCount } }
                    deliveryPolicy { ... on SellingPlanRecurringDeliveryPolicy { interval intervalCount } }
                    checkoutCharge { type value { ... on SellingPlanCheckoutChargePercentageValue { percentage } } }
                  }
                }
              }
            }
            variants(first: 1) {
              nodes {
                id
                price { amount }
                sellingPlanAllocations(first: 5) {
                  nodes {
                    sellingPlan { id name }
                    checkoutChargeAmount { amount }
                    remainingBalanceChargeAmount { amount }
                    priceAdjustments { price { amount } compareAtPrice { amount } perDeliveryPrice { amount } unitPrice { amount } }
                  }
                }
              }
            }
          }
        }
        """

    static let cartCreate = """
        mutation Create($lines: [CartLineInput!]!) {
          cartCreate(input: {lines: $lines}) {
            cart {
              id
              cost { subtotalAmount { amount } }
              lines(first: 5) {
                nodes {
                  quantity
                  cost { amountPerQuantity { amount } totalAmount { amount } }
                  sellingPlanAllocation {
                    sellingPlan { id name }
                    priceAdjustments { price { amount } compareAtPrice { amount } }
                  }
                }
              }
            }
            userErrors { code field message }
          }
        }
        """

    @Test func productsShowTheirPlansAndEachVariantsPriceOnThem() async throws {
        try await withServer { server async throws in
            let data = try await run(server, Self.product, ["handle": "house-espresso-blend"])
            let policy = try #require((data["shop"] as? [String: Any])?["subscriptionPolicy"] as? [String: Any])
            #expect(policy["handle"] as? String == "subscription-policy" && (policy["body"] as? String)?.isEmpty == false)
            let product = try #require(data["product"] as? [String: Any])
            #expect(product["requiresSellingPlan"] as? Bool == false)
            let group = try #require(((product["sellingPlanGroups"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first)
            #expect(group["name"] as? String == "Coffee subscription" && group["appName"] is NSNull)
            #expect((group["options"] as? [[String: Any]])?.first?["values"] as? [String] == ["2 weeks", "4 weeks"])
            let plans = try #require((group["sellingPlans"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(plans.map { $0["name"] as? String } == ["Every 2 weeks", "Every 4 weeks"])
            let adjustment = try #require((plans[0]["priceAdjustments"] as? [[String: Any]])?.first?["adjustmentValue"] as? [String: Any])
            #expect(adjustment["__typename"] as? String == "SellingPlanPercentagePriceAdjustment" && adjustment["adjustmentPercentage"] as? Double == 10)
            #expect((plans[0]["billingPolicy"] as? [String: Any])?["interval"] as? String == "WEEK")
            #expect((plans[1]["deliveryPolicy"] as? [String: Any])?["intervalCount"] as? Int == 4)

            let variant = try #require(((product["variants"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first)
            let allocations = try #require((variant["sellingPlanAllocations"] as? [String: Any])?["nodes"] as? [[String: Any]])
            #expect(allocations.count == 2)
            let price = try #require((allocations[0]["priceAdjustments"] as? [[String: Any]])?.first)
            #expect(amount(price["price"]) == Decimal(string: "11.25") && amount(price["compareAtPrice"]) == Decimal(string: "12.50"))
            #expect(price["unitPrice"] is NSNull)

            let towel = try await run(server, Self.product, ["handle": "stonewashed-linen-tea-towels"])
            let none = ((towel["product"] as? [String: Any])?["sellingPlanGroups"] as? [String: Any])?["nodes"] as? [Any]
            #expect(none?.isEmpty == true)
        }
    }

    /// The shop prices the line on its plan; a plan the product does not have is a user error.
    @Test func aCartLineOnAPlanIsPricedByTheShop() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let variant = try #require(product.variants.first)
            let plan = try #require(product.sellingPlanGroups.first?.sellingPlans.last)
            let data = try await run(server, Self.cartCreate, ["lines": [
                ["merchandiseId": variant.id, "quantity": 2, "sellingPlanId": plan.id]]])
            let cart = try #require((data["cartCreate"] as? [String: Any])?["cart"] as? [String: Any])
            let line = try #require(((cart["lines"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first)
            let cost = line["cost"] as? [String: Any]
            #expect(amount(cost?["amountPerQuantity"]) == Decimal(string: "11.25") && amount(cost?["totalAmount"]) == Decimal(string: "22.50"))
            let allocation = try #require(line["sellingPlanAllocation"] as? [String: Any])
            #expect((allocation["sellingPlan"] as? [String: Any])?["name"] as? String == "Every 4 weeks")

            let tea = try #require(try await server.embedded.product(handle: "assam-breakfast")?.sellingPlanGroups.first?.sellingPlans.first)
            let refused = try await run(server, Self.cartCreate, ["lines": [["merchandiseId": variant.id, "sellingPlanId": tea.id]]])
            let payload = try #require(refused["cartCreate"] as? [String: Any])
            #expect(payload["cart"] is NSNull)
            let errors = try #require(payload["userErrors"] as? [[String: Any]])
            #expect(errors.first?["code"] as? String == "SELLING_PLAN_NOT_APPLICABLE")
            #expect(errors.first?["field"] as? [String] == ["input", "lines", "0", "sellingPlanId"]
                    || errors.first?["field"] as? [String] == ["lines", "0", "sellingPlanId"])
        }
    }
}

/// The app over `--endpoint` sees what the embedded shop has: a product's plans, a cart line's
/// plan and price; paying for a subscription as a guest is refused by the shop with a reason.
@Suite struct SubscriptionOverHTTPTests {
    @Test func theClientReadsPlansAndALinesPlanAsTheShopHasThem() async throws {
        try await withServer(takesOrders: true) { server async throws in
            let client = server.client()
            let product = try #require(try await client.product(handle: "house-espresso-blend"))
            #expect(product == (try await server.embedded.product(handle: "house-espresso-blend")))
            let plan = try #require(product.sellingPlanGroups.first?.sellingPlans.first)
            let variant = try #require(product.variants.first)
            let cart = try #require(try await client.cartCreate(CartInput(lines: [
                CartLineInput(merchandiseId: variant.id, quantity: 2, sellingPlanId: plan.id)])).cart)
            #expect(cart.lines.first?.sellingPlanAllocation == (try await server.embedded.cart(id: cart.id))?.lines.first?.sellingPlanAllocation)
            #expect(cart.lines.first?.sellingPlanAllocation?.sellingPlan == plan)
            #expect(cart.lines.first?.cost.amountPerQuantity == plan.price(of: variant.price))

            let backend = StorefrontAPICheckoutBackend(storefront: client)
            await #expect(throws: OrderPlacementError.refused(code: OrderPlacementError.accountRequired,
                                                              message: "A subscription is bought with a customer account: sign in, then check out again.")) {
                try await backend.placeOrder(CheckoutCompletion(checkoutSessionId: "guest", cartId: cart.id, email: "ada@example.com",
                                                                payment: PaymentToken(vaultToken: "v", brand: "Visa", lastFourDigits: "4242")))
            }
            #expect(try await server.embedded.orders().isEmpty)
        }
    }
}

/// Subscriptions over the Customer Account API: bought with a customer's cart, listed, paused,
/// resumed, skipped and cancelled, with user errors for what a subscription's state does not allow.
extension CustomerAccountAPITests {
    func contracts(_ signedIn: SignedIn) async throws -> [[String: Any]] {
        let data = try await run(signedIn, .subscriptionContracts)
        return try #require(((data["customer"] as? [String: Any])?["subscriptionContracts"] as? [String: Any])?["nodes"] as? [[String: Any]])
    }

    /// The payload's contract status, or its user errors' codes.
    func change(_ signedIn: SignedIn, _ operation: CustomerAccountOperation, _ id: String) async throws -> (status: String?, codes: [String]) {
        let data = try await run(signedIn, operation, ["subscriptionContractId": id])
        let payload = try #require(data.values.first as? [String: Any])
        let codes = (payload["userErrors"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
        return ((payload["contract"] as? [String: Any])?["status"] as? String, codes)
    }

    @Test func aSubscriptionIsListedPausedResumedSkippedAndCancelled() async throws {
        try await withSignedIn { signedIn in
            let order = try await placeOrder(signedIn, handle: "house-espresso-blend", quantity: 1, session: "sub-1", subscribing: true)
            let listed = try await contracts(signedIn)
            #expect(listed.count == 1)
            let contract = try #require(listed.first)
            let id = try #require(contract["id"] as? String)
            #expect(contract["status"] as? String == "ACTIVE")
            #expect((contract["billingPolicy"] as? [String: Any])?["interval"] as? String == "WEEK")
            let line = try #require(((contract["lines"] as? [String: Any])?["nodes"] as? [[String: Any]])?.first)
            #expect(Decimal(string: (line["currentPrice"] as? [String: Any])?["amount"] as? String ?? "") == order.draft.lineItems.first?.price.amount)
            let next = try #require(contract["nextBillingDate"] as? String)
            #expect(next == DateTimeValue(order.processedAt.addingTimeInterval(14 * 86_400)).text)

            let one = try await run(signedIn, .subscriptionContract, ["id": id])
            let details = try #require((one["customer"] as? [String: Any])?["subscriptionContract"] as? [String: Any])
            #expect((details["originOrder"] as? [String: Any])?["name"] as? String == order.name)

            #expect(try await change(signedIn, .subscriptionContractPause, id) == ("PAUSED", []))
            #expect(try await change(signedIn, .subscriptionContractPause, id) == (nil, ["INVALID"]))
            #expect(try await change(signedIn, .subscriptionContractActivate, id) == ("ACTIVE", []))

            let skipped = try await run(signedIn, .subscriptionBillingCycleSkip, ["contractId": id, "index": 2])
            let cycle = try #require((skipped["subscriptionBillingCycleSkip"] as? [String: Any])?["billingCycle"] as? [String: Any])
            #expect(cycle["skipped"] as? Bool == true && cycle["cycleIndex"] as? Int == 2)
            #expect(try await contracts(signedIn).first?["nextBillingDate"] as? String
                    == DateTimeValue(order.processedAt.addingTimeInterval(28 * 86_400)).text)
            let first = try await run(signedIn, .subscriptionBillingCycleSkip, ["contractId": id, "index": 1])
            #expect(((first["subscriptionBillingCycleSkip"] as? [String: Any])?["userErrors"] as? [[String: Any]])?.first?["code"] as? String == "INVALID")

            #expect(try await change(signedIn, .subscriptionContractCancel, id) == ("CANCELLED", []))
            #expect(try await change(signedIn, .subscriptionContractPause, id) == (nil, ["INVALID"]))
            #expect(try await change(signedIn, .subscriptionContractCancel, id) == (nil, ["CONTRACT_TERMINATED"]))
            #expect(try await contracts(signedIn).first?["nextBillingDate"] is NSNull)
            // Found by status, and by id.
            let query = "query Q($q: String) { customer { subscriptionContracts(first: 5, query: $q) { nodes { id } } } }"
            for (q, found) in [("status:cancelled", 1), ("status:ACTIVE", 0), ("id:\(SubscriptionLineNode.number(of: id))", 1)] {
                let (_, json) = try await post(signedIn.api, authorization: signedIn.token, query, ["q": q])
                let nodes = ((json["data"] as? [String: Any])?["customer"] as? [String: Any])?["subscriptionContracts"] as? [String: Any]
                #expect((nodes?["nodes"] as? [Any])?.count == found, "\(q)")
            }
            #expect(try await change(signedIn, .subscriptionContractPause, "gid://shopify/SubscriptionContract/1")
                    == (nil, ["SUBSCRIPTION_CONTRACT_DOES_NOT_EXIST"]))
        }
    }
}

/// `serve`'s contracts are in its database with its orders: they survive a restart.
@Suite struct SubscriptionDatabaseTests {
    @Test func contractsSurviveARestart() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shop-db-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        struct Directory: CustomerDirectory {
            func customer(accessToken: String) async throws -> Customer? {
                accessToken == "t" ? Customer(id: "gid://shopify/Customer/9", email: "ada@example.com", firstName: "Ada", lastName: "L") : nil
            }
        }
        func open() async throws -> EmbeddedStorefront {
            let shop = EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: directory,
                                          persistence: try SQLiteStatePersistence(directory: directory))
            await shop.setCustomerDirectory(Directory())
            return shop
        }
        let shop = try await open()
        let product = try #require(try await shop.product(handle: "assam-breakfast"))
        let plan = try #require(product.sellingPlanGroups.first?.sellingPlans.first)
        let variant = try #require(product.variants.first)
        let cart = try #require(try await shop.cartCreate(CartInput(
            lines: [CartLineInput(merchandiseId: variant.id, quantity: 3, sellingPlanId: plan.id)],
            buyerIdentity: BuyerIdentity(customerAccessToken: "t"))).cart)
        let order = try await shop.placeOrder(CheckoutCompletion(checkoutSessionId: "db-1", cartId: cart.id, email: "ada@example.com",
                                                                 payment: PaymentToken(vaultToken: "v", brand: "Visa", lastFourDigits: "4242")))
        let made = await shop.subscriptionContracts(ofCustomer: "gid://shopify/Customer/9")
        #expect(made.count == 1 && made.first?.line.quantity == 3 && made.first?.originCheckoutSessionId == "db-1")
        #expect(made.first?.line.currentPrice == order.draft.lineItems.first?.price)
        _ = try await shop.changeSubscriptionContract(id: try #require(made.first?.id), ofCustomer: "gid://shopify/Customer/9", .cancel)

        let reopened = try await open()
        let kept = await reopened.subscriptionContracts(ofCustomer: "gid://shopify/Customer/9")
        #expect(kept.map(\.id) == made.map(\.id) && kept.first?.status == .cancelled)
        #expect(try await reopened.orders().map(\.id) == [order.id])
    }
}

/// The app's account client on the Customer Account API: the customer's subscriptions as the
/// subscriptions screen lists them, and each change sent as the screen sends it.
extension CustomerAccountAPITests {
    @Test func theAppsClientListsAndChangesSubscriptions() async throws {
        try await withSignedIn { signedIn in
            let order = try await placeOrder(signedIn, handle: "house-espresso-blend", quantity: 2, session: "app-sub", subscribing: true)
            let client = AccountServerClient()
            let api = try await client.customerAccountAPI(issuer: await signedIn.authority.issuer)
            let token = SecretToken(signedIn.token)
            func listed() async throws -> CustomerSubscription {
                try #require(try await client.subscriptions(accessToken: token, api: api).first)
            }
            let subscription = try await listed()
            let line = try #require(order.draft.lineItems.first)
            #expect(subscription.title == line.title)
            #expect(subscription.variantTitle == line.variantTitle)
            #expect(subscription.quantity == 2 && subscription.pricePerDelivery == line.price * 2)
            #expect(subscription.cadence == "every 2 weeks" && subscription.status == .active)
            #expect(subscription.nextDelivery == order.processedAt.addingTimeInterval(14 * 86_400) && subscription.nextCycle == 2)

            #expect(try await client.changeSubscription(subscription, .pause, accessToken: token, api: api) == nil)
            let paused = try await listed()
            #expect(paused.status == .paused)
            let again = try await client.changeSubscription(paused, .pause, accessToken: token, api: api)
            #expect(again?.code == "INVALID" && again?.message.isEmpty == false)
            #expect(try await client.changeSubscription(paused, .resume, accessToken: token, api: api) == nil)
            let resumed = try await listed()
            #expect(resumed.status == .active)
            #expect(try await client.changeSubscription(resumed, .skip, accessToken: token, api: api) == nil)
            let skipped = try await listed()
            #expect(skipped.nextDelivery == order.processedAt.addingTimeInterval(28 * 86_400) && skipped.nextCycle == 3)
            #expect(try await client.changeSubscription(skipped, .cancel, accessToken: token, api: api) == nil)
            let cancelled = try await listed()
            #expect(cancelled.status == .cancelled && cancelled.nextDelivery == nil && cancelled.nextCycle == nil)
            let terminated = try await client.changeSubscription(cancelled, .cancel, accessToken: token, api: api)
            #expect(terminated?.code == "CONTRACT_TERMINATED")
            await #expect(throws: AccountError.self) { try await client.subscriptions(accessToken: SecretToken("shcat_unknown"), api: api) }
        }
    }
}
