import Foundation
import MCP
import Storefront
@testable import StorefrontAgents
import Testing

/// A shop on the bundled catalog in a directory of its own, with one customer known by a token.
struct AgentFixture {
    static let adaToken = "token-ada"
    static let ada = Customer(id: "gid://shopify/Customer/7", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace")
    static let ucpMeta: Value = ["ucp-agent": ["profile": "https://agent.example/profile.json"]]

    let directory: URL
    let storefront: EmbeddedStorefront
    let shop: AgentShop

    init() async throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("agents-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        storefront = EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: directory)
        await storefront.setCustomerDirectory(Directory())
        shop = AgentShop(storefront: storefront, checkout: storefront)
    }

    struct Directory: CustomerDirectory {
        func customer(accessToken: String) async throws -> Customer? { accessToken == AgentFixture.adaToken ? AgentFixture.ada : nil }
    }

    var ada: AgentCaller { AgentCaller(accessToken: Self.adaToken, customer: Self.ada) }

    func call(_ set: AgentToolSet, _ name: String, _ arguments: [String: Value], as caller: AgentCaller = .guest) async throws -> CallTool.Result {
        try await AgentTools(shop: shop, set: set).call(name, arguments: arguments, as: caller)
    }

    /// The structured answer of a call that must succeed.
    func ok(_ set: AgentToolSet, _ name: String, _ arguments: [String: Value], as caller: AgentCaller = .guest) async throws -> Value {
        let result = try await call(set, name, arguments, as: caller)
        #expect(result.isError == false, "\(name): \(result.content)")
        return try #require(result.structuredContent)
    }

    /// The message of a call that must be a tool error.
    func refused(_ set: AgentToolSet, _ name: String, _ arguments: [String: Value], as caller: AgentCaller = .guest) async throws -> String {
        let result = try await call(set, name, arguments, as: caller)
        #expect(result.isError == true, "\(name) should have been refused")
        guard case .text(let text, _, _)? = result.content.first else { return "" }
        return text
    }

    /// A variant the catalog sells, with its price.
    func someVariant() async throws -> (ProductVariant, Product) {
        let product = try #require(try await storefront.products(PageArguments(first: 5), query: "available_for_sale:true",
                                                                    sortKey: .title, reverse: false).nodes.first)
        let available = product.variants.first { $0.availableForSale }
        return (try #require(available), product)
    }
}

extension Value {
    subscript(_ key: String) -> Value { objectValue?[key] ?? .null }
    subscript(_ index: Int) -> Value { arrayValue.flatMap { index < $0.count ? $0[index] : nil } ?? .null }
}

@Suite struct StorefrontMCPToolTests {
    @Test func searchesReadsAProductAndAnswersFromThePolicies() async throws {
        let shop = try await AgentFixture()
        let found = try await shop.ok(.storefront, "search_shop_catalog", ["query": "espresso", "context": "a gift", "limit": 3])
        let first = found["products"][0]
        #expect(first["title"].stringValue?.lowercased().contains("espresso") == true)
        let id = try #require(first["product_id"].stringValue)
        let details = try await shop.ok(.storefront, "get_product_details", ["product_id": .string(id)])
        #expect(details["product"]["product_id"].stringValue == id)
        #expect(details["product"]["selected_variant"]["variant_id"].stringValue != nil)
        // A question in words that match nothing together still finds products by any of them.
        let question = try await shop.ok(.storefront, "search_shop_catalog", ["query": "something with espresso for my mother"])
        #expect(question["products"].arrayValue?.isEmpty == false)

        let policies = try await shop.ok(.storefront, "search_shop_policies_and_faqs", ["query": "Can I return an item?"])
        let titles = policies["policies"].arrayValue?.compactMap { $0["title"].stringValue } ?? []
        #expect(titles.contains { $0.lowercased().contains("refund") })
    }

