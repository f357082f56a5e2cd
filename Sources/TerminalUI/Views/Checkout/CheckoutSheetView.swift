import CheckoutSheet
import Storefront

/// The checkout sheet: a bordered box over the cart with the configuration's title, the tint
/// progress bar while loading, the page's step (form, shipping rates, review, thank-you) and its keys.
struct CheckoutSheetView {
    let page: CheckoutPage
    let configuration: CheckoutConfiguration
    let hints: [KeyHint]
    /// The app's one line about the sheet ("Reloaded after an error: your details are kept.").
    var notice: String? = nil

    /// The steps a buyer walks through, for the breadcrumb.
    static let journey: [(CheckoutPage.Step, String)] = [
        (.contact, "Contact"), (.delivery, "Delivery"), (.shipping, "Shipping"), (.payment, "Payment"), (.review, "Review"),
    ]

    /// The sheet's rectangle inside the area it covers: nearly all of it, capped in width.
    static func frame(in area: Rect) -> Rect {
        let width = area.width >= 108 ? 100 : (area.width >= 42 ? area.width - 2 : area.width)
        let height = area.height >= 16 ? area.height - 2 : area.height
        return area.centered(width: width, height: height)
    }

    func draw(over area: Rect, profile: ColorProfile, grid: inout Grid) {
        let theme = Theme.sheet(configuration, profile: profile)
        let frame = CheckoutSheetView.frame(in: area)
        // The screen's title row above the sheet stays in view, dimmed; the rest of the screen is
        // cleared rather than left as fragments beside the box.
        grid.restyle(area) { $0.adding(.dim) }
        grid.fill(Rect(x: area.x, y: frame.y, width: area.width, height: area.maxY - frame.y),
                  style: Theme.standard(profile)[.text])
        let box = Canvas(rect: frame)
        box.fill(style: theme[.text], in: &grid)
        box.border(style: theme[.border], title: configuration.title, titleStyle: theme[.heading], in: &grid)
        if box.width > 20 {
            var close = theme[.muted]
            if configuration.closeButtonTintColor != .terminalDefault && profile != .monochrome {
                close.foreground = Color(configuration.closeButtonTintColor)
            }
            box.textRight(" esc ✕ ", right: box.width - 2, y: 0, style: close, in: &grid)
        }
        let inner = box.inset(dx: 2, dy: 1)
        guard inner.height >= 4, inner.width >= 10 else { return }

        drawBreadcrumb(in: inner, theme: theme, grid: &grid)
        if page.step == .loading {
            ProgressBar(progress: page.progress).draw(in: inner, y: 1, theme: theme, grid: &grid)
        } else {
            inner.rule(y: 1, style: theme[.border], in: &grid)
        }
        // A short sheet drops the blank rows around its content.
        let compact = inner.height < 12
        let top = compact ? 2 : 3
        let content = inner.sub(Rect(x: 0, y: top, width: inner.width, height: inner.height - top - (compact ? 1 : 2)))
        let hidden = drawStep(in: content, compact: compact, theme: theme, grid: &grid)
        // Fields scrolled out of the form are counted on the rule above it.
        let marks = [hidden.above > 0 ? "↑ \(hidden.above) more" : nil, hidden.below > 0 ? "↓ \(hidden.below) more" : nil]
            .compactMap { $0 }
        if !marks.isEmpty, page.step != .loading {
            inner.textRight(" " + marks.joined(separator: " · ") + " ", right: inner.width - 1, y: 1, style: theme[.muted], in: &grid)
        }
        let linksRow = compact ? nil : inner.height - 2
        drawFooter(in: inner.sub(Rect(x: 0, y: inner.height - 1, width: inner.width, height: 1)), theme: theme, grid: &grid,
                   linksAbove: linksRow.map { inner.sub(Rect(x: 0, y: $0, width: inner.width, height: 1)) })
    }

    // MARK: Top

