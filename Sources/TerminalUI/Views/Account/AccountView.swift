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
            draw(lines, from: 2, in: inner, theme: theme, grid: &grid)
            return
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
            lines = [("Open this address in a browser to log in:", .text), ("", .text),
                     (url.absoluteString, .link), ("", .text), ("Waiting for the browser to come back… (esc cancels)", .muted)]
            // A code to approve on another device (RFC 8628): its address carries the code.
            if let userCode = Self.userCode(in: url) {
                lines = [("On your phone or computer, open this address and approve the code \(userCode):", .text), ("", .text),
                         (url.absoluteString, .link), ("", .text), ("Code: \(userCode)", .heading), ("", .text),
                         ("Waiting for the approval… (esc cancels)", .muted)]
            }
            // For a phone, when it fits (an SSH session has no browser of its own): beside the
            // text on a wide screen, else below it.
            guard let code = QRCodeText.rows(for: url.absoluteString), let codeWidth = code.first?.count else { break }
            if inner.width >= codeWidth + 32, inner.height >= code.count + 2 {
                let text = inner.sub(Rect(x: 0, y: 0, width: inner.width - codeWidth - 2, height: inner.height))
                if Self.userCode(in: url) == nil { lines[0].0 = "Open this address in a browser to log in, or scan the code with a phone:" }
                draw(lines, from: 2, in: text, theme: theme, grid: &grid)
                drawCode(code, x: inner.width - codeWidth, y: 2, in: inner, theme: theme, grid: &grid)
                return
            }
            let used = draw(lines, from: 2, in: inner, theme: theme, grid: &grid)
            if codeWidth <= inner.width, code.count <= inner.height - used - 1 {
                drawCode(code, x: 0, y: used + 1, in: inner, theme: theme, grid: &grid)
            }
            return
        case .loggedIn(let session):
            lines = loggedIn(state.details ?? session.customer)
        }
        draw(lines, from: 2, in: inner, theme: theme, grid: &grid)
    }

    /// The user code a device login's verification address carries (`?user_code=`).
    static func userCode(in url: URL) -> String? {
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
            .first { $0.name == "user_code" }?.value.map { TextSanitizer.cleanLine($0) }.flatMap { $0.isEmpty ? nil : String($0.prefix(32)) }
    }

    private func loggedIn(_ customer: Customer) -> [(String, Role)] {
        var lines: [(String, Role)] = [(customer.knownAs ?? "Signed in", .heading)]
        if let email = customer.email, email != customer.knownAs { lines.append((email, .text)) }
        if let address = customer.defaultAddress {
            let place = [address.postalCode, address.city].compactMap { $0 }.joined(separator: " ")
            let parts = [address.address1, address.address2, place, address.countryCode].compactMap { $0 }.filter { !$0.isEmpty }
            lines.append((parts.joined(separator: ", "), .muted))
        }
        let checkout = customer.knownAs == nil ? "The shop has no name or e-mail for you yet: your first checkout asks, and remembers them."
            : "Checkout fills in your email and address."
        lines += [(checkout + " Your subscriptions: press s.", .muted), ("", .text),
                  ("Your orders", .heading)]
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

    private func drawCode(_ rows: [String], x: Int, y: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let area = canvas.sub(Rect(x: x, y: y, width: canvas.width - x, height: canvas.height - y))
        for (index, row) in rows.enumerated() { area.text(row, y: index, style: theme[.text], in: &grid) }
    }

    /// Each paragraph wrapped to the width (an address is cut anywhere, so all of it shows);
    /// returns the row after the last one drawn.
    @discardableResult
    private func draw(_ paragraphs: [(String, Role)], from top: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) -> Int {
        let rows = paragraphs.flatMap { text, role in
            (text.isEmpty ? [""] : TextLayout.wrap(text, width: max(1, canvas.width))).map { ($0, role) }
        }
        let shown = rows.prefix(max(0, canvas.height - top))
        for (index, row) in shown.enumerated() {
            canvas.text(row.0, y: top + index, style: theme[row.1], in: &grid, maxWidth: canvas.width)
        }
        return top + shown.count
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