    @Test func buildsACartPricedByTheShop() async throws {
        let shop = try await AgentFixture()
        let (variant, _) = try await shop.someVariant()
        let created = try await shop.ok(.storefront, "update_cart", ["add_items": [["product_variant_id": .string(variant.id), "quantity": 2]]])
        let cartId = try #require(created["cart"]["id"].stringValue)
        let read = try await shop.ok(.storefront, "get_cart", ["cart_id": .string(cartId)])
        #expect(read["cart"]["total_quantity"].intValue == 2)
        #expect(read["cart"]["lines"][0]["cost"]["amount_per_quantity"]["amount"].stringValue == variant.price.amountString)
        let lineId = try #require(read["cart"]["lines"][0]["id"].stringValue)
        let changed = try await shop.ok(.storefront, "update_cart", ["cart_id": .string(cartId), "update_items": [["id": .string(lineId), "quantity": 0]],
                                                                     "note": "leave at the door"])
        #expect(changed["cart"]["total_quantity"].intValue == 0)
        #expect(changed["cart"]["note"].stringValue == "leave at the door")
    }

    @Test func badInputIsAToolErrorNeverACrash() async throws {
        let shop = try await AgentFixture()
        await #expect(throws: MCPError.self) { _ = try await shop.call(.storefront, "drop_tables", [:]) }
        await #expect(throws: MCPError.self) { _ = try await shop.call(.storefront, "complete_checkout", [:]) }
        #expect(try await shop.refused(.storefront, "search_shop_catalog", [:]).contains("query is required"))
        #expect(try await shop.refused(.storefront, "search_shop_catalog", ["query": 42]).contains("query must be a string"))
        #expect(try await shop.refused(.storefront, "search_shop_catalog", ["query": "tea", "limit": "ten"]).contains("limit"))
        #expect(try await shop.refused(.storefront, "search_shop_catalog", ["query": "tea", "limit": 1e300]).contains("limit"))
        #expect(try await shop.refused(.storefront, "search_shop_catalog", ["query": .string(String(repeating: "x", count: 100_000))])
            .contains("longer"))
        #expect(try await shop.refused(.storefront, "search_shop_catalog", ["query": "foo:(bar"]).contains("position"))
        var deep: Value = "x"
        for _ in 0..<50 { deep = ["a": deep] }
        #expect(try await shop.refused(.storefront, "get_cart", ["cart_id": deep]).contains("nested"))
        let items = Value.array(Array(repeating: ["product_variant_id": "gid://shopify/ProductVariant/1", "quantity": 1], count: 300))
        #expect(try await shop.refused(.storefront, "update_cart", ["add_items": items]).contains("more than"))
        let (variant, _) = try await shop.someVariant()
        #expect(try await shop.refused(.storefront, "update_cart", ["add_items": [["product_variant_id": .string(variant.id), "quantity": 10_001]]])
            .contains("quantity"))
        #expect(try await shop.refused(.storefront, "update_cart", ["add_items": [["product_variant_id": .string(variant.id), "quantity": -1]]])
            .contains("quantity"))
        #expect(try await shop.refused(.storefront, "get_cart", ["cart_id": "gid://shopify/Cart/nope?key=nope"]).contains("no open cart"))
        #expect(try await shop.refused(.storefront, "get_product_details", ["product_id": "no-such-thing"]).contains("no product"))
    }

    @Test func aCustomersCartIsTheirsAlone() async throws {
        let shop = try await AgentFixture()
        let (variant, _) = try await shop.someVariant()
        let created = try await shop.ok(.storefront, "update_cart", ["add_items": [["product_variant_id": .string(variant.id), "quantity": 1]]],
                                        as: shop.ada)
        let cartId = try #require(created["cart"]["id"].stringValue)
        #expect(created["cart"]["buyer_identity"]["customer"]["id"].stringValue == AgentFixture.ada.id)
        #expect(try await shop.refused(.storefront, "get_cart", ["cart_id": .string(cartId)]).contains("another customer"))
        #expect(try await shop.refused(.storefront, "update_cart", ["cart_id": .string(cartId), "note": "mine now"]).contains("another customer"))
        _ = try await shop.ok(.storefront, "get_cart", ["cart_id": .string(cartId)], as: shop.ada)
    }
}