    private func drawBreadcrumb(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        if page.webCheckoutURL != nil && page.step == .unavailable {
            canvas.text("Pay in your browser", y: 0, style: theme[.accent], in: &grid)
            return
        }
        switch page.step {
        case .loading:
            canvas.text("Loading checkout… \(Int((min(1, max(0, page.progress)) * 100).rounded()))%", y: 0,
                        style: theme[.muted], in: &grid)
            return
        case .thankYou:
            canvas.text("Order placed", y: 0, style: theme[.success], in: &grid)
            return
        case .unavailable:
            canvas.text("Checkout unavailable", y: 0, style: theme[.error], in: &grid)
            return
        default: break
        }
        let current = CheckoutSheetView.journey.firstIndex { $0.0 == page.step } ?? 0
        let full = CheckoutSheetView.journey.map(\.1).joined(separator: " › ")
        if DisplayWidth.of(full) > canvas.width {
            let name = CheckoutSheetView.journey[current].1
            canvas.text("Step \(current + 1) of \(CheckoutSheetView.journey.count) · \(name)", y: 0, style: theme[.accent], in: &grid)
            return
        }
        var x = 0
        for (index, (_, name)) in CheckoutSheetView.journey.enumerated() {
            if index > 0 { x = canvas.text(" › ", x: x, y: 0, style: theme[.muted], in: &grid) }
            let style = index == current ? theme[.accent].adding(.underline) : (index < current ? theme[.text] : theme[.muted])
            x = canvas.text(name, x: x, y: 0, style: style, in: &grid)
        }
    }

    // MARK: Steps

    /// Draws the step; returns how many fields are scrolled out above and below the form.
    private func drawStep(in canvas: Canvas, compact: Bool, theme: Theme, grid: inout Grid) -> (above: Int, below: Int) {
        var area = canvas
        // A wide sheet keeps the order summary in a column on the right, as web checkout does.
        let showsSide = canvas.width >= 84 && page.summary != nil
            && [.contact, .delivery, .shipping, .payment].contains(page.step)
        if showsSide, let summary = page.summary {
            let sideWidth = 34
            area = canvas.sub(Rect(x: 0, y: 0, width: canvas.width - sideWidth - 3, height: canvas.height))
            for row in 0..<canvas.height {
                canvas.text("│", x: canvas.width - sideWidth - 2, y: row, style: theme[.border], in: &grid)
            }
            let side = canvas.sub(Rect(x: canvas.width - sideWidth, y: 0, width: sideWidth, height: canvas.height))
            side.text("Order summary", y: 0, style: theme[.heading], in: &grid)
            OrderSummaryView(summary: summary)
                .draw(in: side.sub(Rect(x: 0, y: 2, width: side.width, height: side.height - 2)), theme: theme, grid: &grid)
        }
        var y = 0
        if let notice, !notice.isEmpty, page.step != .loading {
            // One line where it fits; beside the summary column it may take a second.
            let lines = TextLayout.wrap("↻ " + notice, width: area.width)
            for (index, line) in lines.prefix(compact ? 1 : 2).enumerated() {
                let more = index == (compact ? 0 : 1) && lines.count > index + 1
                area.text(more ? TextLayout.truncate(line + " " + TextLayout.ellipsis, to: area.width) : line, y: y,
                          style: theme[.warning], in: &grid, maxWidth: area.width)
                y += 1
            }
        }
        if let notice = page.notice, !notice.isEmpty {
            let lines = TextLayout.wrap("! " + notice, width: area.width)
            for line in lines.prefix(compact ? 1 : 3) {
                let cut = compact && lines.count > 1 ? TextLayout.truncate(line + " …", to: area.width) : line
                area.text(cut, y: y, style: theme[.error], in: &grid)
                y += 1
            }
            if !compact { y += 1 }
        }
        let rest = area.sub(Rect(x: 0, y: y, width: area.width, height: area.height - y))
        if let url = page.webCheckoutURL {
            PayInBrowserView(page: page, url: url).draw(in: rest, compact: compact, theme: theme, grid: &grid)
            return (0, 0)
        }
        switch page.step {
        case .loading:
            rest.textCentered("Preparing your checkout", y: max(0, rest.height / 2 - 1), style: theme[.muted], in: &grid)
        case .contact, .delivery, .payment:
            // Without the summary column, the costs go under the form: the breakdown, then the total.
            let strip = showsSide ? 0 : summaryStripRows(rest, compact: compact)
            let hidden = drawFields(in: rest.sub(Rect(x: 0, y: 0, width: rest.width, height: rest.height - strip)), compact: compact,
                                    theme: theme, grid: &grid)
            if strip > 0 { drawSummaryStrip(in: rest.sub(Rect(x: 0, y: rest.height - strip, width: rest.width, height: strip)),
                                            compact: compact, theme: theme, grid: &grid) }
            return hidden
        case .shipping:
            let strip = showsSide ? 0 : summaryStripRows(rest, compact: compact)
            if !compact { rest.text("Shipping method", y: 0, style: theme[.heading], in: &grid) }
            let top = compact ? 0 : 2
            drawRates(in: rest.sub(Rect(x: 0, y: top, width: rest.width, height: rest.height - top - strip)), theme: theme, grid: &grid)
            if strip > 0 { drawSummaryStrip(in: rest.sub(Rect(x: 0, y: rest.height - strip, width: rest.width, height: strip)),
                                            compact: compact, theme: theme, grid: &grid) }
        case .review:
            drawReview(in: rest, compact: compact, theme: theme, grid: &grid)
        case .thankYou:
            drawThankYou(in: rest, compact: compact, theme: theme, grid: &grid)
        case .unavailable:
            if page.notice == nil {
                rest.text("This checkout cannot be shown.", y: 0, style: theme[.error], in: &grid)
            }
        }
        return (0, 0)
    }

