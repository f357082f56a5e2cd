import AppCore
import Storefront

/// The cart: lines with quantity, unit price and line total in aligned columns; removal asks
/// first; the discount code (applicable or not) and note, editable in place; subtotal and total.
struct CartView {
    let state: CartState
    let isUpdating: Bool
    let isRestoring: Bool
    /// What checkout adds to the total ("Prices include VAT. Shipping is calculated at checkout.").
    var taxNote = "Taxes and shipping are calculated at checkout."
    /// Why this cart cannot be checked out as it is (a guest's subscription), shown before the
    /// warnings; the short form where the long one would be cut.
    var accountNotice: (long: String, short: String)?

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        // Wider than this, the columns would drift apart; the cart keeps a readable width.
        let padded = canvas.inset(dx: 1, dy: 0)
        let inner = padded.sub(Rect(x: 0, y: 0, width: min(padded.width, 96), height: padded.height))
        inner.text("Cart", y: 0, style: theme[.accent], in: &grid)
        if isUpdating { inner.textRight("updating…", y: 0, style: theme[.muted], in: &grid) }
        guard let cart = state.cart, !cart.lines.isEmpty else {
            inner.text(isRestoring ? "Restoring your cart…" : "Your cart is empty.", y: 2, style: theme[.text], in: &grid)
            if !isRestoring {
                inner.text("Open a product and press a to add it.", y: 3, style: theme[.muted], in: &grid)
            }
            return
        }
        let compact = Self.isCompact(height: inner.height)
        let top = compact ? 1 : 2
        let lineRows = Self.lineRows(state, height: inner.height)
        let columns = CartView.columns(width: inner.width, cart: cart)
        drawHeader(columns, y: top, in: inner, theme: theme, grid: &grid)
        let window = ListWindow(selected: state.selectedLineIndex, total: cart.lines.count, rows: lineRows,
                                first: state.firstVisibleLineIndex)
        var y = top + 1
        // The bar is as wide as the widest item shown (within its column), the same on every row.
        let barWidth = min(columns.item, window.range.map { Self.itemWidth(cart.lines[$0]) + 2 }.max() ?? 0) + 1
        for index in window.range {
            drawLine(cart.lines[index], selected: index == state.selectedLineIndex, columns: columns, barWidth: barWidth, y: y,
                     in: inner, theme: theme, grid: &grid)
            y += 1
        }
        if window.count < cart.lines.count && !isUpdating {
            inner.textRight(window.position(total: cart.lines.count), y: 0, style: theme[.muted], in: &grid)
        }
        if !compact {
            y += 1
            inner.rule(y: y, style: theme[.border], in: &grid)
            y += 1
        }
        y = drawDiscount(cart, y: y, in: inner, theme: theme, grid: &grid)
        y = drawNote(cart, y: y, in: inner, theme: theme, grid: &grid)
        let notice = accountNotice.map { DisplayWidth.of($0.long) + 2 <= inner.width ? $0.long : $0.short }
        for message in ([notice].compactMap { $0 } + (state.notSoldHere + state.warnings).map(\.message)).prefix(1) {
            inner.text("! " + message, y: y, style: theme[.warning], in: &grid)
            y += 1
        }
        if !compact {
            inner.rule(y: y, style: theme[.border], in: &grid)
            y += 1
        }
        drawTotals(cart, y: y, compact: compact, columns: columns, in: inner, theme: theme, grid: &grid)
    }

    /// A short screen drops the rules, the subtotal and the hint.
    static func isCompact(height: Int) -> Bool { height < 16 }

    /// Rows for cart lines in a body this tall: what the header, the discount, note, warnings and
    /// totals below leave.
    static func lineRows(_ state: CartState, height: Int, accountNotice: Bool = false) -> Int {
        guard let cart = state.cart else { return 1 }
        let compact = isCompact(height: height)
        let hasDiscounts = cart.cost.totalAmount != cart.cost.subtotalAmount
        let warningRows = min(1, state.notSoldHere.count + state.warnings.count + (accountNotice ? 1 : 0))
        let discountRows = discountRowCount(state) - 1
        let belowRows = (compact ? 3 + warningRows : 8 + warningRows + (hasDiscounts ? 1 : 0)) + discountRows
        return max(1, height - (compact ? 1 : 2) - 1 - belowRows)
    }

    /// One row per code (or one saying there is none), and one for the notice of refused codes.
    static func discountRowCount(_ state: CartState) -> Int {
        max(1, state.cart?.discountCodes.count ?? 0) + (state.discountNotice == nil ? 0 : 1)
    }

    struct Columns {
        var item: Int, quantity: Int, price: Int, total: Int
        var quantityX: Int { item + 2 }
        var priceRight: Int { quantityX + quantity + 2 + price }
        var totalRight: Int { priceRight + 2 + total }
    }

    static func columns(width: Int, cart: Cart) -> Columns {
        columns(width: width, amounts: cart.lines.flatMap { [$0.cost.amountPerQuantity.formatted, $0.cost.totalAmount.formatted] }
            + [cart.cost.subtotalAmount.formatted, cart.cost.totalAmount.formatted])
    }

    /// Item, quantity, price and total columns, the amounts as wide as the widest of `amounts`.
    static func columns(width: Int, amounts money: [String]) -> Columns {
        let amount = max(8, money.map(DisplayWidth.of).max() ?? 0)
        let quantity = 5
        return Columns(item: max(8, width - quantity - 2 * amount - 6), quantity: quantity, price: amount, total: amount)
    }

    private func drawHeader(_ c: Columns, y: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let style = theme[.muted]
        canvas.text("Item", y: y, style: style, in: &grid)
        canvas.textRight("Qty", right: c.quantityX + c.quantity, y: y, style: style, in: &grid)
        canvas.textRight("Price", right: c.priceRight, y: y, style: style, in: &grid)
        canvas.textRight("Total", right: c.totalRight, y: y, style: style, in: &grid)
    }

    /// " · M / Sand" after the product's title, or nothing for a product without options; then
    /// " · ↻ Every 2 weeks" for a line bought on a subscription.
    private static func variantSuffix(_ line: CartLine) -> String {
        let title = line.merchandise.title
        let variant = title.isEmpty || title == "Default Title" ? "" : " · " + title
        return variant + (line.sellingPlanAllocation.map { " · ↻ " + $0.sellingPlan.name } ?? "")
    }

    /// The item's name as the row shows it, before a mark or truncation.
    private static func itemWidth(_ line: CartLine) -> Int {
        DisplayWidth.of(line.merchandise.productTitle + variantSuffix(line))
    }

    private func drawLine(_ line: CartLine, selected: Bool, columns c: Columns, barWidth: Int, y: Int, in canvas: Canvas,
                          theme: Theme, grid: inout Grid) {
        let style = selected ? theme[.selection] : theme[.text]
        if selected { canvas.placeFocus(y: y, in: &grid) }
        let variant = Self.variantSuffix(line)
        if state.pendingRemoveLineId == line.id {
            // The question takes the whole row.
            if selected { canvas.fill(Rect(x: 0, y: y, width: canvas.width, height: 1), style: style, in: &grid) }
            canvas.text("Remove \(line.merchandise.productTitle)\(variant)?", y: y, style: style.adding(.bold), in: &grid,
                        maxWidth: c.item)
            canvas.textRight("y remove · n keep", right: c.totalRight, y: y, style: selected ? style : theme[.warning], in: &grid)
            return
        }
        if selected { canvas.fill(Rect(x: 0, y: y, width: barWidth, height: 1), style: style, in: &grid) }
        var itemWidth = c.item
        var mark = ""
        // A line the cart's country does not sell says so at the end of its item column (a narrow
        // one marks it before the title; the row under the note says why).
        if state.notSoldReason(line) != nil {
            let tag = "✗ not sold here"
            if c.item >= 24 {
                itemWidth = c.item - DisplayWidth.of(tag) - 1
                canvas.textRight(tag, right: c.item, y: y, style: theme[.warning], in: &grid)
            } else {
                mark = "✗ "
            }
        }
        canvas.text(mark + line.merchandise.productTitle + variant, y: y, style: style, in: &grid, maxWidth: itemWidth)
        // The bar covers the items, as the product lists' covers the title column: a move rewrites
        // two items, and the amounts read the same on every row.
        let amounts = theme[.text]
        canvas.textRight("\(line.quantity)", right: c.quantityX + c.quantity, y: y, style: amounts, in: &grid)
        canvas.textRight(line.cost.amountPerQuantity.formatted, right: c.priceRight, y: y, style: amounts, in: &grid)
        canvas.textRight(line.cost.totalAmount.formatted, right: c.totalRight, y: y, style: amounts.adding(.bold), in: &grid)
    }

    private func drawDiscount(_ cart: Cart, y: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) -> Int {
        let label = "Discount"
        canvas.text(label, y: y, style: theme[.fieldLabel], in: &grid)
        let x = 10
        if state.editing == .discountCode {
            TextFieldView(value: state.discountCodeText, placeholder: "code, enter to apply", focused: true)
                .draw(in: canvas, x: x, y: y, width: min(30, canvas.width - x), theme: theme, grid: &grid)
            return y + 1
        }
        var y = y
        if cart.discountCodes.isEmpty {
            canvas.text("none · d to add a code", x: x, y: y, style: theme[.muted], in: &grid)
            y += 1
        }
        // One code a row; the selection can stand on a code (x removes it).
        for (index, code) in cart.discountCodes.enumerated() {
            let selected = state.selectedLineIndex == cart.lines.count + index
            let style = selected ? theme[.selection] : theme[.heading]
            if selected { canvas.fill(Rect(x: x, y: y, width: canvas.width - x, height: 1), style: style, in: &grid) }
            var cx = canvas.text(code.code, x: x, y: y, style: style, in: &grid)
            cx = canvas.text(code.applicable ? " ✓ applied" : " ✗ does not apply", x: cx, y: y,
                             style: selected ? style : theme[code.applicable ? .success : .warning], in: &grid)
            if selected { canvas.text("  x remove", x: cx, y: y, style: style, in: &grid) }
            y += 1
        }
        if let notice = state.discountNotice {
            canvas.text("✗ " + notice, x: x, y: y, style: theme[.warning], in: &grid, maxWidth: canvas.width - x)
            y += 1
        }
        return y
    }

    private func drawNote(_ cart: Cart, y: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) -> Int {
        canvas.text("Note", y: y, style: theme[.fieldLabel], in: &grid)
        let x = 10
        if state.editing == .note {
            TextFieldView(value: state.noteText, placeholder: "a note for the shop", focused: true)
                .draw(in: canvas, x: x, y: y, width: canvas.width - x, theme: theme, grid: &grid)
        } else if let note = cart.note, !note.isEmpty {
            canvas.text(note, x: x, y: y, style: theme[.text], in: &grid)
        } else {
            canvas.text("none · n to add one", x: x, y: y, style: theme[.muted], in: &grid)
        }
        return y + 1
    }

    private func drawTotals(_ cart: Cart, y start: Int, compact: Bool, columns c: Columns, in canvas: Canvas, theme: Theme,
                            grid: inout Grid) {
        var y = start
        func row(_ label: String, _ amount: String, _ role: Role) {
            canvas.textRight(label, right: c.priceRight, y: y, style: theme[role == .heading ? .heading : .muted], in: &grid)
            canvas.textRight(amount, right: c.totalRight, y: y, style: theme[role], in: &grid)
            y += 1
        }
        if compact {
            row("Total", cart.cost.totalAmount.formatted, .heading)
            return
        }
        row("Subtotal", cart.cost.subtotalAmount.formatted, .text)
        if cart.cost.totalAmount != cart.cost.subtotalAmount {
            row("Discounts", (cart.cost.totalAmount - cart.cost.subtotalAmount).formatted, .success)
        }
        row("Total", cart.cost.totalAmount.formatted, .heading)
        // Beside the button the note has the width less the button's; a note longer than that
        // ("Prices include consumption tax. Shipping is …") puts its first sentence up beside the
        // total rather than being cut.
        let room = canvas.width - 18
        var note = taxNote
        if DisplayWidth.of(note) > room, let end = note.range(of: ". ") {
            canvas.text(String(note[..<end.lowerBound]) + ".", y: y - 1, style: theme[.muted], in: &grid,
                        maxWidth: c.priceRight - DisplayWidth.of("Total") - 1)
            note = String(note[end.upperBound...])
        }
        canvas.text(note, y: y, style: theme[.muted], in: &grid, maxWidth: room)
        canvas.textRight(" enter  Checkout ", right: c.totalRight, y: y, style: theme[.selection], in: &grid)
    }
}
