import AppCore
import CheckoutSheet
import Foundation
import MCP
import Storefront
import StorefrontAgents

/// An AI agent's MCP session with the shop: the SDK's client speaking JSON-RPC to the same server
/// `serve` and `storefront mcp` run (`AgentMCPServer`), over the SDK's in-memory transport.
struct AgentSession {
    let client: Client
    let server: Server
    /// The agent's UCP profile, sent with every call as `meta["ucp-agent"].profile`.
    static let profile = "https://agent.example/.well-known/ucp"

    static func open(_ tools: AgentTools, as caller: AgentCaller) async throws -> AgentSession {
        let server = await AgentMCPServer.make(tools, caller: { caller })
        let (clientSide, serverSide) = await InMemoryTransport.createConnectedPair()
        try await server.start(transport: serverSide)
        let client = Client(name: "simulated-agent", version: "1.0")
        _ = try await client.connect(transport: clientSide)
        return AgentSession(client: client, server: server)
    }

    /// A UCP tool call: `arguments` with the call's meta (and `idempotencyKey` where one is due).
    func call(_ name: String, _ arguments: [String: Value], idempotencyKey: String? = nil) async throws -> AgentAnswer {
        var meta: [String: Value] = ["ucp-agent": ["profile": .string(Self.profile)]]
        if let idempotencyKey { meta["idempotency-key"] = .string(idempotencyKey) }
        var all = arguments
        all["meta"] = .object(meta)
        let (content, isError) = try await client.callTool(name: name, arguments: all)
        let text = content.compactMap { item -> String? in if case .text(let text, _, _) = item { text } else { nil } }.joined()
        if isError == true { return AgentAnswer(isError: true, text: text, value: .null) }
        return AgentAnswer(isError: false, text: text, value: (try? JSONDecoder().decode(Value.self, from: Data(text.utf8))) ?? .null)
    }

    func close() async {
        await client.disconnect()
        await server.stop()
    }
}

/// What a tool answered: a tool error's message, or the result as JSON.
struct AgentAnswer {
    var isError: Bool
    var text: String
    var value: Value

    var refusedAsAnotherCustomers: Bool { isError && text.contains("belongs to another customer") }

    /// The completed checkout's order id and the total its answer stated.
    var order: (id: String, total: Money?)? {
        guard let checkout = value.objectValue?["checkout"]?.objectValue,
              let id = checkout["order"]?.objectValue?["id"]?.stringValue else { return nil }
        let total = checkout["totals"]?.arrayValue?.first { $0.objectValue?["type"]?.stringValue == "total" }?.objectValue?["amount"]?.intValue
        let currency = checkout["currency"]?.stringValue
        guard let total, let currency else { return (id, nil) }
        return (id, AgentPrices.money(minor: total, currency))
    }

    /// The units by variant of the cart a cart answer holds.
    var cartUnits: [String: Int] {
        var units: [String: Int] = [:]
        for line in value.objectValue?["cart"]?.objectValue?["line_items"]?.arrayValue ?? [] {
            guard let id = line.objectValue?["item"]?.objectValue?["id"]?.stringValue, let quantity = line.objectValue?["quantity"]?.intValue else { continue }
            units[id, default: 0] += quantity
        }
        return units
    }

    /// The delivery options a checkout answer offers, by id.
    var deliveryOptions: [String] {
        value.objectValue?["checkout"]?.objectValue?["fulfillment"]?.objectValue?["options"]?.arrayValue?
            .compactMap { $0.objectValue?["id"]?.stringValue } ?? []
    }
}

/// The amounts an agent sends of its own: one minor unit (€0.01, ¥1), a price no variant has.
enum AgentPrices {
    static let sentMinorUnits = 1

    static func money(minor: Int, _ currency: String) -> Money {
        Money(amount: Decimal(minor) / pow(10, Money.minorUnits(of: currency)), currencyCode: currency)
    }

    static func isSent(_ money: Money) -> Bool { money == Self.money(minor: sentMinorUnits, money.currencyCode) }
}

/// What the agents of a session did that the books must show.
struct AgentRecord {
    /// Variants an agent put in a cart with a price of its own.
    var pricedVariants: Set<String> = []
    /// Checkouts (cart ids) an agent completed with a total of its own.
    var checkouts: Set<String> = []
}