@Suite struct UCPToolTests {
    static let address: Value = ["first_name": "Ada", "last_name": "Lovelace", "street_address": "Keizersgracht 1",
                                 "address_locality": "Amsterdam", "postal_code": "1015 CJ", "address_country": "NL"]

    func meta(key: String) -> Value { ["ucp-agent": ["profile": "https://agent.example/profile.json"], "idempotency-key": .string(key)] }

    /// A checkout of two units, with the buyer and address given: ready to complete.
    func readyCheckout(_ shop: AgentFixture, as caller: AgentCaller = .guest) async throws -> (String, ProductVariant) {
        let (variant, _) = try await shop.someVariant()
        let created = try await shop.ok(.ucp, "create_checkout", [
            "meta": AgentFixture.ucpMeta,
            // A price from the agent is not an input: the shop prices the line itself.
            "checkout": ["line_items": [["item": ["id": .string(variant.id), "price": 1], "quantity": 2]]],
        ], as: caller)
        let id = try #require(created["checkout"]["id"].stringValue)
        #expect(created["checkout"]["status"].stringValue == "incomplete")
        let updated = try await shop.ok(.ucp, "update_checkout", ["meta": AgentFixture.ucpMeta, "id": .string(id),
                                                                  "checkout": ["buyer": ["email": "ada@example.com"], "shipping_address": Self.address,
                                                                               "fulfillment": ["selected_option_id": "express"]]], as: caller)
        #expect(updated["checkout"]["status"].stringValue == "ready_for_complete")
        #expect(updated["checkout"]["fulfillment"]["selected_option_id"].stringValue == "express")
        return (id, variant)
    }

    @Test func completesACheckoutOnceAndReplaysTheSameOrder() async throws {
        let shop = try await AgentFixture()
        let (id, variant) = try await readyCheckout(shop)
        let complete: [String: Value] = ["meta": meta(key: "key-1"), "id": .string(id),
                                         "checkout": ["payment": ["instruments": [["handler_id": .string(TestPaymentTokens.handlerId),
                                                                                   "credential": ["type": "token", "token": "tok_visa"]]]]]]
        let done = try await shop.ok(.ucp, "complete_checkout", complete)
        #expect(done["checkout"]["status"].stringValue == "completed")
        let orderId = try #require(done["checkout"]["order"]["id"].stringValue)
        let replay = try await shop.ok(.ucp, "complete_checkout", complete)
        #expect(replay["checkout"]["order"]["id"].stringValue == orderId)
        var otherKey = complete
        otherKey["meta"] = meta(key: "key-2")
        #expect(try await shop.ok(.ucp, "complete_checkout", otherKey)["checkout"]["order"]["id"].stringValue == orderId)

        let orders = try await shop.storefront.orders()
        #expect(orders.count == 1)
        let order = try #require(orders.first)
        // The shop's prices: two units at the variant's price, express shipping at the shop's rate.
        #expect(order.draft.lineItems.first?.price == variant.price)
        #expect(order.draft.subtotal == variant.price * 2)
        #expect(order.draft.shippingMethod?.lowercased().contains("express") == true)
        #expect(order.draft.payment?.lastFourDigits == "4242")

        let read = try await shop.ok(.ucp, "get_order", ["meta": AgentFixture.ucpMeta, "id": .string(id)])
        #expect(read["order"]["id"].stringValue == orderId)
        #expect(read["order"]["totals"].arrayValue?.contains { $0["type"].stringValue == "total" } == true)
        let checkout = try await shop.ok(.ucp, "get_checkout", ["meta": AgentFixture.ucpMeta, "id": .string(id)])
        #expect(checkout["checkout"]["status"].stringValue == "completed")
        // A guest may not read an order by its number: numbers are easy to guess.
        #expect(try await shop.refused(.ucp, "get_order", ["meta": AgentFixture.ucpMeta, "id": .string(orderId)]).contains("No order"))

        // The same key for another checkout is refused, and places nothing.
        let (second, _) = try await readyCheckout(shop)
        var reused = complete
        reused["id"] = .string(second)
        #expect(try await shop.refused(.ucp, "complete_checkout", reused).contains("idempotency key"))
        #expect(try await shop.storefront.orders().count == 1)
    }

