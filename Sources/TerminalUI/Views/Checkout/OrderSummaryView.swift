import CheckoutSheet
import Storefront

/// The order summary of a checkout: lines with their totals, then subtotal, discounts, shipping,
/// taxes and total, amounts right-aligned. What is not known yet says "calculated at next step";
/// taxes included in the prices read "Incl. VAT". When rows are short, the lines collapse first
/// ("+ 2 more"), then the smaller totals; the total itself is the last thing to go. With
/// `linesFirst` (the thank-you page, where what was bought matters most) the smaller totals go first.
struct OrderSummaryView {
    let summary: CheckoutPage.Summary
    var linesFirst = false

    static let unknown = "calculated at next step"

    /// The rows below the lines: label, amount (nil: not known yet) and role; the total last.
    static func totals(_ summary: CheckoutPage.Summary) -> [(String, Money?, Role)] {
        var totals: [(String, Money?, Role)] = [("Subtotal", summary.subtotal, .text)]
        if summary.discounts.amount != 0 {
            totals.append(("Discounts", Money(amount: -abs(summary.discounts.amount), currencyCode: summary.discounts.currencyCode),
                           .success))
        }
        totals.append(("Shipping", summary.shipping, .text))
        // Taxes in the prices are part of the total already: they are said after it.
        if !summary.taxesIncluded { totals.append((summary.taxName, summary.taxes, .text)) }
        totals.append(("Total", summary.total, .heading))
        if summary.taxesIncluded { totals.append((summary.includedTaxLabel, summary.taxes, .muted)) }
        return totals
    }

    /// The costs as short rows for a sheet too narrow for the summary column, the total at the
    /// right of the last row: "Subtotal €72.50 · Shipping calculated at next step · Incl. VAT €12.58"
    /// then "Total €72.50". Parts are packed into as few rows of `width` as they fit in.
    static func strip(_ summary: CheckoutPage.Summary, width: Int) -> (rows: [String], total: String) {
        let parts = totals(summary).filter { $0.0 != "Total" }.map { "\($0.0) \($0.1?.formatted ?? unknown)" }
        var rows: [String] = []
        for part in parts {
            if let last = rows.last, DisplayWidth.of(last + " · " + part) <= width {
                rows[rows.count - 1] = last + " · " + part
            } else {
                rows.append(part)
            }
        }
        return (rows, "Total " + summary.total.formatted)
    }

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        guard canvas.height > 0 else { return }
        var totals = OrderSummaryView.totals(summary)
        let total = totals.firstIndex { $0.0 == "Total" } ?? 0
        // Rows: lines, a rule, the totals.
        var lineRows = summary.lines.count
        var ruleRows = 1
        if linesFirst {
            // Smaller totals go before any line does; then the rule; then lines.
            while lineRows + ruleRows + totals.count > canvas.height && totals.count > 1 {
                totals.remove(at: totals.firstIndex { $0.0 != "Total" }!)
            }
            if lineRows + ruleRows + totals.count > canvas.height { ruleRows = 0 }
        }
        if lineRows + ruleRows + totals.count > canvas.height {
            lineRows = max(0, canvas.height - ruleRows - totals.count)
            if lineRows == 0 { ruleRows = 0 }
        }
        if totals.count > canvas.height {
            // Keep the total: drop the rows above it first, then the one after it.
            let keep = min(canvas.height, totals.count)
            let start = min(max(0, total - keep + 1), totals.count - keep)
            totals = Array(totals[start..<(start + keep)])
        }
        let amountWidth = (summary.lines.map { DisplayWidth.of($0.total.formatted) } + [DisplayWidth.of(summary.total.formatted)])
            .max() ?? 0
        var y = 0
        let shownLines = lineRows < summary.lines.count ? max(0, lineRows - 1) : lineRows
        for line in summary.lines.prefix(shownLines) {
            canvas.text("\(line.quantity) × \(line.title)\(line.terms)", y: y, style: theme[.text], in: &grid,
                        maxWidth: canvas.width - amountWidth - 2)
            canvas.textRight(line.total.formatted, y: y, style: theme[.text], in: &grid)
            y += 1
        }
        if shownLines < summary.lines.count && lineRows > 0 {
            let rest = summary.lines.count - shownLines
            canvas.text(shownLines == 0 ? "\(rest) \(rest == 1 ? "item" : "items")" : "+ \(rest) more", y: y,
                        style: theme[.muted], in: &grid)
            y += 1
        }
        if ruleRows > 0 {
            canvas.rule(y: y, style: theme[.border], in: &grid)
            y += 1
        }
        for (label, amount, role) in totals {
            canvas.text(label, y: y, style: theme[role], in: &grid)
            canvas.textRight(amount?.formatted ?? OrderSummaryView.unknown, y: y,
                             style: amount == nil ? theme[.muted] : theme[role], in: &grid,
                             maxWidth: max(1, canvas.width - DisplayWidth.of(label) - 1))
            y += 1
        }
    }
}
