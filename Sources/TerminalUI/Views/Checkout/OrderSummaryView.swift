import CheckoutSheet
import Storefront

/// The order summary of a checkout: lines with their totals, then subtotal, discounts, shipping,
/// taxes and total, amounts right-aligned. When rows are short, lines collapse first ("+ 2 more"),
/// then the smaller totals; the total itself is the last thing to go.
struct OrderSummaryView {
    let summary: CheckoutPage.Summary

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        guard canvas.height > 0 else { return }
        var totals: [(String, Money?, Role)] = [("Subtotal", summary.subtotal, .text)]
        if summary.discounts.amount != 0 {
            totals.append(("Discounts", Money(amount: -abs(summary.discounts.amount), currencyCode: summary.discounts.currencyCode),
                           .success))
        }
        totals += [("Shipping", summary.shipping, .text), ("Taxes", summary.taxes, .text), ("Total", summary.total, .heading)]
        // Rows: lines, a rule, the totals. Drop lines, then the rule, then totals from the top.
        var lineRows = summary.lines.count
        var ruleRows = 1
        if lineRows + ruleRows + totals.count > canvas.height {
            lineRows = max(0, canvas.height - ruleRows - totals.count)
            if lineRows == 0 { ruleRows = 0 }
        }
        if totals.count > canvas.height { totals = Array(totals.suffix(canvas.height)) }
        let amountWidth = (summary.lines.map { DisplayWidth.of($0.total.formatted) } + [DisplayWidth.of(summary.total.formatted)])
            .max() ?? 0
        var y = 0
        let shownLines = lineRows < summary.lines.count ? max(0, lineRows - 1) : lineRows
        for line in summary.lines.prefix(shownLines) {
            let variant = line.variantTitle.isEmpty || line.variantTitle == "Default Title" ? "" : " · " + line.variantTitle
            canvas.text("\(line.quantity) × \(line.title)\(variant)", y: y, style: theme[.text], in: &grid,
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
            canvas.textRight(amount?.formatted ?? "calculated next", y: y,
                             style: amount == nil ? theme[.muted] : theme[role], in: &grid)
            y += 1
        }
    }
}
