import AppCore
import Foundation
import Storefront

/// The account screen: how to log in (and the address to open while the login waits), who is
/// logged in with their default address, and their orders.
struct AccountView {
    let state: AccountState
    let timeZone: TimeZone

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let inner = canvas.inset(dx: 1, dy: 0)
        inner.text("Account", y: 0, style: theme[.accent], in: &grid)
        var lines: [(String, Role)] = []
        guard state.isAvailable else {
            lines = [("Customer accounts are not set up in this storefront.", .muted)]
            return draw(lines, from: 2, in: inner, theme: theme, grid: &grid)
        }
        switch state.status {
        case .unknown:
            lines = [("Reading your login…", .muted)]
        case .loggedOut:
            lines = [("You are not logged in.", .text), ("", .text),
                     ("Press enter to log in with your customer account: a browser opens (or the address to open "
                      + "shows here), and checkout fills in your email and address.", .muted), ("", .text),
                     ("From a shell: storefront login", .muted)]
        case .sessionEnded(let reason):
            lines = [("Your session has ended (\(reason)).", .warning), ("", .text),
                     ("Press enter to log in again. Your cart is kept.", .muted)]
        case .loggingIn(let url):
            guard let url else {
                lines = [("Starting the login…", .muted)]
                break
            }
            lines = [("Open this address in a browser to log in:", .text), ("", .text), (url.absoluteString, .link),
                     ("", .text), ("Waiting for the browser to come back… (esc cancels)", .muted)]
        case .loggedIn(let session):
            lines = loggedIn(session.customer)
        }
        draw(lines, from: 2, in: inner, theme: theme, grid: &grid)
    }

    private func loggedIn(_ customer: Customer) -> [(String, Role)] {
        var lines: [(String, Role)] = [(customer.displayName, .heading)]
        if let email = customer.email, email != customer.displayName { lines.append((email, .text)) }
        if let address = customer.defaultAddress {
            let place = [address.postalCode, address.city].compactMap { $0 }.joined(separator: " ")
            let parts = [address.address1, address.address2, place, address.countryCode].compactMap { $0 }.filter { !$0.isEmpty }
            lines.append((parts.joined(separator: ", "), .muted))
        }
        lines += [("Checkout fills in your email and address.", .muted), ("", .text), ("Your orders", .heading)]
        if state.isLoadingOrders && state.orders == nil {
            lines.append(("Loading…", .muted))
        } else if let orders = state.orders {
            if orders.isEmpty { lines.append(("No orders yet.", .muted)) }
            for order in orders {
                let items = order.lineItems.reduce(0) { $0 + $1.quantity }
                lines.append(("\(order.name)  \(day(order.processedAt))  \(order.totalPrice.formatted)  "
                              + "\(items) item\(items == 1 ? "" : "s")", .text))
            }
        }
        return lines
    }

    /// Each paragraph wrapped to the width (an address is cut anywhere, so all of it shows).
    private func draw(_ paragraphs: [(String, Role)], from top: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let rows = paragraphs.flatMap { text, role in
            (text.isEmpty ? [""] : TextLayout.wrap(text, width: max(1, canvas.width))).map { ($0, role) }
        }
        for (index, row) in rows.prefix(max(0, canvas.height - top)).enumerated() {
            canvas.text(row.0, y: top + index, style: theme[row.1], in: &grid, maxWidth: canvas.width)
        }
    }

    /// "2026-11-22" in the terminal's time zone.
    private func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        func two(_ n: Int?) -> String { String(format: "%02d", n ?? 0) }
        return "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day))"
    }
}