    // MARK: Costs

    /// Rows for the costs under a form: the breakdown with the total on its last row, or the
    /// total alone when short.
    private func summaryStripRows(_ canvas: Canvas, compact: Bool) -> Int {
        guard let summary = page.summary, canvas.height > 2 else { return 0 }
        if compact || canvas.height < 6 { return 1 }
        let strip = OrderSummaryView.strip(summary, width: canvas.width)
        let totalFits = DisplayWidth.of((strip.rows.last ?? "") + "  " + strip.total) <= canvas.width
        return min(3, strip.rows.count + (totalFits ? 0 : 1))
    }

    private func drawSummaryStrip(in canvas: Canvas, compact: Bool, theme: Theme, grid: inout Grid) {
        guard let summary = page.summary else { return }
        let strip = OrderSummaryView.strip(summary, width: canvas.width)
        let y = canvas.height - 1
        let start = canvas.textRight(strip.total, y: y, style: theme[.heading], in: &grid)
        let lastFits = DisplayWidth.of((strip.rows.last ?? "") + "  " + strip.total) <= canvas.width
        let needed = strip.rows.count + (lastFits ? 0 : 1)
        guard !compact, needed <= canvas.height else {
            // No room for the breakdown: the total, and the tax in it when there is room.
            if summary.taxesIncluded, let taxes = summary.taxes, start > 4 {
                canvas.text("\(summary.includedTaxLabel) \(taxes.formatted)", y: y, style: theme[.muted], in: &grid, maxWidth: start - 2)
            }
            return
        }
        for (index, row) in strip.rows.enumerated() {
            canvas.text(row, y: canvas.height - needed + index, style: theme[.muted], in: &grid, maxWidth: canvas.width)
        }
    }

    // MARK: Review and thank-you

