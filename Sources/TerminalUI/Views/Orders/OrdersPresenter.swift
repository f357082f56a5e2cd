import AppCore
import Foundation
import Storefront

/// "Your orders": a list (date, number, status, items, total) and, on enter, one order with its
/// lines. Guests see the orders placed from this terminal; a signed-in customer sees their own.
struct OrdersPresenter: ScreenPresenter {
    let orders: OrdersState

    func title(_ state: AppState) -> String {
        guard let open = orders.openOrderId, let order = summaries(state).first(where: { $0.id == open }) else { return "Your orders" }
        return "Your orders › \(order.number)"
    }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int { max(1, body.height - Self.headerRows) }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap {
        var bindings: [KeyBinding] = []
        if orders.openOrderId != nil {
            // Esc goes back to the list first; the error bar still takes it when one is up.
            bindings.append(state.errorMessage != nil ? KeyMaps.escape(state)
                            : KeyBinding([.escape], "esc", "all orders", .orders(.closeDetails)))
        } else {
            if !summaries(state).isEmpty {
                bindings += KeyMaps.listMoves({ .orders(.moveSelection(by: $0, rows: $1)) }, rows: listRows)
                bindings.append(KeyBinding([.enter], "enter", "details", .orders(.openSelected)))
            }
            if state.account.isLoggedIn { bindings.append(KeyBinding([.character("r")], "r", "reload", .orders(.open))) }
            bindings.append(KeyMaps.escape(state))
        }
        return KeyMap(title: "Your orders", bindings: bindings, global: KeyMaps.global(state))
    }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        let theme = context.theme
        let inner = canvas.inset(dx: 1, dy: 0)
        let list = summaries(state)
        if let open = orders.openOrderId, let order = list.first(where: { $0.id == open }) {
            details(order, in: inner, context: context, grid: &grid)
            return
        }
        inner.text("Your orders", y: 0, style: theme[.accent], in: &grid)
        let source = state.account.isLoggedIn ? "Orders of your account" : "Orders placed from this terminal"
        inner.text(source, y: 1, style: theme[.muted], in: &grid, maxWidth: inner.width)
        if orders.isLoading && orders.customerOrders == nil {
            inner.text("Loading…", y: Self.headerRows, style: theme[.muted], in: &grid)
            return
        }
        guard !list.isEmpty else {
            var empty = "No orders yet. An order you place here is listed on this page."
            if state.account.isAvailable && !state.account.isLoggedIn { empty += " Log in (u) to see your account's orders." }
            for (index, line) in TextLayout.wrap(empty, width: max(1, inner.width)).prefix(max(0, inner.height - Self.headerRows)).enumerated() {
                inner.text(line, y: Self.headerRows + index, style: theme[.muted], in: &grid)
            }
            return
        }
        let rows = max(1, inner.height - Self.headerRows)
        let first = min(orders.firstVisibleIndex, max(list.count - rows, 0))
        let shown = list[first..<min(list.count, first + rows)]
        // Narrow: number, date and total; the status and count go first when room runs out.
        let wide = inner.width >= 60
        func describe(_ order: OrderSummary) -> String {
            let items = "\(order.itemCount) item\(order.itemCount == 1 ? "" : "s")"
            return order.number + "  " + Self.day(order.date, context.environment.timeZone) + (wide ? "  " + order.status + "  " + items : "")
        }
        let widestLeft = 2 + (shown.map { DisplayWidth.of(describe($0)) }.max() ?? 0)
        for (offset, order) in shown.enumerated() {
            let index = first + offset
            let selected = index == orders.selectedIndex
            let y = Self.headerRows + offset
            let total = order.total?.formatted ?? ""
            let left = (selected ? "▸ " : "  ") + describe(order)
            let style = selected ? theme[.selection] : theme[.text]
            // The bar covers the order's number, date, status and count, as wide on every row;
            // the total at the right edge reads the same on every row, so a move rewrites two
            // short stretches rather than two whole rows.
            let leftWidth = max(0, inner.width - DisplayWidth.of(total) - 1)
            if selected {
                inner.sub(Rect(x: 0, y: y, width: min(leftWidth, widestLeft + 1), height: 1)).fill(style: style, in: &grid)
            }
            inner.text(left, y: y, style: style, in: &grid, maxWidth: leftWidth)
            inner.textRight(total, y: y, style: theme[.text], in: &grid)
        }
    }

    /// One order: number, date, status, each line, the total.
    private func details(_ order: OrderSummary, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        let theme = context.theme
        canvas.text("Order \(order.number)", y: 0, style: theme[.accent], in: &grid, maxWidth: canvas.width)
        canvas.text("\(Self.day(order.date, context.environment.timeZone)) · \(order.status)", y: 1, style: theme[.muted],
                    in: &grid, maxWidth: canvas.width)
        if let breakdown = order.breakdown {
            Self.drawBreakdown(breakdown, from: 3, in: canvas, theme: theme, grid: &grid)
            return
        }
        var y = 3
        for line in order.lines where y < canvas.height - 2 {
            let quantity = "\(line.quantity) × "
            canvas.text(quantity + line.title, y: y, style: theme[.text], in: &grid, maxWidth: canvas.width)
            y += 1
        }
        if order.lines.isEmpty, y < canvas.height - 2 {
            canvas.text("The lines of this order are not known here.", y: y, style: theme[.muted], in: &grid, maxWidth: canvas.width)
            y += 1
        }
        if let total = order.total, y + 1 < canvas.height {
            canvas.text("Total", y: y + 1, style: theme[.heading], in: &grid)
            canvas.textRight(total.formatted, y: y + 1, style: theme[.heading], in: &grid)
        }
    }

    /// The ledger's order as a receipt: a row a line (item · variant, quantity, unit, line price),
    /// then subtotal, discounts, shipping, the tax and the total. The lines give way first where
    /// the screen is short; the total is always shown.
    static func drawBreakdown(_ order: OrderBreakdown, from top: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let all = summaryRows(order)
        // Short of room for every sum and a line: the total alone.
        let sums = canvas.height - top >= all.count + 3 ? all : all.filter { $0.label == "Total" }
        let c = CartView.columns(width: canvas.width, amounts: order.lines.flatMap { [$0.unitPrice.formatted, $0.total.formatted] }
                                 + all.map(\.amount))
        var y = top
        let style = theme[.muted]
        canvas.text("Item", y: y, style: style, in: &grid)
        canvas.textRight("Qty", right: c.quantityX + c.quantity, y: y, style: style, in: &grid)
        canvas.textRight("Price", right: c.priceRight, y: y, style: style, in: &grid)
        canvas.textRight("Total", right: c.totalRight, y: y, style: style, in: &grid)
        y += 1
        let room = max(0, canvas.height - y - sums.count - 1)
        let shown = order.lines.count <= room ? order.lines[...] : order.lines.prefix(max(0, room - 1))
        for line in shown {
            canvas.text(line.title + (line.variantTitle.map { " · " + $0 } ?? ""), y: y, style: theme[.text], in: &grid, maxWidth: c.item)
            canvas.textRight("\(line.quantity)", right: c.quantityX + c.quantity, y: y, style: theme[.text], in: &grid)
            canvas.textRight(line.unitPrice.formatted, right: c.priceRight, y: y, style: theme[.text], in: &grid)
            canvas.textRight(line.total.formatted, right: c.totalRight, y: y, style: theme[.text].adding(.bold), in: &grid)
            y += 1
        }
        if shown.count < order.lines.count {
            let more = order.lines.count - shown.count
            canvas.text("… \(more) more line\(more == 1 ? "" : "s")", y: y, style: theme[.muted], in: &grid, maxWidth: c.item)
            y += 1
        }
        canvas.rule(y: y, style: theme[.border], in: &grid)
        y += 1
        for row in sums where y < canvas.height {
            let role: Role = row.label == "Total" ? .heading : .text
            canvas.textRight(row.label, right: c.priceRight, y: y, style: theme[role == .heading ? .heading : .muted], in: &grid,
                             maxWidth: c.priceRight)
            canvas.textRight(row.amount, right: c.totalRight, y: y, style: theme[role], in: &grid)
            y += 1
        }
    }

    /// Subtotal, discounts (when any), shipping (by its method), the tax ("VAT included" where
    /// prices hold it) and the total, as label and amount.
    static func summaryRows(_ order: OrderBreakdown) -> [(label: String, amount: String)] {
        var rows = [("Subtotal", order.subtotal.formatted)]
        if order.discounts.amount > 0 { rows.append(("Discounts", "-" + order.discounts.formatted)) }
        rows.append((order.shippingMethod.map { "Shipping (\($0))" } ?? "Shipping",
                     order.shipping.amount == 0 ? "Free" : order.shipping.formatted))
        rows.append((order.taxesIncluded ? "\(order.taxName) included" : order.taxName, order.taxes.formatted))
        rows.append(("Total", order.total.formatted))
        return rows
    }

    private func summaries(_ state: AppState) -> [OrderSummary] {
        orders.summaries(placed: state.orders, signedIn: state.account.isLoggedIn)
    }

    /// The title and the line under it.
    static let headerRows = 3

    /// "2026-11-24" in the terminal's time zone.
    static func day(_ date: Date, _ timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

    /// The plain mode's text of the screen.
    func plain(_ state: AppState) -> String {
        let list = orders.summaries(placed: state.orders, signedIn: state.account.isLoggedIn)
        if let open = orders.openOrderId, let order = list.first(where: { $0.id == open }) {
            let heading = "Order \(order.number) · \(Self.day(order.date, .current)) · \(order.status)"
            if let breakdown = order.breakdown {
                return ([heading] + breakdown.lines.map { line in
                    "  \(line.quantity) × \(line.title)\(line.variantTitle.map { " · " + $0 } ?? "")  \(line.unitPrice.formatted) each  \(line.total.formatted)"
                } + Self.summaryRows(breakdown).map { "  \($0.label) \($0.amount)" }).joined(separator: "\n")
            }
            return ([heading]
                    + order.lines.map { "  \($0.quantity) × \($0.title)" }
                    + (order.total.map { ["  Total \($0.formatted)"] } ?? [])).joined(separator: "\n")
        }
        guard !list.isEmpty else {
            // As the screen says it: the list is this terminal's while nobody is logged in.
            let account = state.account.isAvailable && !state.account.isLoggedIn ? " login shows your account's orders." : ""
            return "Your orders: none yet." + account
        }
        return (["Your orders:"] + list.enumerated().map { index, order in
            "\(index + 1). \(order.number)  \(Self.day(order.date, .current))  \(order.status)  \(order.itemCount) item\(order.itemCount == 1 ? "" : "s")  \(order.total?.formatted ?? "")"
        }).joined(separator: "\n")
    }
}

