import Foundation
import StorefrontCatalog
import StorefrontModels

/// Builds the `Cart` the API returns from a stored cart: merchandise snapshots from the catalog,
/// line and cart costs in `Decimal`, and which discount codes apply.
///
/// Discount codes follow Shopify's rules for order discounts: they are considered in the order
/// they were entered; a code applies when it is known, active, the subtotal reaches its minimum,
/// a first-order code's customer has no earlier order, and it combines with every code already
/// applied (both must allow combining with order discounts). A first-order code needs to know the
/// customer: a guest cart without an email cannot prove a first order, so it does not apply.
struct CartPricing {
    let catalog: StoreCatalog
    let stock: StockLedger
    let now: Date
    /// Lowercased emails of the orders placed so far, for first-order codes.
    var orderEmails: Set<String> = []
    /// What orders took off each gift card so far, by gift card id.
    var giftCardsSpent: [String: Decimal] = [:]

    func cart(from stored: StoredCart) -> Cart { priced(stored).cart }

    /// The cart, and a warning for each of its codes that does not apply.
    func priced(_ stored: StoredCart) -> (cart: Cart, discountWarnings: [CartWarning]) {
        // A cart is priced in its buyer's market; discount rules read the shop's own amounts.
        let market = catalog.markets.market(for: stored.buyerIdentity.countryCode)
        let context = BuyerContext(country: market.countryCode)
        let currency = market.currencyCode
        var lines: [CartLine] = []
        var subtotal = Money.zero(currency)
        var shopSubtotal = Money.zero(catalog.shop.currencyCode)
        for line in stored.lines {
            // A line whose variant left the catalog (another catalog file) cannot be priced: skip it.
            guard let (product, listed) = catalog.variant(id: line.merchandiseId) else { continue }
            let shopVariant = stock.current(listed)
            var variant = shopVariant
            (variant.price, variant.compareAtPrice) = catalog.markets.prices(of: listed, handle: product.handle, context)
            // A line on a selling plan costs the plan's price; bought once it would cost the variant's.
            let plan = line.sellingPlanId.flatMap(product.sellingPlan(id:))
            let unitPrice = plan?.plan.price(of: variant.price, convert: market.exchange) ?? variant.price
            let lineSubtotal = (unitPrice * line.quantity).rounded()
            subtotal = subtotal + lineSubtotal
            let shopUnitPrice = plan?.plan.price(of: shopVariant.price) ?? shopVariant.price
            shopSubtotal = shopSubtotal + (shopUnitPrice * line.quantity).rounded()
            let allocation = plan.map {
                SellingPlanAllocation(sellingPlan: $0.plan, price: unitPrice, compareAtPrice: variant.price,
                                      checkoutChargeAmount: unitPrice)
            }
            lines.append(CartLine(
                id: line.id, quantity: line.quantity, merchandise: CartMerchandise(variant: variant, of: product),
                attributes: line.attributes,
                cost: CartLineCost(amountPerQuantity: unitPrice,
                                   compareAtAmountPerQuantity: plan == nil ? variant.compareAtPrice : variant.compareAtPrice ?? variant.price,
                                   subtotalAmount: lineSubtotal, totalAmount: lineSubtotal),
                sellingPlanAllocation: allocation))
        }
        var reduction = Money.zero(currency)
        var applied: [DiscountCode] = []
        var warnings: [CartWarning] = []
        let id = stored.id
        let codes = stored.discountCodes.map { code -> CartDiscountCode in
            guard let discount = catalog.discountCode(code) else {
                warnings.append(DiscountRefusal.unknown.warning(code: code, cartId: id))
                return CartDiscountCode(code: code, applicable: false)
            }
            if let refusal = refusal(of: discount, subtotal: shopSubtotal, buyer: stored.buyerIdentity, applied: applied) {
                warnings.append(refusal.in(market).warning(code: code, cartId: id))
                return CartDiscountCode(code: code, applicable: false)
            }
            applied.append(discount)
            reduction = reduction + market.reduction(discount, ofSubtotal: subtotal)
            return CartDiscountCode(code: code, applicable: true)
        }
        let total = reduction.amount >= subtotal.amount ? Money.zero(currency) : (subtotal - reduction).rounded()
        let giftCards = applyGiftCards(stored.giftCardIds ?? [], to: total, in: market).map(\.applied)
        // `checkoutChargeAmount` is the subtotal when nothing is paid later (no deferred payments
        // here): the API's own description of the field.
        let cart = Cart(id: id, checkoutUrl: checkoutURL(of: stored), createdAt: stored.createdAt, updatedAt: stored.updatedAt,
                        lines: lines, buyerIdentity: stored.buyerIdentity, discountCodes: codes, note: stored.note,
                        attributes: stored.attributes, cost: CartCost(subtotalAmount: subtotal, totalAmount: total, checkoutChargeAmount: subtotal),
                        deliveryAddresses: stored.deliveryAddresses ?? [], deliveryGroups: deliveryGroups(of: stored, lines: lines, merchandise: total),
                        appliedGiftCards: giftCards, metafields: stored.metafields ?? [])
        return (cart, warnings)
    }

