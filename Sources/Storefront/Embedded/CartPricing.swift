import Foundation

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
            let variant = catalog.markets.localize(product, context).variant(id: shopVariant.id).map {
                var priced = shopVariant; priced.price = $0.price; priced.compareAtPrice = $0.compareAtPrice; return priced
            } ?? shopVariant
            let lineSubtotal = (variant.price * line.quantity).rounded()
            subtotal = subtotal + lineSubtotal
            shopSubtotal = shopSubtotal + (shopVariant.price * line.quantity).rounded()
            lines.append(CartLine(
                id: line.id, quantity: line.quantity, merchandise: CartMerchandise(variant: variant, of: product),
                attributes: line.attributes,
                cost: CartLineCost(amountPerQuantity: variant.price, compareAtAmountPerQuantity: variant.compareAtPrice,
                                   subtotalAmount: lineSubtotal, totalAmount: lineSubtotal)))
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
        let cart = Cart(id: id, checkoutUrl: checkoutURL(of: stored), createdAt: stored.createdAt, updatedAt: stored.updatedAt,
                        lines: lines, buyerIdentity: stored.buyerIdentity, discountCodes: codes, note: stored.note,
                        attributes: stored.attributes, cost: CartCost(subtotalAmount: subtotal, totalAmount: total))
        return (cart, warnings)
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