extension BookChecker {
    /// One checkout is one order however often its key is replayed, and no order carries a price
    /// or a total an agent sent.
    static func agentOrders(_ ledger: LedgerView, model: ReferenceModel) -> [Violation] {
        var found: [Violation] = []
        func fail(_ detail: String) { found.append(Violation(invariant: .agent, detail: detail)) }
        for (session, orders) in Dictionary(grouping: ledger.orders, by: \.draft.checkoutSessionId) where orders.count > 1 {
            fail("checkout session \(session) has \(orders.count) orders: \(orders.map(\.name).joined(separator: ", "))")
        }
        for (cart, orders) in Dictionary(grouping: ledger.orders, by: \.draft.cartId) where orders.count > 1 {
            fail("cart \(cart) was ordered \(orders.count) times: \(orders.map(\.name).joined(separator: ", "))")
        }
        for order in ledger.orders {
            let agentCheckout = model.agent.checkouts.contains(order.draft.cartId)
            for line in order.draft.lineItems where (agentCheckout || model.agent.pricedVariants.contains(line.merchandiseId)) && AgentPrices.isSent(line.price) {
                fail("\(order.name) sells \(line.merchandiseId.split(separator: "/").last ?? "") at \(line.price.formatted), the price an agent sent")
            }
            if agentCheckout, AgentPrices.isSent(order.draft.total) {
                fail("\(order.name) is recorded at \(order.draft.total.formatted), the total an agent sent")
            }
        }
        return found
    }
}

extension LedgerView {
    /// The agents' planted defects, in what the checker reads (the shop is never touched).
    static func plantAgentFault(_ fault: LedgerFault, in orders: inout [Order]) {
        guard let index = orders.firstIndex(where: { $0.draft.checkoutSessionId.hasPrefix("agent:") }) else { return }
        switch fault {
        case .agentReplayOrdersAgain:
            // As a replayed key that placed a second order would leave the ledger.
            var again = orders[index]
            again.id += "-replayed"
            again.name += "-replayed"
            orders.append(again)
        case .agentSentPriceCharged:
            // As a checkout that took the agent's price for its first line and its total.
            guard let first = orders[index].draft.lineItems.indices.first else { return }
            let currency = orders[index].draft.total.currencyCode
            orders[index].draft.lineItems[first].price = AgentPrices.money(minor: AgentPrices.sentMinorUnits, currency)
        default:
            break
        }
    }
}

extension SimulatedSession {
    /// The agent's tools on this session's shop, as `storefront mcp` on this terminal reaches it: a
    /// storefront of its own on the state directory (embedded), or a client of `serve` whose paid
    /// checkouts this terminal lists; and the terminal's current cart as the shopper's cart.
    func agentTools() async throws -> AgentTools {
        let dependencies = try await shop.dependencies()
        let checkout: any CheckoutBackend
        switch shop.kind {
        case .embedded:
            guard let embedded = dependencies.storefront as? EmbeddedStorefront else { throw SimulationFailure("the agent has no embedded shop") }
            checkout = embedded
        case .serve:
            guard let client = dependencies.storefront as? GraphQLStorefront, let endpoint = shop.endpoint else {
                throw SimulationFailure("the agent has no client of serve")
            }
            let paid = RemoteOrderSessions(directory: shop.directory.appendingPathComponent("app"), endpoint: endpoint)
            checkout = StorefrontAPICheckoutBackend(storefront: client, paidSessions: paid)
        }
        let (load, save) = (dependencies.loadCartId, dependencies.saveCartId)
        let carts = CustomerCarts(current: { _ in await load() }, set: { _, id in await save(id) })
        return AgentTools(shop: AgentShop(storefront: dependencies.storefront, checkout: checkout, customerCarts: carts), set: .ucp)
    }

    /// Who the agent acts for: the customer this terminal is logged in as (with the token the app
    /// would send), else a guest.
    func agentCaller(_ app: ShopperApp) async -> AgentCaller {
        guard let customer = app.state.account.session?.customer, let account = app.dependencies.account,
              case .token(let token) = await account.accessToken() else { return .guest }
        return AgentCaller(accessToken: token, customer: customer)
    }

    static let intruder = AgentCaller(customer: Customer(id: "gid://shopify/Customer/900002", email: "someone.else@example.com"))

    func performAgent(_ action: AgentAction, app: ShopperApp) async throws -> [Violation] {
        guard await app.settle() else { return [Violation(invariant: .settles, detail: "the app did not settle before the agent acted")] }
        let tools = try await agentTools()
        let shopper = await agentCaller(app)
        let session = try await AgentSession.open(tools, as: action == .intrude ? Self.intruder : shopper)
        do {
            let violations: [Violation]
            switch action {
            case .search(let query):
                let answer = try await session.call("search_catalog", ["catalog": ["query": .string(query)]])
                let answered = answer.isError || answer.value.objectValue?["products"]?.arrayValue != nil
                violations = answered ? [] : [Violation(invariant: .agent, detail: "search_catalog answered neither products nor an error: \(answer.text.prefix(200))")]
            case .add(let product, let quantity):
                violations = try await agentAdds(product: product, quantity: quantity, session: session, tools: tools, caller: shopper, app: app)
            case .checkout(let option, let declined):
                violations = try await agentChecksOut(option: option, declined: declined, session: session, tools: tools, caller: shopper, app: app)
            case .intrude:
                violations = try await intruderTries(session: session, tools: tools, shopper: shopper)
            }
            await session.close()
            return violations
        } catch {
            await session.close()
            throw error
        }
    }