    @Test func refusesWhatCannotBePaid() async throws {
        let shop = try await AgentFixture()
        let (id, _) = try await readyCheckout(shop)
        func complete(_ token: String, key: String, handler: String = TestPaymentTokens.handlerId) -> [String: Value] {
            ["meta": meta(key: key), "id": .string(id),
             "checkout": ["payment": ["instruments": [["handler_id": .string(handler), "credential": ["token": .string(token)]]]]]]
        }
        #expect(try await shop.refused(.ucp, "complete_checkout", complete("tok_chargeDeclined", key: "a")).contains("declined"))
        #expect(try await shop.refused(.ucp, "complete_checkout", complete("4242424242424242", key: "b")).contains("Unknown test payment token"))
        #expect(try await shop.refused(.ucp, "complete_checkout", complete("tok_visa", key: "c", handler: "stripe")).contains("payment handler"))
        var noKey = complete("tok_visa", key: "d")
        noKey["meta"] = AgentFixture.ucpMeta
        #expect(try await shop.refused(.ucp, "complete_checkout", noKey).contains("idempotency-key is required"))
        #expect(try await shop.refused(.ucp, "get_checkout", ["id": .string(id)]).contains("meta is required"))
        #expect(try await shop.storefront.orders().isEmpty)

        _ = try await shop.ok(.ucp, "cancel_checkout", ["meta": meta(key: "e"), "id": .string(id)])
        #expect(try await shop.refused(.ucp, "complete_checkout", complete("tok_visa", key: "f")).contains("canceled"))
        #expect(try await shop.storefront.orders().isEmpty)
    }

    @Test func anAgentActingForACustomerPlacesTheirOrder() async throws {
        let shop = try await AgentFixture()
        let (id, _) = try await readyCheckout(shop, as: shop.ada)
        // Another caller cannot read, change or pay the customer's checkout.
        #expect(try await shop.refused(.ucp, "get_checkout", ["meta": AgentFixture.ucpMeta, "id": .string(id)]).contains("another customer"))
        let pay: [String: Value] = ["meta": meta(key: "k"), "id": .string(id),
                                    "checkout": ["payment": ["instruments": [["handler_id": .string(TestPaymentTokens.handlerId),
                                                                              "credential": ["token": "tok_mastercard"]]]]]]
        #expect(try await shop.refused(.ucp, "complete_checkout", pay).contains("another customer"))
        let done = try await shop.ok(.ucp, "complete_checkout", pay, as: shop.ada)
        let number = try #require(done["checkout"]["order"]["id"].stringValue)
        let order = try #require(try await shop.storefront.orders().first)
        #expect(order.customerId == AgentFixture.ada.id)
        // The customer reads their own order by its number.
        #expect(try await shop.ok(.ucp, "get_order", ["meta": AgentFixture.ucpMeta, "id": .string(number)], as: shop.ada)["order"]["label"]
            .stringValue == order.name)
    }

    @Test func cartsReplaceTheirLinesAndCancel() async throws {
        let shop = try await AgentFixture()
        let (variant, _) = try await shop.someVariant()
        let created = try await shop.ok(.ucp, "create_cart", ["meta": AgentFixture.ucpMeta,
                                                              "cart": ["line_items": [["item": ["id": .string(variant.id)], "quantity": 1]]]])
        let id = try #require(created["cart"]["id"].stringValue)
        let updated = try await shop.ok(.ucp, "update_cart", ["meta": AgentFixture.ucpMeta, "id": .string(id),
                                                              "cart": ["line_items": [["item": ["id": .string(variant.id)], "quantity": 3]]]])
        #expect(updated["cart"]["line_items"].arrayValue?.count == 1)
        #expect(updated["cart"]["line_items"][0]["quantity"].intValue == 3)
        let canceled = try await shop.ok(.ucp, "cancel_cart", ["meta": AgentFixture.ucpMeta, "id": .string(id)])
        #expect(canceled["cart"]["status"].stringValue == "canceled")
        #expect(canceled["cart"]["line_items"].arrayValue?.isEmpty == true)
        let products = try await shop.ok(.ucp, "search_catalog", ["meta": AgentFixture.ucpMeta, "catalog": ["query": "tea", "pagination": ["limit": 2]]])
        #expect(products["products"].arrayValue?.count == 2)
        #expect(products["products"][0]["price_range"]["min"]["amount"].intValue != nil)
        let looked = try await shop.ok(.ucp, "lookup_catalog", ["meta": AgentFixture.ucpMeta, "catalog": ["ids": [products["products"][0]["id"], "nope"]]])
        #expect(looked["products"].arrayValue?.count == 1)
        #expect(looked["messages"].arrayValue?.count == 1)
    }

    @Test func everyToolHasAnObjectSchemaAndTheNamesOfTheSpecifications() {
        #expect(AgentToolSet.storefront.toolNames == ["search_shop_catalog", "search_shop_policies_and_faqs", "get_product_details",
                                                     "get_cart", "update_cart"])
        #expect(AgentToolSet.ucp.toolNames == ["search_catalog", "lookup_catalog", "get_product", "create_cart", "get_cart", "update_cart",
                                              "cancel_cart", "create_checkout", "get_checkout", "update_checkout", "complete_checkout",
                                              "cancel_checkout", "get_order"])
        for set in AgentToolSet.allCases {
            for tool in set.listed {
                #expect(tool.inputSchema["type"].stringValue == "object", "\(tool.name)")
            }
        }
    }
}

