import AppCore
import Foundation
import Storefront

/// A planted defect in the simulator's view of the ledger, so a test can prove the checker sees
/// one. The shop is never touched: only what the checker reads is changed.
public enum LedgerFault: String, Hashable, Sendable, CaseIterable {
    /// Every order's total is read without its shipping.
    case totalWithoutShipping
    /// A variant reads one more unit in stock than the ledger holds.
    case phantomStock
    /// The shopper's orders are read without regard to who placed them (every order in the ledger).
    case ordersIgnoreCustomer
    /// An agent's order is read twice, as a replayed idempotency key placing a second order would leave it.
    case agentReplayOrdersAgain
    /// An agent's order reads its first line at the price the agent sent.
    case agentSentPriceCharged
    /// The first subscription contract is missing from the books as read.
    case contractDropped
    /// A customer's order reads its first line bought once as bought on a selling plan.
    case oneTimeLineReadAsSubscribed
}

/// One invariant that did not hold, after which step.
public struct Violation: Hashable, Sendable, CustomStringConvertible {
    public enum Invariant: String, Hashable, Sendable {
        case ordersShown = "orders shown = the ledger's orders"
        case orderTotal = "order total = thank-you = charged = lines − discounts + shipping"
        case stockConserved = "initial stock = available + sold"
        case cartShown = "cart shown = cart stored"
        case messages = "✓ only with its effect, never beside ✗"
        case settles = "every step settles"
        case agent = "an agent's checkout is one order at the shop's prices; another customer's cart is refused"
        case subscriptions = "one contract per line bought on a plan, the order's customer's, at the plan's price; no plan for a guest"
    }
    public var invariant: Invariant
    public var detail: String
    public var description: String { "\(invariant.rawValue): \(detail)" }
}

/// The books as the simulator reads them: the ledger's orders, stock and subscription contracts.
struct LedgerView {
    var orders: [Order]
    /// Units available now, by variant id.
    var available: [String: Int]
    /// Every customer's contracts.
    var contracts: [SubscriptionContract] = []

    @MainActor
    static func read(_ shop: EmbeddedStorefront, catalog: StoreCatalog, fault: LedgerFault?) async throws -> LedgerView {
        var orders = try await shop.orders()
        var contracts = await shop.allSubscriptionContracts()
        var available: [String: Int] = [:]
        for product in catalog.products {
            guard let current = try await shop.product(id: product.id) else { continue }
            for variant in current.variants { if let quantity = variant.quantityAvailable { available[variant.id] = quantity } }
        }
        switch fault {
        case .totalWithoutShipping:
            for index in orders.indices {
                orders[index].draft.total.amount -= orders[index].draft.shipping.amount
            }
        case .phantomStock:
            if let first = catalog.products.first?.variants.first?.id, let units = available[first] { available[first] = units + 1 }
        case .agentReplayOrdersAgain, .agentSentPriceCharged:
            if let fault { plantAgentFault(fault, in: &orders) }
        case .contractDropped:
            if !contracts.isEmpty { contracts.removeFirst() }
        case .oneTimeLineReadAsSubscribed:
            if let order = orders.firstIndex(where: { $0.customerId != nil && $0.draft.lineItems.contains { $0.sellingPlanId == nil } }),
               let line = orders[order].draft.lineItems.firstIndex(where: { $0.sellingPlanId == nil }) {
                orders[order].draft.lineItems[line].sellingPlanId = "gid://shopify/SellingPlan/planted"
            }
        case .ordersIgnoreCustomer, nil:
            break
        }
        return LedgerView(orders: orders, available: available, contracts: contracts)
    }

    /// The orders of one shopper: the customer's (`customer` their id), or the guest orders when nil.
    /// A guest's orders (no customer), or a customer's: those recorded for them, and those placed
    /// with their e-mail address as a guest (the account lists both, as a shop's customer accounts do).
    func orders(of customer: Customer?, fault: LedgerFault?) -> [Order] {
        guard fault != .ordersIgnoreCustomer else { return orders }
        guard let customer else { return orders.filter { $0.customerId == nil } }
        return orders.filter { $0.isListed(for: customer) }
    }
}