    /// What the buyer gave, one row each: "Contact  ada@example.com". Returns the rows used.
    @discardableResult
    private func drawDetails(in canvas: Canvas, theme: Theme, grid: inout Grid) -> Int {
        let labelWidth = (page.details.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2
        for (row, detail) in page.details.prefix(canvas.height).enumerated() {
            canvas.text(detail.label, y: row, style: theme[.fieldLabel], in: &grid)
            canvas.text(detail.value, x: labelWidth, y: row, style: theme[.text], in: &grid, maxWidth: canvas.width - labelWidth)
        }
        return min(page.details.count, max(0, canvas.height))
    }

    private func drawReview(in canvas: Canvas, compact: Bool, theme: Theme, grid: inout Grid) {
        // The heading goes first when rows are short: the breadcrumb already says "Review".
        let summaryRows = page.summary.map { OrderSummaryView.totals($0).count + 2 } ?? 0
        let withHeading = !compact && canvas.height >= 2 + page.details.count + 1 + summaryRows
        var y = 0
        if withHeading {
            canvas.text("Review your order", y: 0, style: theme[.heading], in: &grid)
            y = 2
        }
        // Details keep at least the summary's total below them.
        let detailRows = min(page.details.count, max(0, canvas.height - y - 3))
        y += drawDetails(in: canvas.sub(Rect(x: 0, y: y, width: canvas.width, height: detailRows)), theme: theme, grid: &grid)
        let wholeSummary = page.summary.map { $0.lines.count + 1 + OrderSummaryView.totals($0).count } ?? 0
        if detailRows > 0 && canvas.height - y > wholeSummary { y += 1 }
        if let summary = page.summary, canvas.height > y {
            OrderSummaryView(summary: summary)
                .draw(in: canvas.sub(Rect(x: 0, y: y, width: canvas.width, height: canvas.height - y)), theme: theme, grid: &grid)
        }
    }

    private func drawFields(in canvas: Canvas, compact: Bool, theme: Theme, grid: inout Grid) -> (above: Int, below: Int) {
        let fields = page.fields
        guard !fields.isEmpty, canvas.height > 0 else { return (0, 0) }
        // Labels get the room they need, up to 45% of the sheet, so the fields keep a usable width.
        // A label longer than that goes whole above its field rather than being cut.
        let gap = canvas.width >= 60 ? 2 : 1
        let labelRoom = max(18, canvas.width * 45 / 100)
        let stacked = fields.map { DisplayWidth.of($0.label) + gap > labelRoom }
        let besideLabels = zip(fields, stacked).filter { !$1 }.map { DisplayWidth.of($0.0.label) }
        let labelWidth = besideLabels.max().map { $0 + gap } ?? 0
        let fieldWidth = min(44, canvas.width - labelWidth - 1)
        // An error wraps under its field, on two rows at most, one on a short sheet; the focused
        // field's error, the one the buyer is fixing, gets three.
        let errors = fields.map { field in
            field.error.map {
                Array(TextLayout.wrap("✗ " + $0, width: canvas.width - labelWidth)
                    .prefix(field.id == page.focusedFieldID ? 3 : (compact ? 1 : 2)))
            } ?? []
        }
        // Rows per field: its label when above it, the field, its error if any, and a blank row
        // when there is room.
        let needed = zip(errors, stacked).reduce(0) { $0 + ($1.1 ? 2 : 1) + $1.0.count }
        let spaced = !compact && needed + fields.count - 1 <= canvas.height
        let heights = zip(errors, stacked).map { ($0.1 ? 2 : 1) + $0.0.count + (spaced ? 1 : 0) }
        // Scroll so that the focused field (and its error) is on screen when not all fit.
        let focusIndex = fields.firstIndex { $0.id == page.focusedFieldID } ?? 0
        var first = 0
        while first < focusIndex && heights[first...focusIndex].reduce(0, +) > canvas.height { first += 1 }
        var y = 0
        var shown = 0
        for (index, field) in fields.enumerated().dropFirst(first) {
            // A field is drawn whole (label, field) or not at all.
            guard y + (stacked[index] ? 2 : 1) <= canvas.height else { break }
            shown += 1
            let focused = field.id == page.focusedFieldID
            canvas.text(field.label, y: y, style: theme[focused ? .heading : .fieldLabel], in: &grid,
                        maxWidth: stacked[index] ? canvas.width : labelWidth - 1)
            if stacked[index] { y += 1 }
            TextFieldView(value: field.displayValue, placeholder: field.placeholder, focused: focused && !page.isBusy)
                .draw(in: canvas, x: labelWidth, y: y, width: fieldWidth, theme: theme, grid: &grid)
            y += 1
            for line in errors[index] where y < canvas.height {
                canvas.text(line, x: labelWidth, y: y, style: theme[.error], in: &grid)
                y += 1
            }
            if spaced { y += 1 }
        }
        return (first, fields.count - first - shown)
    }

    private func drawRates(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let rates = page.shippingRates
        guard !rates.isEmpty else {
            canvas.text("No shipping methods for this address.", y: 0, style: theme[.warning], in: &grid)
            return
        }
        let priceWidth = rates.map { DisplayWidth.of($0.price.formatted) }.max() ?? 0
        let titleWidth = min(24, rates.map { DisplayWidth.of($0.title) }.max() ?? 0)
        let selected = rates.firstIndex { $0.id == page.selectedRateID } ?? 0
        let window = ListWindow(selected: selected, total: rates.count, rows: canvas.height)
        for (row, index) in window.range.enumerated() {
            let rate = rates[index]
            let isSelected = rate.id == page.selectedRateID
            let style = isSelected ? theme[.selection] : theme[.text]
            if isSelected { canvas.fill(Rect(x: 0, y: row, width: canvas.width, height: 1), style: style, in: &grid) }
            if isSelected { canvas.placeFocus(y: row, in: &grid) }
            var x = canvas.text(isSelected ? " (•) " : " ( ) ", y: row, style: style, in: &grid)
            canvas.text(rate.title, x: x, y: row, style: style, in: &grid, maxWidth: titleWidth)
            x += titleWidth + 2
            let estimateWidth = canvas.width - x - priceWidth - 3
            if estimateWidth > 4 {
                canvas.text(rate.estimate, x: x, y: row, style: isSelected ? style : theme[.muted], in: &grid,
                            maxWidth: estimateWidth)
            }
            canvas.textRight(rate.price.formatted, right: canvas.width - 1, y: row, style: style, in: &grid)
        }
    }

    private func drawThankYou(in canvas: Canvas, compact: Bool, theme: Theme, grid: inout Grid) {
        let name = page.orderName ?? page.orderId.map { "#\($0)" } ?? ""
        canvas.text("✓ Thank you for your order!", y: 0, style: theme[.success], in: &grid)
        canvas.text("Order \(name) is confirmed.", y: 1, style: theme[.heading], in: &grid)
        guard !compact else {
            if let total = page.summary?.total, canvas.height > 3 {
                canvas.text("Total", y: 3, style: theme[.text], in: &grid)
                canvas.textRight(total.formatted, y: 3, style: theme[.heading], in: &grid)
            }
            return
        }
        canvas.text("A confirmation is on its way.", y: 2, style: theme[.muted], in: &grid)
        guard let summary = page.summary, canvas.height > 5 else { return }
        // What was bought comes first; the details follow when the whole summary fits beside them.
        let summaryRows = summary.lines.count + 1 + OrderSummaryView.totals(summary).count
        let room = canvas.height - 4
        let detailRows = room >= summaryRows + 2 + page.details.count ? page.details.count : 0
        OrderSummaryView(summary: summary, linesFirst: true)
            .draw(in: canvas.sub(Rect(x: 0, y: 4, width: canvas.width, height: room - (detailRows > 0 ? detailRows + 1 : 0))),
                  theme: theme, grid: &grid)
        if detailRows > 0 {
            drawDetails(in: canvas.sub(Rect(x: 0, y: 4 + summaryRows + 1, width: canvas.width, height: detailRows)),
                        theme: theme, grid: &grid)
        }
    }

    // MARK: Bottom

    /// The keys, and the page's links with the key that opens each ("1 Refund policy"): on the row
    /// above the keys when there is one, else beside them when they fit.
    private func drawFooter(in canvas: Canvas, theme: Theme, grid: inout Grid, linksAbove: Canvas?) {
        var x = 0
        if page.isBusy {
            x = canvas.text("Processing… ", y: 0, style: theme[.warning], in: &grid)
        }
        var linksRoom = 0
        if !page.links.isEmpty {
            if let linksAbove {
                drawLinks(in: linksAbove, width: linksAbove.width, theme: theme, grid: &grid)
            } else if canvas.width > 60 {
                linksRoom = drawLinks(in: canvas, width: canvas.width / 3, theme: theme, grid: &grid) + 1
            }
        }
        for hint in hints where hint.inFooter {
            let needed = DisplayWidth.of(hint.keys) + DisplayWidth.of(hint.label) + 3
            if x + needed > canvas.width - linksRoom { break }
            x = canvas.text(hint.keys, x: x, y: 0, style: theme[.key], in: &grid)
            x = canvas.text(" " + hint.label + "  ", x: x, y: 0, style: theme[.muted], in: &grid)
        }
    }

    /// The links right-aligned in `width` columns, full titles when they fit, else their first
    /// words; while typing, "alt-" once before the digits rather than a name left out; else the keys
    /// alone. Returns the columns used.
    @discardableResult
    private func drawLinks(in canvas: Canvas, width: Int, theme: Theme, grid: inout Grid) -> Int {
        let typing = page.focusedFieldID != nil && !page.fields.isEmpty
        let keys = page.links.indices.map { CheckoutKeys.linkKey($0, typing: typing) }
        let digits = page.links.indices.map { CheckoutKeys.linkKey($0, typing: false) }
        let full = page.links.map(\.title)
        let words = page.links.map { String($0.title.split(separator: " ").first ?? "") }
        var spellings: [(prefix: String, keys: [String], titles: [String])] = [("", keys, full), ("", keys, words)]
        if typing { spellings += [("alt-", digits, full), ("alt-", digits, words)] }
        spellings.append(("", keys, page.links.map { _ in "" }))
        for (prefix, keys, titles) in spellings {
            let parts = zip(keys, titles).map { ($0, $1) }
            let total = parts.reduce(0) { $0 + DisplayWidth.of($1.0) + ($1.1.isEmpty ? 0 : 1 + DisplayWidth.of($1.1)) }
                + 2 * (parts.count - 1) + DisplayWidth.of(prefix)
            guard total <= width else { continue }
            var x = canvas.width - total
            if !prefix.isEmpty { x = canvas.text(prefix, x: x, y: 0, style: theme[.key], in: &grid) }
            for (index, (key, title)) in parts.enumerated() {
                if index > 0 { x = canvas.text("  ", x: x, y: 0, style: theme[.muted], in: &grid) }
                x = canvas.text(key, x: x, y: 0, style: theme[.key], in: &grid)
                if !title.isEmpty { x = canvas.text(" " + title, x: x, y: 0, style: theme[.link], in: &grid) }
            }
            return total
        }
        return 0
    }
}
