import Foundation
import AppCore
import Pictures
import Storefront

/// A product: title (wrapped), vendor, price with the compare-at price struck, availability of the
/// chosen variant, option pickers (the chosen value highlighted, values that make no available
/// variant with the other choices marked), quantity, add to cart and its confirmation, and the
/// wrapped description, which scrolls when it is longer than its area.
struct ProductDetailView {
    let detail: ProductDetailState?
    let isLoading: Bool
    /// The product's picture (the chosen variant's, else the product's first): beside the
    /// description on a wide screen, above the choices on a tall narrow one, left out otherwise.
    var pictures = PictureShelf()
    var pictureDepth: PictureDepth = .ansi256
    /// False: no picture; the choices and the description take its place.
    var showsPictures = true

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        guard let detail, let product = detail.product else {
            let message = detail.map(Self.notFoundMessage) ?? "Loading product…"
            canvas.text(message, x: 2, y: 1, style: theme[.muted], in: &grid)
            return
        }
        let area = drawChoicesAndPlaceDescription(product, detail, in: canvas, theme: theme, grid: &grid)
        drawDescription(product.description, offset: detail.descriptionOffset, in: area, theme: theme, grid: &grid)
    }

    /// Draws everything but the description and returns the description's area.
    private func drawChoicesAndPlaceDescription(_ product: Product, _ detail: ProductDetailState, in canvas: Canvas,
                                                theme: Theme, grid: inout Grid) -> Canvas {
        let inner = canvas.inset(dx: 2, dy: 0)
        // Wide: choices on the left, picture and description on the right. Narrow: picture above
        // (when the screen is tall enough to keep the choices in view), description below.
        let sideBySide = inner.width >= 90
        let image = showsPictures ? detail.selectedVariant?.image ?? product.images.first : nil
        // Beside the choices only when there is a picture to show: otherwise the choices take the width.
        let beside = !sideBySide && inner.width >= Self.widthForPictureBeside && image?.pictureUrl != nil
        let leftWidth = sideBySide || beside ? 48 : inner.width
        if sideBySide {
            let right = inner.sub(Rect(x: leftWidth + 4, y: 1, width: inner.width - leftWidth - 4, height: inner.height - 1))
            let picture = PictureView(image: image, maxColumns: min(right.width, 48), maxRows: min(18, right.height / 2))
            let pictureRows = picture.size.rows
            picture.draw(in: right, pictures: pictures, depth: pictureDepth, theme: theme, grid: &grid)
            _ = drawChoices(product, detail, in: inner.sub(Rect(x: 0, y: 0, width: leftWidth, height: inner.height)),
                            theme: theme, grid: &grid)
            let top = pictureRows > 0 ? pictureRows + 1 : 0
            return right.sub(Rect(x: 0, y: top, width: right.width, height: right.height - top))
        }
        if beside {
            // Medium: the picture beside the choices, the description below both.
            let pictureArea = inner.sub(Rect(x: leftWidth + 2, y: 1, width: inner.width - leftWidth - 2, height: inner.height - 1))
            let picture = PictureView(image: image, maxColumns: min(pictureArea.width, 30), maxRows: min(12, inner.height / 2))
            picture.draw(in: pictureArea, pictures: pictures, depth: pictureDepth, theme: theme, grid: &grid)
            // Below the picture the rows are the body's whole width.
            let used = max(drawChoices(product, detail, in: inner.sub(Rect(x: 0, y: 0, width: leftWidth, height: inner.height)),
                                       wideFrom: (row: picture.size.rows + 1, canvas: inner), theme: theme, grid: &grid),
                           picture.size.rows > 0 ? picture.size.rows + 1 : 0)
            return inner.sub(Rect(x: 0, y: used + 1, width: inner.width, height: inner.height - used - 1))
        }
        let pictureRows = inner.height >= Self.heightForPictureAbove ? min(10, inner.height - 24) : 0
        let picture = PictureView(image: pictureRows > 0 ? image : nil, maxColumns: inner.width, maxRows: pictureRows)
        let top = picture.size.rows > 0 ? picture.size.rows + 1 : 0
        picture.draw(in: inner.sub(Rect(x: 0, y: 1, width: inner.width, height: picture.size.rows)), pictures: pictures,
                     depth: pictureDepth, theme: theme, grid: &grid)
        let left = inner.sub(Rect(x: 0, y: top, width: leftWidth, height: inner.height - top))
        let used = top + drawChoices(product, detail, in: left, wideFrom: (row: 0, canvas: left), theme: theme, grid: &grid)
        return inner.sub(Rect(x: 0, y: used + 1, width: inner.width, height: inner.height - used - 1))
    }

    /// From this width the picture fits beside the choices (at least 20 columns of it).
    static let widthForPictureBeside = 70

    /// A narrow screen shows the picture above the choices only from this height: below it the
    /// picture would push the options and the add key out of view.
    static let heightForPictureAbove = 30

    /// The description's scroll: rows of text shown at a time, and the largest offset (its last
    /// line on the last row), for a body of `size`. The keys use it; the view draws the same.
    static func descriptionScroll(_ detail: ProductDetailState, body size: Size) -> (rows: Int, limit: Int) {
        guard let product = detail.product, !product.description.isEmpty else { return (1, 0) }
        var scratch = Grid(size: size)
        let area = ProductDetailView(detail: detail, isLoading: false)
            .drawChoicesAndPlaceDescription(product, detail, in: Canvas(rect: scratch.bounds), theme: Theme.standard(.monochrome),
                                            grid: &scratch)
        let lines = TextLayout.wrap(product.description, width: area.width).count
        let rows = textRows(lines: lines, height: area.height)
        return (max(1, rows), max(0, lines - rows))
    }

    /// A description longer than its area gives up its last row to say where it is and how to scroll.
    private static func textRows(lines: Int, height: Int) -> Int { lines > height ? max(0, height - 1) : height }

    /// Draws everything but the description; returns the rows used. A short screen (under 18 rows)
    /// packs title and vendor, price and availability on one row each and drops the blank rows.
    /// `wideFrom`: from that row on, the rows span the body's width, `canvas` (same origin; wider
    /// below a picture beside the choices). Nil: every row is beside the picture.
    private func drawChoices(_ product: Product, _ detail: ProductDetailState, in canvas: Canvas,
                             wideFrom: (row: Int, canvas: Canvas)? = nil, theme: Theme, grid: inout Grid) -> Int {
        let compact = canvas.height < 18
        let byline = [product.vendor, product.productType].filter { !$0.isEmpty }.joined(separator: " · ")
        var y = compact ? 0 : 1
        // A long title wraps (up to three rows) instead of losing its end.
        let titleLines = TextLayout.wrap(TextLayout.singleLine(product.title), width: canvas.width)
        let titleRows = min(titleLines.count, 3)
        var x = 0
        for (index, line) in titleLines.prefix(titleRows).enumerated() {
            let cut = index == titleRows - 1 && titleLines.count > titleRows
            x = canvas.text(cut ? TextLayout.truncate(line + " …", to: canvas.width) : line, y: y, style: theme[.accent], in: &grid)
            if index < titleRows - 1 { y += 1 }
        }
        if compact {
            // The byline after the title when a few letters of it fit; the title has the row first.
            if canvas.width - x >= 10 {
                canvas.text("  " + byline, x: x, y: y, style: theme[.muted], in: &grid)
            }
        } else {
            y += 1
            canvas.text(byline, y: y, style: theme[.muted], in: &grid)
            y += 1
        }
        y += 1
        // Price, and the compare-at price struck through when the variant is on sale.
        let variant = detail.selectedVariant
        let price = detail.unitPrice ?? product.priceRange.minVariantPrice
        // Not sold in the shopper's country: no price there, only why.
        x = detail.notSoldIn != nil ? 0 : canvas.text(price.formatted, y: y, style: theme[.price], in: &grid)
        if detail.notSoldIn == nil, let plan = detail.selectedSellingPlan {
            x = canvas.text(plan.cadence, x: x + 2, y: y, style: theme[.muted], in: &grid)
        } else if detail.notSoldIn == nil, let variant, variant.isOnSale, let compare = variant.compareAtPrice {
            x = canvas.text(compare.formatted, x: x + 2, y: y, style: theme[.compareAt], in: &grid)
            let saving = Money.format((compare.amount - variant.price.amount) / compare.amount * 100, fractionDigits: 0)
            x = canvas.text("save \(saving)%", x: x + 2, y: y, style: theme[.onSale], in: &grid)
        }
        let (availability, role) = ProductDetailView.availability(detail)
        if compact {
            canvas.text("  " + availability, x: x, y: y, style: theme[role], in: &grid)
            y += 1
        } else {
            y += 1
            canvas.text(availability, y: y, style: theme[role], in: &grid)
            y += 2
        }

        let labels = product.options.map(\.name) + (detail.planRowIndex == nil ? [] : ["Purchase"])
        let labelWidth = max(10, (labels.map { DisplayWidth.of($0) }.max() ?? 0) + 3)
        var anyUnavailable = false
        for (index, option) in product.options.enumerated() {
            let focused = index == detail.focusedOptionIndex
            canvas.text((focused ? "▸ " : "  ") + option.name, y: y, style: theme[focused ? .heading : .fieldLabel],
                        in: &grid, maxWidth: labelWidth)
            var vx = labelWidth
            for value in option.optionValues {
                let chosen = detail.selectedOptions.indices.contains(index) && detail.selectedOptions[index].value == value.name
                let available = ProductDetailView.isAvailable(value.name, optionIndex: index, detail: detail, product: product)
                anyUnavailable = anyUnavailable || !available
                let text = chosen ? "[\(value.name)]" : " \(value.name) "
                if vx + DisplayWidth.of(text) + (available ? 0 : 1) > canvas.width {
                    // Values that do not fit continue on the next row, under the first value.
                    guard !compact, y + 1 < canvas.height - 4 else {
                        canvas.text("…", x: vx, y: y, style: theme[.muted], in: &grid)
                        break
                    }
                    y += 1
                    vx = labelWidth
                }
                let style = chosen ? (focused ? theme[.selection] : theme[.selectionMuted]) : theme[available ? .text : .muted]
                if chosen && focused { canvas.placeFocus(x: vx, y: y, in: &grid) }
                vx = canvas.text(text, x: vx, y: y, style: available ? style : style.adding(.strikethrough), in: &grid)
                if !available { vx = canvas.text("✗", x: vx, y: y, style: theme[.muted], in: &grid) }
                vx += 1
            }
            y += 1
        }
        if let row = detail.planRowIndex, let variant {
            y = drawPlanRow(detail, variant: variant, focused: row == detail.focusedOptionIndex, y: y, labelWidth: labelWidth,
                            compact: compact, in: canvas, theme: theme, grid: &grid)
        }
        if anyUnavailable && !compact {
            canvas.text("  ✗ " + Self.unavailableLegend(product), y: y, style: theme[.muted], in: &grid)
            y += 1
        }
        if (!product.options.isEmpty || detail.planRowIndex != nil) && !compact { y += 1 }
        x = canvas.text(TextLayout.fit("  Quantity", to: labelWidth), y: y, style: theme[.fieldLabel], in: &grid)
        x = canvas.text(" − ", x: x, y: y, style: theme[.muted], in: &grid)
        x = canvas.text("\(detail.quantity)", x: x, y: y, style: theme[.heading], in: &grid)
        x = canvas.text(" +", x: x, y: y, style: theme[.muted], in: &grid)
        if let maximum = detail.maximumQuantity, detail.canAddToCart {
            canvas.text("  (\(maximum) available)", x: x, y: y, style: theme[.muted], in: &grid)
        }
        y += compact ? 1 : 2
        if detail.canAddToCart, let unit = detail.unitPrice {
            let total = (unit * detail.quantity).formatted
            if grid.focus == nil { canvas.placeFocus(y: y, in: &grid) } // no options: the button
            canvas.text(" a  Add to cart · \(total) ", y: y, style: theme[.selection], in: &grid)
        } else {
            canvas.text(" Unavailable ", y: y, style: theme[.muted].adding(.reverse), in: &grid)
        }
        if let confirmation = detail.confirmation {
            if let wide = wideFrom, y + 1 >= wide.row {
                // Across the body: wrapped at words, two rows at most.
                for line in TextLayout.wrap("✓ " + confirmation, width: wide.canvas.width).prefix(2) {
                    y += 1
                    wide.canvas.text(line, y: y, style: theme[.success], in: &grid)
                }
            } else {
                // Beside the picture: one row of the column, cut with an ellipsis.
                y += 1
                canvas.text("✓ " + confirmation, y: y, style: theme[.success], in: &grid)
            }
        }
        return y + 1
    }

    /// The purchase row: "One-time" or each plan with its price per delivery ("Every 2 weeks −10 %"),
    /// the chosen one highlighted; values that do not fit continue under the first.
    private func drawPlanRow(_ detail: ProductDetailState, variant: ProductVariant, focused: Bool, y start: Int, labelWidth: Int,
                             compact: Bool, in canvas: Canvas, theme: Theme, grid: inout Grid) -> Int {
        var y = start
        canvas.text((focused ? "▸ " : "  ") + "Purchase", y: y, style: theme[focused ? .heading : .fieldLabel], in: &grid, maxWidth: labelWidth)
        var vx = labelWidth
        var choices = Array((["One-time"] + detail.sellingPlans.map { ProductDetailView.planLabel($0, price: variant.price) }).enumerated())
        // A compact screen that cannot show them all shows the chosen one (←→ still moves through all).
        let whole = choices.reduce(labelWidth) { $0 + DisplayWidth.of($1.element) + 3 }
        if compact && whole > canvas.width { choices = choices.filter { $0.offset == detail.selectedPlanIndex } }
        for (index, label) in choices {
            let chosen = index == detail.selectedPlanIndex
            let text = chosen ? "[\(label)]" : " \(label) "
            if vx + DisplayWidth.of(text) > canvas.width && vx > labelWidth {
                guard !compact, y + 1 < canvas.height - 4 else {
                    canvas.text("…", x: vx, y: y, style: theme[.muted], in: &grid)
                    break
                }
                y += 1
                vx = labelWidth
            }
            let style = chosen ? (focused ? theme[.selection] : theme[.selectionMuted]) : theme[.text]
            if chosen && focused { canvas.placeFocus(x: vx, y: y, in: &grid) }
            vx = canvas.text(text, x: vx, y: y, style: style, in: &grid) + 1
        }
        return y + 1
    }

    /// "Every 2 weeks −10 %", or the plan's name and its price when it is not a percentage off.
    static func planLabel(_ plan: SellingPlan, price: Money) -> String {
        switch plan.firstAdjustment?.value {
        case .percentage(let percent)?: return "\(plan.name) −\(Money.format(percent, fractionDigits: 0)) %"
        case nil: return plan.name
        default: return "\(plan.name) \(plan.price(of: price).formatted)"
        }
    }

    /// The description from line `offset`; when it does not fit, the last row says which lines
    /// show and that pgup / pgdn scroll.
    private func drawDescription(_ text: String, offset: Int, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        guard canvas.height > 0, !text.isEmpty else { return }
        let lines = TextLayout.wrap(text, width: canvas.width)
        let rows = Self.textRows(lines: lines.count, height: canvas.height)
        let first = min(max(offset, 0), max(0, lines.count - rows))
        for (index, line) in lines.dropFirst(first).prefix(rows).enumerated() {
            canvas.text(line, y: index, style: theme[.text], in: &grid)
        }
        guard rows < lines.count, rows > 0 else { return }
        let last = min(first + rows, lines.count)
        let more = last < lines.count ? "pgdn more" : "pgup back"
        canvas.text("lines \(first + 1)–\(last) of \(lines.count) · \(more)", y: rows, style: theme[.muted], in: &grid)
    }

    /// What the buyer can expect of the chosen combination.
    static func availability(_ detail: ProductDetailState) -> (String, Role) {
        if let country = detail.notSoldIn { return ("Not sold in \(country)", .soldOut) }
        guard let variant = detail.selectedVariant else { return ("This combination does not exist", .warning) }
        guard variant.availableForSale, (variant.quantityAvailable ?? 1) > 0 else { return ("Sold out", .soldOut) }
        if let stock = variant.quantityAvailable {
            return (stock <= 5 ? "Only \(stock) left" : "In stock", stock <= 5 ? .warning : .success)
        }
        return ("Available", .success)
    }

    /// Why there is no product to show: gone since it was shown, or never in the shop; nil while loading.
    static func notFoundMessage(_ detail: ProductDetailState) -> String {
        guard detail.notFound else { return "Loading product…" }
        return detail.wentAway ? "This product is no longer available." : "There is no product \"\(detail.handle)\" in this shop."
    }

    /// What the ✗ beside a value means: with every variant sold out, no choice would help.
    static func unavailableLegend(_ product: Product) -> String {
        isSoldOutInEveryChoice(product) ? "sold out in every choice" : "not available with the other choices"
    }

    /// No variant can be bought: another choice would not help.
    static func isSoldOutInEveryChoice(_ product: Product) -> Bool {
        product.variants.allSatisfy { !$0.availableForSale || ($0.quantityAvailable ?? 1) <= 0 }
    }

    /// True when choosing `value` for option `optionIndex`, with the other current choices, names a
    /// variant that can be bought.
    static func isAvailable(_ value: String, optionIndex: Int, detail: ProductDetailState, product: Product) -> Bool {
        var choice = detail.selectedOptions
        guard choice.indices.contains(optionIndex) else { return true }
        choice[optionIndex].value = value
        guard let variant = product.variant(matching: choice) else { return false }
        return variant.availableForSale && (variant.quantityAvailable ?? 1) > 0
    }
}