/// The small reference model: what a session has done that the books must show.
struct ReferenceModel {
    /// Stock at the start, by variant id (the catalog's).
    var initialStock: [String: Int]
    /// Each order the thank-you page showed: its total, and the cart's lines (variant → units) when
    /// the checkout started.
    var thankYou: [String: (total: Money?, lines: [String: Int])] = [:]
    /// What agents sent of their own.
    var agent = AgentRecord()

    init(catalog: StoreCatalog) {
        var stock: [String: Int] = [:]
        for product in catalog.products {
            for variant in product.variants { if let quantity = variant.quantityAvailable { stock[variant.id] = quantity } }
        }
        initialStock = stock
    }

    /// The delivery rate the shipping policy states for `method` to `country`, for merchandise
    /// worth `merchandise` after discounts (nil: a method the policy does not name).
    static func shipping(method: String?, country: String?, merchandise: Money, shopCountry: String) -> Money? {
        let scale: Decimal = Money.minorUnits(of: merchandise.currencyCode) == 0 ? 100 : 1
        func money(_ amount: Decimal) -> Money { Money(amount: amount * scale, currencyCode: merchandise.currencyCode) }
        let home = (country ?? shopCountry).uppercased() == shopCountry.uppercased()
        switch (method, home) {
        case ("Standard", true): return merchandise.amount >= 75 * scale ? money(0) : money(Decimal(string: "5.90") ?? 0)
        case ("Express", true): return money(Decimal(string: "14.90") ?? 0)
        case ("Pick up in store", true): return money(0)
        case ("International", false): return money(Decimal(string: "19.90") ?? 0)
        case ("International Express", false): return money(Decimal(string: "39.90") ?? 0)
        default: return nil
        }
    }
}

/// The invariants, checked after every step.
enum BookChecker {
    /// Orders: each recorded order adds up, matches its thank-you page and the cart it came from;
    /// every thank-you page has its order; nothing else was recorded.
    static func orders(_ ledger: LedgerView, model: ReferenceModel, shopCountry: String) -> [Violation] {
        var found: [Violation] = []
        func fail(_ detail: String) { found.append(Violation(invariant: .orderTotal, detail: detail)) }
        for order in ledger.orders {
            let draft = order.draft
            let currency = draft.total.currencyCode
            // Every amount in the order's currency first: only then is adding them meaningful.
            let amounts = [draft.subtotal, draft.shipping, draft.discounts, draft.taxes] + draft.lineItems.map(\.price)
                + (draft.payment.map { [$0.amount] } ?? []) + (order.giftCardPayments ?? []).map(\.amount)
            if let other = amounts.first(where: { $0.currencyCode != currency }) {
                fail("\(order.name): amounts in \(currency) and \(other.currencyCode)")
                continue
            }
            let lines = draft.lineItems.reduce(Money.zero(currency)) { $0 + $1.price * $1.quantity }
            if lines != draft.subtotal { fail("\(order.name): lines come to \(lines.formatted), subtotal says \(draft.subtotal.formatted)") }
            // The shop's prices include tax (it sells from the Netherlands): the total does not grow by it.
            let expected = draft.subtotal - draft.discounts + draft.shipping
            if draft.total != expected {
                fail("\(order.name): total \(draft.total.formatted) ≠ lines \(draft.subtotal.formatted) − discounts \(draft.discounts.formatted) + shipping \(draft.shipping.formatted) = \(expected.formatted)")
            }
            let charged = (order.giftCardPayments ?? []).reduce(draft.payment?.amount ?? .zero(currency)) { $0 + $1.amount }
            if charged != draft.total { fail("\(order.name): charged \(charged.formatted), total \(draft.total.formatted)") }
            if let rate = ReferenceModel.shipping(method: draft.shippingMethod, country: draft.shippingAddress?.countryCode,
                                                  merchandise: draft.subtotal - draft.discounts, shopCountry: shopCountry) {
                if rate != draft.shipping { fail("\(order.name): \(draft.shippingMethod ?? "?") costs \(rate.formatted), charged \(draft.shipping.formatted)") }
            } else {
                fail("\(order.name): shipping method \(draft.shippingMethod ?? "none") to \(draft.shippingAddress?.countryCode ?? "?") is not in the shipping policy")
            }
            guard let page = model.thankYou[order.id] else {
                fail("\(order.name) is in the ledger but no thank-you page showed it")
                continue
            }
            if let shown = page.total, shown != draft.total { fail("\(order.name): thank-you page showed \(shown.formatted), ledger \(draft.total.formatted)") }
            var ordered: [String: Int] = [:]
            for line in draft.lineItems { ordered[line.merchandiseId, default: 0] += line.quantity }
            if ordered != page.lines { fail("\(order.name): ordered \(describe(ordered)), the cart held \(describe(page.lines))") }
        }
        let recorded = Set(ledger.orders.map(\.id))
        for id in model.thankYou.keys.sorted() where !recorded.contains(id) {
            fail("order \(id) showed a thank-you page but is not in the ledger")
        }
        return found
    }