@Suite struct SharedCartTests {
    /// The agent and the app on one state directory share the current cart: the agent opens the
    /// one the app was filling, and the app opens the one the agent made.
    @Test func theAgentAndTheAppShareTheCurrentCart() async throws {
        let fixture = try await AgentFixture()
        let storefront = fixture.storefront
        let shop = AgentShop(storefront: storefront, checkout: storefront,
                             customerCarts: CustomerCarts(current: { _ in await storefront.currentCartId() },
                                                          set: { _, id in try? await storefront.setCurrentCartId(id) }))
        let tools = AgentTools(shop: shop, set: .storefront)
        let (variant, _) = try await fixture.someVariant()
        // The app's cart, as the app makes it.
        let human = try #require(try await storefront.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: variant.id, quantity: 3)])).cart)
        try await storefront.setCurrentCartId(human.id)
        let seen = try #require(try await tools.call("get_cart", arguments: [:], as: .guest).structuredContent)
        #expect(seen["cart"]["id"].stringValue == human.id)
        #expect(seen["cart"]["total_quantity"].intValue == 3)
        // The agent's new cart becomes the app's.
        let made = try #require(try await tools.call("update_cart", arguments: ["add_items": [["product_variant_id": .string(variant.id), "quantity": 1]]],
                                                     as: .guest).structuredContent)
        #expect(await storefront.currentCartId() == made["cart"]["id"].stringValue)
    }
}

/// The stdio transport's line bound: a line past it comes out as one unreadable message, its bytes
/// dropped as they arrive; the lines around it are whole.
@Test func aLineLongerThanTheBoundIsDroppedAsItArrives() {
    var lines = BoundedLines(maximumLineBytes: 8)
    #expect(lines.feed(Array("{\"a\":1}\n{\"b\"".utf8)[...]) == [Data("{\"a\":1}".utf8)])
    #expect(lines.feed(Array(":2}\n".utf8)[...]) == [Data("{\"b\":2}".utf8)])
    #expect(lines.feed(Array("0123456789".utf8)[...]).isEmpty)
    #expect(lines.feed(Array("more of the same line".utf8)[...]).isEmpty)
    #expect(lines.feed(Array("\n\n{}\n".utf8)[...]) == [BoundedLines.oversized, Data("{}".utf8)])
    #expect(lines.feed(Array("12345678\n123456789\n".utf8)[...]) == [Data("12345678".utf8), BoundedLines.oversized])
}
