import Foundation

/// Builds the `Cart` the API returns from a stored cart: merchandise snapshots from the catalog,
/// line and cart costs in `Decimal`, and which discount codes apply.
struct CartPricing {
    let catalog: StoreCatalog
    let stock: StockLedger
    let now: Date

    func cart(from stored: StoredCart) -> Cart {
        let currency = catalog.shop.currencyCode
        var lines: [CartLine] = []
        var subtotal = Money.zero(currency)
        for line in stored.lines {
            // A line whose variant left the catalog (another catalog file) cannot be priced: skip it.
            guard let (product, listed) = catalog.variant(id: line.merchandiseId) else { continue }
            let variant = stock.current(listed)
            let lineSubtotal = (variant.price * line.quantity).rounded()
            subtotal = subtotal + lineSubtotal
            lines.append(CartLine(
                id: line.id, quantity: line.quantity, merchandise: CartMerchandise(variant: variant, of: product),
                attributes: line.attributes,
                cost: CartLineCost(amountPerQuantity: variant.price, compareAtAmountPerQuantity: variant.compareAtPrice,
                                   subtotalAmount: lineSubtotal, totalAmount: lineSubtotal)))
        }
        var reduction = Money.zero(currency)
        let codes = stored.discountCodes.map { code -> CartDiscountCode in
            guard let discount = catalog.discountCode(code), discount.applies(toSubtotal: subtotal, at: now) else {
                return CartDiscountCode(code: code, applicable: false)
            }
            reduction = reduction + discount.reduction(ofSubtotal: subtotal)
            return CartDiscountCode(code: code, applicable: true)
        }
        let total = reduction.amount >= subtotal.amount ? Money.zero(currency) : (subtotal - reduction).rounded()
        return Cart(id: stored.id, checkoutUrl: checkoutURL(of: stored), createdAt: stored.createdAt, updatedAt: stored.updatedAt,
                    lines: lines, buyerIdentity: stored.buyerIdentity, discountCodes: codes, note: stored.note,
                    attributes: stored.attributes, cost: CartCost(subtotalAmount: subtotal, totalAmount: total))
    }

    func checkoutURL(of stored: StoredCart) -> String {
        "https://\(catalog.shop.domain)/cart/c/\(stored.token)?key=\(stored.key)"
    }
}