    /// The shopper's cart as the shop stores it, and whether `caller` may use it.
    private func shoppersCart(_ tools: AgentTools, _ caller: AgentCaller) async throws -> (cart: Cart?, mayUse: Bool) {
        guard let id = await tools.shop.customerCarts?.current(caller), let cart = try await storedCart(id) else { return (nil, true) }
        let owner = cart.buyerIdentity.customer?.id
        return (cart, owner == nil || owner == caller.customer?.id)
    }

    private func agentAdds(product: Int, quantity: Int, session: AgentSession, tools: AgentTools, caller: AgentCaller,
                           app: ShopperApp) async throws -> [Violation] {
        let products = shop.catalog.products
        guard !products.isEmpty else { return [] }
        let chosen = products[product % products.count]
        guard let variant = (chosen.variants.first(where: \.availableForSale) ?? chosen.variants.first)?.id else { return [] }
        let (cart, mayUse) = try await shoppersCart(tools, caller)
        var wanted = BookChecker.units(cart)
        wanted[variant] = min(wanted[variant, default: 0] + quantity, 10_000)
        // Every line as UCP writes it, the added one with a price and totals of the agent's own.
        let lines: [Value] = wanted.keys.sorted().map { id in
            var line: [String: Value] = ["item": ["id": .string(id)], "quantity": .int(wanted[id] ?? 0)]
            if id == variant {
                line["item"] = ["id": .string(id), "price": .int(AgentPrices.sentMinorUnits)]
                line["totals"] = [["type": "total", "amount": .int(AgentPrices.sentMinorUnits)]]
            }
            return .object(line)
        }
        model.agent.pricedVariants.insert(variant)
        let answer: AgentAnswer
        if let cart {
            answer = try await session.call("update_cart", ["id": .string(cart.id), "cart": ["line_items": .array(lines)]])
        } else {
            answer = try await session.call("create_cart", ["cart": ["line_items": .array(lines)]])
        }
        var violations: [Violation] = []
        let current = await tools.shop.customerCarts?.current(caller)
        let storedAfter = try await storedCart(cart?.id ?? current)
        if !mayUse {
            if !answer.refusedAsAnotherCustomers { violations.append(Violation(invariant: .agent, detail: "an agent changed another customer's cart: \(answer.text.prefix(200))")) }
            if BookChecker.units(storedAfter) != BookChecker.units(cart) {
                violations.append(Violation(invariant: .agent, detail: "another customer's cart changed under a refused agent"))
            }
        } else if !answer.isError, BookChecker.units(storedAfter) != answer.cartUnits {
            // The shop may take fewer units than asked (the stock): the answer says what it took.
            violations.append(Violation(invariant: .agent, detail: "the agent was answered a cart of \(BookChecker.describe(answer.cartUnits)); the shop stores \(BookChecker.describe(BookChecker.units(storedAfter)))"))
        }
        for line in storedAfter?.lines ?? [] where line.merchandise.id == variant && AgentPrices.isSent(line.cost.amountPerQuantity) {
            violations.append(Violation(invariant: .agent, detail: "the cart took the agent's price \(line.cost.amountPerQuantity.formatted)"))
        }
        // The shopper's app hears of it on its next read of the cart.
        cartChangedElsewhere = true
        app.send(.navigation(.openCart))
        return violations
    }

