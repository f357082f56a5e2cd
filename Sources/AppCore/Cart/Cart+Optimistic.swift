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

    /// Adds `quantity` of `merchandise` (on `plan`, when given): to its line when the cart has one,
    /// else as a new line whose id is provisional until the server names it. The same item on
    /// another plan, or bought once, is another line, as the shop keeps it.
    mutating func add(_ merchandise: CartMerchandise, quantity: Int, plan: SellingPlan? = nil) {
        if let line = lines.first(where: { $0.merchandise.id == merchandise.id && $0.sellingPlanAllocation?.sellingPlan.id == plan?.id }) {
            setQuantity(line.quantity + quantity, ofLine: line.id)
            return
        }
        let unit = plan?.price(of: merchandise.price) ?? merchandise.price
        let total = unit * quantity
        let allocation = plan.map {
            SellingPlanAllocation(sellingPlan: $0, price: unit, compareAtPrice: merchandise.price, checkoutChargeAmount: unit)
        }
        lines.append(CartLine(id: Cart.provisionalLineId(for: merchandise.id, plan: plan?.id), quantity: quantity, merchandise: merchandise,
                              cost: CartLineCost(amountPerQuantity: unit,
                                                 compareAtAmountPerQuantity: plan == nil ? merchandise.compareAtPrice : merchandise.price,
                                                 subtotalAmount: total, totalAmount: total),
                              sellingPlanAllocation: allocation))
        recomputeCost()
    }

    static func provisionalLineId(for merchandiseId: String, plan: String? = nil) -> String {
        plan.map { "pending:\(merchandiseId)#\($0)" } ?? "pending:\(merchandiseId)"
    }

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