// MARK: Plain mode

extension OrdersPresenter {
    static var plainVerbs: [PlainVerb] {
        [PlainVerb(words: ["orders", "order"], help: """
              orders, order N    your orders; one order by its number (#1001) or by its
                                 place in the list
            """) { number, plain in await show(number.isEmpty ? nil : number, plain) }]
    }

    /// Your orders, or one of them: `number` is the order's number (#1001, 1001) or its place in the list.
    @MainActor
    private static func show(_ number: String?, _ plain: PlainSession) async {
        if case .orders(let screen) = plain.state.screen {
            if screen.openOrderId != nil { plain.send(.orders(.closeDetails)) }
        } else {
            plain.send(.orders(.open))
        }
        guard let number else { return }
        await plain.settle()
        guard case .orders(let screen) = plain.state.screen else { return }
        let list = screen.summaries(placed: plain.state.orders, signedIn: plain.state.account.isLoggedIn)
        let wanted = number.hasPrefix("#") ? String(number.dropFirst()) : number
        let index = list.firstIndex { $0.number == "#" + wanted || $0.number == wanted }
            ?? Int(wanted).flatMap { (1...max(list.count, 1)).contains($0) && !list.isEmpty ? $0 - 1 : nil }
        guard let index else {
            return plain.say(list.isEmpty ? "You have no orders yet."
                             : "There is no order \(number): a number like \(list[0].number), or 1 to \(list.count).")
        }
        plain.send(.orders(.moveSelection(by: index - screen.selectedIndex, rows: PlainSession.listRows)))
        plain.send(.orders(.openSelected))
    }
}