    private func agentChecksOut(option: Int, declined: Bool, session: AgentSession, tools: AgentTools, caller: AgentCaller,
                                app: ShopperApp) async throws -> [Violation] {
        let (found, mayUse) = try await shoppersCart(tools, caller)
        guard let cart = found, !cart.lines.isEmpty else { return [] }
        let id = Value.string(cart.id)
        let created = try await session.call("create_checkout", ["checkout": ["cart_id": id, "buyer": ["email": "agent.buyer@example.com"]]])
        guard mayUse else {
            let stillOpen = try await storedCart(cart.id) != nil
            return created.refusedAsAnotherCustomers && stillOpen ? [] : [Violation(invariant: .agent, detail: "an agent checked out another customer's cart: \(created.text.prefix(200))")]
        }
        guard !created.isError else { return [] }
        let lines = BookChecker.units(cart)
        let country = (cart.buyerIdentity.countryCode ?? shopCountry).uppercased()
        let fields = ScriptedBuyer.sampleAddress(country) ?? ScriptedBuyer.sampleAddress(shopCountry) ?? [:]
        var address: [String: Value] = ["first_name": "Ada", "last_name": "Lovelace", "address_country": .string(country)]
        for (field, key) in [("address1", "street_address"), ("city", "address_locality"), ("zoneCode", "address_region"), ("postalCode", "postal_code")] {
            if let value = fields[field] { address[key] = .string(value) }
        }
        let addressed = try await session.call("update_checkout", ["id": id, "checkout": ["shipping_address": .object(address)]])
        guard !addressed.isError else { return [] }
        let options = addressed.deliveryOptions
        if !options.isEmpty {
            _ = try await session.call("update_checkout", ["id": id, "checkout": ["fulfillment": ["selected_option_id": .string(options[option % options.count])]]])
        }
        let token = declined ? TestPaymentTokens.declined : TestPaymentTokens.visa
        let payment: Value = ["instruments": [["handler_id": .string(TestPaymentTokens.handlerId), "credential": ["type": "token", "token": .string(token)]]]]
        // A total of the agent's own beside the payment: the shop must not take it.
        let completion: [String: Value] = ["id": id, "checkout": ["payment": payment, "totals": [["type": "total", "amount": .int(AgentPrices.sentMinorUnits)]]]]
        model.agent.checkouts.insert(cart.id)
        let key = "sim-agent-\(cart.id.split(separator: "/").last ?? "")"
        let completed = try await session.call("complete_checkout", completion, idempotencyKey: key)
        var violations: [Violation] = []
        let recorded = try await LedgerView.read(shop.ledger(), catalog: shop.catalog, fault: nil).orders.filter { $0.draft.cartId == cart.id }
        guard let placed = completed.order else {
            if !recorded.isEmpty { violations.append(Violation(invariant: .agent, detail: "complete_checkout failed (\(completed.text.prefix(120))) but \(recorded.map(\.name)) was recorded")) }
            if declined && !completed.isError { violations.append(Violation(invariant: .agent, detail: "a declined token completed the checkout")) }
            return violations
        }
        if declined { violations.append(Violation(invariant: .agent, detail: "a declined token placed \(placed.id)")) }
        // The answer is the agent's thank-you page.
        model.thankYou[placed.id] = (placed.total, lines)
        // The same key again, and another key for the same checkout: the same order, not another.
        for (attempt, replayKey) in [(1, key), (2, key + "-again")] {
            let replay = try await session.call("complete_checkout", completion, idempotencyKey: replayKey)
            if replay.order?.id != placed.id {
                violations.append(Violation(invariant: .agent, detail: "replay \(attempt) of the completed checkout answered \(replay.order?.id ?? replay.text.prefix(120).description), not \(placed.id)"))
            }
        }
        cartChangedElsewhere = true
        app.send(.navigation(.openCart))
        guard await app.settle() else { return violations + [Violation(invariant: .settles, detail: "the app did not settle after the agent's checkout")] }
        // The shopper's orders screen lists what the agent placed for them.
        return violations + (try await ordersScreen(app))
    }

    /// The shopper's cart (when it is a customer's) and newest order, tried by another customer's agent.
    private func intruderTries(session: AgentSession, tools: AgentTools, shopper: AgentCaller) async throws -> [Violation] {
        let intruder = Self.intruder
        var violations: [Violation] = []
        func refused(_ answer: AgentAnswer, _ what: String) {
            if !answer.isError { violations.append(Violation(invariant: .agent, detail: "another customer's agent \(what): \(answer.text.prefix(160))")) }
        }
        let (found, _) = try await shoppersCart(tools, shopper)
        if let cart = found, let owner = cart.buyerIdentity.customer?.id, owner != intruder.customer?.id {
            refused(try await session.call("get_cart", ["id": .string(cart.id)]), "read the shopper's cart")
            refused(try await session.call("update_cart", ["id": .string(cart.id), "cart": ["line_items": []]]), "emptied the shopper's cart")
            if BookChecker.units(try await storedCart(cart.id)) != BookChecker.units(cart) {
                violations.append(Violation(invariant: .agent, detail: "the shopper's cart changed under another customer's agent"))
            }
        }
        let orders = try await LedgerView.read(shop.ledger(), catalog: shop.catalog, fault: nil).orders
        if let newest = orders.last {
            refused(try await session.call("get_order", ["id": .string(newest.name)]), "read \(newest.name) by its number")
            if newest.customerId != nil {
                refused(try await session.call("get_order", ["id": .string(newest.draft.cartId)]), "read \(newest.name) by its checkout")
            }
        }
        return violations
    }
}
