import CheckoutSheet
import Storefront

/// The checkout sheet: a bordered box over the cart with the configuration's title, the tint
/// progress bar while loading, the page's step (form, shipping rates, review, thank-you) and its keys.
struct CheckoutSheetView {
    let page: CheckoutPage
    let configuration: CheckoutConfiguration
    let hints: [KeyHint]

    /// The steps a buyer walks through, for the breadcrumb.
    static let journey: [(CheckoutPage.Step, String)] = [
        (.contact, "Contact"), (.delivery, "Delivery"), (.shipping, "Shipping"), (.payment, "Payment"), (.review, "Review"),
    ]

    /// The sheet's rectangle inside the area it covers: nearly all of it, capped in width.
    static func frame(in area: Rect) -> Rect {
        let width = area.width >= 60 ? min(area.width - 4, 100) : area.width
        let height = area.height >= 16 ? area.height - 2 : area.height
        return area.centered(width: width, height: height)
    }

    func draw(over area: Rect, profile: ColorProfile, grid: inout Grid) {
        let theme = Theme.sheet(configuration, profile: profile)
        let box = Canvas(rect: CheckoutSheetView.frame(in: area))
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
        let footerRows = 1
        let content = inner.sub(Rect(x: 0, y: 3, width: inner.width, height: inner.height - 3 - footerRows - 1))
        drawStep(in: content, theme: theme, grid: &grid)
        drawFooter(in: inner.sub(Rect(x: 0, y: inner.height - 1, width: inner.width, height: 1)), theme: theme, grid: &grid)
    }

    // MARK: Top

    private func drawBreadcrumb(in canvas: Canvas, theme: Theme, grid: inout Grid) {
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

    private func drawStep(in canvas: Canvas, theme: Theme, grid: inout Grid) {
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
            drawSummary(summary, in: side.sub(Rect(x: 0, y: 2, width: side.width, height: side.height - 2)),
                        theme: theme, grid: &grid)
        }
        var y = 0
        if let notice = page.notice, !notice.isEmpty {
            for line in TextLayout.wrap("! " + notice, width: area.width).prefix(3) {
                area.text(line, y: y, style: theme[page.step == .thankYou ? .text : .error], in: &grid)
                y += 1
            }
            y += 1
        }
        let rest = area.sub(Rect(x: 0, y: y, width: area.width, height: area.height - y))
        switch page.step {
        case .loading:
            rest.textCentered("Preparing your checkout", y: rest.height / 2 - 1, style: theme[.muted], in: &grid)
        case .contact, .delivery, .payment:
            drawFields(in: rest, theme: theme, grid: &grid)
            if !showsSide, let total = page.summary?.total, rest.height > 2 {
                drawAmount("Total", total, y: rest.height - 1, in: rest, style: theme[.heading], grid: &grid)
            }
        case .shipping:
            drawRates(in: rest, theme: theme, grid: &grid)
        case .review:
            rest.text("Review your order", y: 0, style: theme[.heading], in: &grid)
            if let summary = page.summary {
                drawSummary(summary, in: rest.sub(Rect(x: 0, y: 2, width: rest.width, height: rest.height - 2)),
                            theme: theme, grid: &grid)
            }
        case .thankYou:
            drawThankYou(in: rest, theme: theme, grid: &grid)
        case .unavailable:
            if page.notice == nil {
                rest.text("This checkout cannot be shown.", y: 0, style: theme[.error], in: &grid)
            }
        }
    }

