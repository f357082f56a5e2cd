import Storefront

/// Local edits shown before the server answers. Amounts are recomputed from the unit prices; the
/// server's cart replaces the result as soon as it arrives.
extension Cart {
    /// Sets a line's quantity; 0 removes the line.
    mutating func setQuantity(_ quantity: Int, ofLine lineId: String) {
        guard let index = lines.firstIndex(where: { $0.id == lineId }) else { return }
        if quantity <= 0 {
            lines.remove(at: index)
        } else {
            let line = lines[index]
            let unit = line.cost.amountPerQuantity
            let subtotal = unit * quantity
            let discount = line.cost.subtotalAmount - line.cost.totalAmount
            lines[index].quantity = quantity
            lines[index].cost.subtotalAmount = subtotal
            lines[index].cost.totalAmount = subtotal - discount
        }
        recomputeCost()
    }

    /// Adds `quantity` of `merchandise`: to its line when the cart has one, else as a new line whose
    /// id is provisional until the server names it.
    mutating func add(_ merchandise: CartMerchandise, quantity: Int) {
        if let line = lines.first(where: { $0.merchandise.id == merchandise.id }) {
            setQuantity(line.quantity + quantity, ofLine: line.id)
            return
        }
        let total = merchandise.price * quantity
        lines.append(CartLine(id: Cart.provisionalLineId(for: merchandise.id), quantity: quantity, merchandise: merchandise,
                              cost: CartLineCost(amountPerQuantity: merchandise.price,
                                                 compareAtAmountPerQuantity: merchandise.compareAtPrice,
                                                 subtotalAmount: total, totalAmount: total)))
        recomputeCost()
    }

    static func provisionalLineId(for merchandiseId: String) -> String { "pending:\(merchandiseId)" }

    /// True for a line shown before the server named it.
    public static func isProvisional(lineId: String) -> Bool { lineId.hasPrefix("pending:") }

    /// Subtotal from the lines; the cart-level discount (total below subtotal) is kept as an amount.
    private mutating func recomputeCost() {
        let currency = cost.subtotalAmount.currencyCode
        // A line in another currency cannot be summed; the server's answer will settle it.
        let subtotal = lines.map(\.cost.totalAmount).filter { $0.currencyCode == currency }
            .reduce(Money.zero(currency), +)
        let cartDiscount = cost.subtotalAmount - cost.totalAmount
        let total = lines.isEmpty ? Money.zero(currency) : subtotal - cartDiscount
        cost = CartCost(subtotalAmount: subtotal, totalAmount: total)
    }
}