    /// Subscriptions: every contract was made by an order of the ledger, for that order's customer,
    /// from one of its lines bought on a plan (the same variant, quantity and plan), and every such
    /// line made exactly one; a contract's price per delivery is its line's (the plan's price ×
    /// quantity); a guest's order has no line on a plan (the shop sells subscriptions to customers).
    static func subscriptions(_ ledger: LedgerView, catalog: StoreCatalog) -> [Violation] {
        var found: [Violation] = []
        func fail(_ detail: String) { found.append(Violation(invariant: .subscriptions, detail: detail)) }
        let orders = Dictionary(ledger.orders.map { ($0.draft.checkoutSessionId, $0) }, uniquingKeysWith: { first, _ in first })
        var made: [String: [SubscriptionContract]] = [:]
        for contract in ledger.contracts {
            guard let order = orders[contract.originCheckoutSessionId] else {
                fail("\(shortId(contract.id)) (\(contract.line.title)) was made by no order in the ledger")
                continue
            }
            if contract.customerId != order.customerId {
                fail("\(shortId(contract.id)) is \(shortId(contract.customerId))'s, its order \(order.name) \(order.customerId.map(shortId) ?? "a guest's")")
            }
            made[order.id, default: []].append(contract)
        }
        for order in ledger.orders {
            var contracts = made[order.id] ?? []
            for line in order.draft.lineItems where line.sellingPlanId != nil {
                if order.customerId == nil { fail("\(order.name) is a guest's and bought \(line.title) on a plan") }
                if let prices = planPrices(of: line, currency: order.draft.total.currencyCode, catalog: catalog), !prices.contains(line.price) {
                    fail("\(order.name): \(line.title) on \(line.sellingPlanName ?? "a plan") at \(line.price.formatted), the plan's price is \(prices.map(\.formatted))")
                }
                guard let index = contracts.firstIndex(where: {
                    $0.line.merchandiseId == line.merchandiseId && $0.line.quantity == line.quantity && $0.sellingPlanId == line.sellingPlanId
                }) else {
                    fail("\(order.name): \(line.title) ×\(line.quantity) on \(line.sellingPlanName ?? "a plan") was charged with no contract")
                    continue
                }
                let contract = contracts.remove(at: index)
                let perDelivery = contract.line.currentPrice * contract.line.quantity
                if perDelivery != line.price * line.quantity {
                    fail("\(order.name): \(shortId(contract.id)) delivers at \(perDelivery.formatted), the order line at \(line.price.formatted) × \(line.quantity)")
                }
            }
            for contract in contracts {
                fail("\(order.name) made \(shortId(contract.id)) for \(contract.line.title) ×\(contract.line.quantity) \(contract.cadence), which no line of it bought")
            }
        }
        return found
    }

    /// What a unit of `line`'s variant costs on its plan in `currency`, in each market that sells in
    /// it (nil when the catalog no longer has the variant or the plan).
    static func planPrices(of line: OrderLineItem, currency: String, catalog: StoreCatalog) -> Set<Money>? {
        guard let planId = line.sellingPlanId, let product = catalog.product(id: line.productId),
              let plan = product.sellingPlan(id: planId)?.plan else { return nil }
        var prices: Set<Money> = []
        for market in catalog.markets.all where market.currencyCode == currency {
            let localized = catalog.markets.localize(product, BuyerContext(country: market.countryCode))
            if let variant = localized.variant(id: line.merchandiseId) { prices.insert(plan.price(of: variant.price, convert: market.exchange)) }
        }
        return prices.isEmpty ? nil : prices
    }

    static func shortId(_ id: String) -> String { id.split(separator: "/").suffix(2).joined(separator: "/") }

    /// For every variant: stock at the start = available now + sold in the ledger's orders.
    static func stock(_ ledger: LedgerView, model: ReferenceModel) -> [Violation] {
        var sold: [String: Int] = [:]
        for order in ledger.orders { for line in order.draft.lineItems { sold[line.merchandiseId, default: 0] += line.quantity } }
        return model.initialStock.keys.sorted().compactMap { id in
            let initial = model.initialStock[id] ?? 0
            let available = ledger.available[id] ?? 0
            let units = sold[id] ?? 0
            guard initial != available + units else { return nil }
            return Violation(invariant: .stockConserved, detail: "\(id): initial \(initial) ≠ available \(available) + sold \(units)")
        }
    }

    /// The orders screen lists exactly the ledger's orders for this shopper (the session is one
    /// shopper on one terminal, as a guest or logged in), each with the ledger's total.
    static func ordersShown(_ shown: [OrderSummary], shopperOrders: [Order]) -> [Violation] {
        var found: [Violation] = []
        // Matched by the order's number, which the ledger gives once: the same order's id is the
        // ledger's own on a guest's list and the API's global id ("gid://shopify/Order/1001") on a
        // customer's, read through the Customer Account API.
        let recorded = Dictionary(shopperOrders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let listed = Dictionary(shown.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
        for name in recorded.keys.sorted() where listed[name] == nil {
            found.append(Violation(invariant: .ordersShown, detail: "\(name) is in the ledger, not on the orders screen"))
        }
        for summary in shown {
            guard let order = recorded[summary.number] else {
                found.append(Violation(invariant: .ordersShown, detail: "\(summary.number) is listed but not in the ledger"))
                continue
            }
            if summary.total != order.draft.total {
                found.append(Violation(invariant: .ordersShown,
                                       detail: "\(order.name) listed at \(summary.total?.formatted ?? "no total"), ledger \(order.draft.total.formatted)"))
            }
        }
        return found
    }

    /// The cart the app shows is the cart the shop stores: the same lines and units, codes and note.
    static func cart(shown: Cart?, stored: Cart?) -> [Violation] {
        guard let shown else { return [] }
        guard let stored else {
            return [Violation(invariant: .cartShown, detail: "the app shows cart \(shown.id) with \(shown.totalQuantity) items; the shop has no such cart")]
        }
        var found: [String] = []
        if purchases(shown) != purchases(stored) {
            found.append("lines \(describe(purchases(shown))) shown, \(describe(purchases(stored))) stored")
        }
        if shown.discountCodes.map(\.code) != stored.discountCodes.map(\.code) {
            found.append("codes \(shown.discountCodes.map(\.code)) shown, \(stored.discountCodes.map(\.code)) stored")
        }
        if (shown.note ?? "") != (stored.note ?? "") { found.append("note \"\(shown.note ?? "")\" shown, \"\(stored.note ?? "")\" stored") }
        return found.map { Violation(invariant: .cartShown, detail: $0) }
    }

    static func units(_ cart: Cart?) -> [String: Int] {
        var units: [String: Int] = [:]
        for line in cart?.lines ?? [] { units[line.merchandise.id, default: 0] += line.quantity }
        return units
    }

    /// Units by variant and how it is bought: "<variant id>" once, "<variant id> (plan <n>)" on a plan.
    static func purchases(_ cart: Cart?) -> [String: Int] {
        var units: [String: Int] = [:]
        for line in cart?.lines ?? [] {
            let plan = line.sellingPlanAllocation.map { " (plan \($0.sellingPlan.id.split(separator: "/").last ?? ""))" } ?? ""
            units[line.merchandise.id + plan, default: 0] += line.quantity
        }
        return units
    }

    static func describe(_ units: [String: Int]) -> String {
        units.isEmpty ? "none" : units.keys.sorted().map { "\($0.split(separator: "/").last ?? "")×\(units[$0] ?? 0)" }.joined(separator: ", ")
    }
}