    /// Gift cards pay the total after discounts, each in turn up to what orders left on it (in the
    /// market's currency at its rate); what they leave is paid at checkout. Each comes with what
    /// it would take off the card, in the card's own currency.
    func applyGiftCards(_ ids: [String], to total: Money, in market: Market) -> [(applied: AppliedGiftCard, fromCard: Money)] {
        var due = total
        return ids.compactMap { id in
            guard let card = catalog.giftCard(id: id) else { return nil }
            let left = Money(amount: max(0, card.balance.amount - (giftCardsSpent[id] ?? 0)), currencyCode: card.balance.currencyCode)
            let balance = market.exchange(left)
            let used = balance.amount < due.amount ? balance : due
            due = due - used
            // All of it, or the part used at the market's rate (never more than is left).
            let fromCard = used == balance ? left : Money(amount: min(left.amount, used.amount / market.rate), currencyCode: left.currencyCode).rounded()
            return (AppliedGiftCard(id: card.id, lastCharacters: card.lastCharacters, amountUsed: used, balance: balance - used), fromCard)
        }
    }

    /// The cart's lines grouped for delivery to the selected address, with the shop's options for
    /// its country, in the cart's currency. As in the API, a group starts with a default option
    /// selected (the first: standard shipping) until the buyer picks one. Its cost is the option's
    /// `estimatedCost`, not part of the cart's `cost`: checkout charges it.
    private func deliveryGroups(of stored: StoredCart, lines: [CartLine], merchandise: Money) -> [CartDeliveryGroup] {
        stored.deliveryGroupIds.compactMap { id in
            guard let address = stored.deliveryAddresses?.first(where: \.selected)?.address else { return nil }
            let options = DeliveryRates.options(country: address.countryCode ?? catalog.shop.countryCode,
                                                shopCountry: catalog.shop.countryCode, merchandise: merchandise)
            let chosen = stored.selectedDeliveryOptions?[id]
            return CartDeliveryGroup(id: id, lineIds: lines.map(\.id), deliveryAddress: address, deliveryOptions: options,
                                     selectedDeliveryOption: options.first { $0.handle == chosen } ?? options.first)
        }
    }

    private func refusal(of discount: DiscountCode, subtotal: Money, buyer: BuyerIdentity, applied: [DiscountCode]) -> DiscountRefusal? {
        if let refusal = discount.refusal(subtotal: subtotal, at: now) { return refusal }
        if discount.firstOrderOnly {
            guard let email = (buyer.email ?? buyer.customer?.email)?.lowercased(), !email.isEmpty else { return .customerUnknown }
            if orderEmails.contains(email) { return .notFirstOrder }
        }
        if let other = applied.first(where: { !($0.combinesWithOrderDiscounts && discount.combinesWithOrderDiscounts) }) {
            return .doesNotCombine(with: other.code)
        }
        return nil
    }

    func checkoutURL(of stored: StoredCart) -> String {
        "https://\(catalog.shop.domain)/cart/c/\(stored.token)?key=\(stored.key)"
    }
}

extension CodeDiscountAllocation {
    /// Each applicable code's share of a cart's reduction, in the order the codes were entered;
    /// together they never take more than the subtotal.
    public static func shares(of cart: Cart, in catalog: StoreCatalog) -> [CodeDiscountAllocation] {
        let subtotal = cart.cost.subtotalAmount
        var taken = Money.zero(subtotal.currencyCode)
        return cart.discountCodes.filter(\.applicable).compactMap { entered in
            guard let discount = catalog.discountCode(entered.code) else { return nil }
            let off = discount.reduction(ofSubtotal: subtotal)
            let share = (taken + off).amount > subtotal.amount ? subtotal - taken : off
            taken = taken + off
            return CodeDiscountAllocation(code: entered.code, discountedAmount: share, discount: discount)
        }
    }

    init(code: String, discountedAmount: Money, discount: DiscountCode) {
        switch discount.kind {
        case .percentage(let percent): self.init(code: code, discountedAmount: discountedAmount, percentage: percent)
        // The catalog's amounts are in the shop's currency, which is the cart's.
        case .fixedAmount(let amount):
            self.init(code: code, discountedAmount: discountedAmount,
                      fixedAmount: Money(amount: amount.amount, currencyCode: discountedAmount.currencyCode))
        }
    }
}

/// What carts need to know of the orders placed, kept as each order is added rather than counted
/// again from every order on each cart read or change (every order's email hashed and its gift
/// card payments summed, for each cart priced).
struct OrderFacts: Sendable {
    /// The carts an order names: completed, even if the process stopped before it wrote the cart.
    private(set) var cartTokens: Set<String> = []
    /// The emails orders were placed with, lowercased: a first-order code looks here.
    private(set) var emails: Set<String> = []
    /// What orders took off each gift card, by the card's id.
    private(set) var giftCardsSpent: [String: Decimal] = [:]

    init(_ orders: [Order]) { orders.forEach { add($0) } }

    mutating func add(_ order: Order) {
        if let token = StoredCart.parse(id: order.draft.cartId)?.token { cartTokens.insert(token) }
        if let email = order.draft.email?.lowercased() { emails.insert(email) }
        for payment in order.giftCardPayments ?? [] { giftCardsSpent[payment.giftCardId, default: 0] += payment.spent.amount }
    }
}