    private func drawFields(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let fields = page.fields
        guard !fields.isEmpty, canvas.height > 0 else { return }
        let labelWidth = min(18, (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 1)
        let fieldWidth = min(44, canvas.width - labelWidth - 1)
        // Rows per field: the field, its error if any, and a blank row when there is room.
        let needed = fields.reduce(0) { $0 + 1 + ($1.error == nil ? 0 : 1) }
        let spaced = needed + fields.count - 1 <= canvas.height - 1
        let heights = fields.map { 1 + ($0.error == nil ? 0 : 1) + (spaced ? 1 : 0) }
        // Scroll so that the focused field is on screen when not all fit.
        let focusIndex = fields.firstIndex { $0.id == page.focusedFieldID } ?? 0
        var first = 0
        while first < focusIndex && heights[first...focusIndex].reduce(0, +) > canvas.height { first += 1 }
        var y = 0
        for field in fields[first...] {
            guard y < canvas.height else { break }
            let focused = field.id == page.focusedFieldID
            canvas.text(field.label, y: y, style: theme[focused ? .heading : .fieldLabel], in: &grid, maxWidth: labelWidth - 1)
            TextFieldView(value: field.displayValue, placeholder: field.placeholder, focused: focused && !page.isBusy)
                .draw(in: canvas, x: labelWidth, y: y, width: fieldWidth, theme: theme, grid: &grid)
            y += 1
            if let error = field.error {
                canvas.text("✗ " + error, x: labelWidth, y: y, style: theme[.error], in: &grid)
                y += 1
            }
            if spaced { y += 1 }
        }
    }

    private func drawRates(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        canvas.text("Shipping method", y: 0, style: theme[.heading], in: &grid)
        let priceWidth = page.shippingRates.map { DisplayWidth.of($0.price.formatted) }.max() ?? 0
        let titleWidth = min(24, page.shippingRates.map { DisplayWidth.of($0.title) }.max() ?? 0)
        for (index, rate) in page.shippingRates.enumerated() {
            let y = 2 + index
            guard y < canvas.height else { break }
            let selected = rate.id == page.selectedRateID
            let style = selected ? theme[.selection] : theme[.text]
            canvas.text(String(repeating: " ", count: canvas.width), y: y, style: style, in: &grid)
            var x = canvas.text(selected ? " (•) " : " ( ) ", y: y, style: style, in: &grid)
            canvas.text(rate.title, x: x, y: y, style: style, in: &grid, maxWidth: titleWidth)
            x += titleWidth + 2
            let estimateWidth = canvas.width - x - priceWidth - 3
            if estimateWidth > 4 {
                canvas.text(rate.estimate, x: x, y: y, style: selected ? style : theme[.muted], in: &grid, maxWidth: estimateWidth)
            }
            canvas.textRight(rate.price.formatted, right: canvas.width - 1, y: y, style: style, in: &grid)
        }
        if page.shippingRates.isEmpty {
            canvas.text("No shipping methods for this address.", y: 2, style: theme[.warning], in: &grid)
        }
    }

    private func drawSummary(_ summary: CheckoutPage.Summary, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        var y = 0
        let totalsRows = 5
        let lineRows = max(1, canvas.height - totalsRows - 1)
        let shown = summary.lines.count > lineRows ? Array(summary.lines.prefix(lineRows - 1)) : summary.lines
        let amountWidth = (summary.lines.map { DisplayWidth.of($0.total.formatted) } + [DisplayWidth.of(summary.total.formatted)]).max() ?? 0
        for line in shown {
            let variant = line.variantTitle.isEmpty || line.variantTitle == "Default Title" ? "" : " · " + line.variantTitle
            canvas.text("\(line.quantity) × \(line.title)\(variant)", y: y, style: theme[.text], in: &grid,
                        maxWidth: canvas.width - amountWidth - 2)
            canvas.textRight(line.total.formatted, y: y, style: theme[.text], in: &grid)
            y += 1
        }
        if shown.count < summary.lines.count {
            canvas.text("+ \(summary.lines.count - shown.count) more", y: y, style: theme[.muted], in: &grid)
            y += 1
        }
        canvas.rule(y: y, style: theme[.border], in: &grid)
        y += 1
        drawAmount("Subtotal", summary.subtotal, y: y, in: canvas, style: theme[.text], grid: &grid)
        y += 1
        if summary.discounts.amount != 0 {
            drawAmount("Discounts", Money(amount: -abs(summary.discounts.amount), currencyCode: summary.discounts.currencyCode),
                       y: y, in: canvas, style: theme[.success], grid: &grid)
            y += 1
        }
        drawAmount("Shipping", summary.shipping, y: y, in: canvas, style: theme[.text], grid: &grid)
        y += 1
        drawAmount("Taxes", summary.taxes, y: y, in: canvas, style: theme[.text], grid: &grid)
        y += 1
        drawAmount("Total", summary.total, y: y, in: canvas, style: theme[.heading], grid: &grid)
    }

    private func drawAmount(_ label: String, _ amount: Money?, y: Int, in canvas: Canvas, style: Style, grid: inout Grid) {
        canvas.text(label, y: y, style: style, in: &grid)
        canvas.textRight(amount?.formatted ?? "calculated next", y: y, style: amount == nil ? style.adding(.dim) : style, in: &grid)
    }

    private func drawThankYou(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        canvas.text("✓ Thank you for your order!", y: 0, style: theme[.success], in: &grid)
        let name = page.orderName ?? page.orderId.map { "#\($0)" } ?? ""
        canvas.text("Order \(name) is confirmed.", y: 2, style: theme[.heading], in: &grid)
        canvas.text("A confirmation is on its way.", y: 3, style: theme[.muted], in: &grid)
        if let summary = page.summary, canvas.height > 6 {
            drawSummary(summary, in: canvas.sub(Rect(x: 0, y: 5, width: min(canvas.width, 60), height: canvas.height - 5)),
                        theme: theme, grid: &grid)
        }
    }

    // MARK: Bottom

    private func drawFooter(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        var x = 0
        if page.isBusy {
            x = canvas.text("Processing… ", y: 0, style: theme[.warning], in: &grid)
        }
        if !page.links.isEmpty && canvas.width > 60 {
            let links = page.links.map(\.title).joined(separator: " · ")
            canvas.textRight(links, y: 0, style: theme[.link], in: &grid, maxWidth: canvas.width / 3)
        }
        for hint in hints where hint.inFooter {
            let needed = DisplayWidth.of(hint.keys) + DisplayWidth.of(hint.label) + 3
            if x + needed > canvas.width - (page.links.isEmpty ? 0 : canvas.width / 3 + 1) { break }
            x = canvas.text(hint.keys, x: x, y: 0, style: theme[.key], in: &grid)
            x = canvas.text(" " + hint.label + "  ", x: x, y: 0, style: theme[.muted], in: &grid)
        }
    }
}
