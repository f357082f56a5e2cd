import Foundation
import AppCore
import Storefront

/// A product: title, vendor, price with the compare-at price struck, availability of the chosen
/// variant, option pickers (the chosen value highlighted, values that make no available variant
/// with the other choices marked), quantity, add to cart, and the wrapped description.
struct ProductDetailView {
    let detail: ProductDetailState?
    let isLoading: Bool

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        guard let detail, let product = detail.product else {
            let message = detail?.notFound == true ? "This product is no longer available." : "Loading product…"
            canvas.text(message, x: 2, y: 1, style: theme[.muted], in: &grid)
            return
        }
        let inner = canvas.inset(dx: 2, dy: 0)
        // Wide: choices on the left, description on the right. Narrow: description below.
        let sideBySide = inner.width >= 90
        let leftWidth = sideBySide ? 48 : inner.width
        let left = inner.sub(Rect(x: 0, y: 0, width: leftWidth, height: inner.height))
        let used = drawChoices(product, detail, in: left, theme: theme, grid: &grid)
        let descriptionArea = sideBySide
            ? inner.sub(Rect(x: leftWidth + 4, y: 1, width: inner.width - leftWidth - 4, height: inner.height - 1))
            : inner.sub(Rect(x: 0, y: used + 1, width: inner.width, height: inner.height - used - 1))
        drawDescription(product.description, in: descriptionArea, theme: theme, grid: &grid)
    }

    /// Draws everything but the description; returns the rows used. A short screen (under 18 rows)
    /// packs title and vendor, price and availability on one row each and drops the blank rows.
    private func drawChoices(_ product: Product, _ detail: ProductDetailState, in canvas: Canvas, theme: Theme,
                             grid: inout Grid) -> Int {
        let compact = canvas.height < 18
        let byline = [product.vendor, product.productType].filter { !$0.isEmpty }.joined(separator: " · ")
        var y = compact ? 0 : 1
        var x = canvas.text(product.title, y: y, style: theme[.accent], in: &grid)
        if compact {
            canvas.text("  " + byline, x: x, y: y, style: theme[.muted], in: &grid)
        } else {
            y += 1
            canvas.text(byline, y: y, style: theme[.muted], in: &grid)
            y += 1
        }
        y += 1
        // Price, and the compare-at price struck through when the variant is on sale.
        let variant = detail.selectedVariant
        let price = variant?.price ?? product.priceRange.minVariantPrice
        x = canvas.text(price.formatted, y: y, style: theme[.price], in: &grid)
        if let variant, variant.isOnSale, let compare = variant.compareAtPrice {
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

        let labelWidth = max(10, (product.options.map { DisplayWidth.of($0.name) }.max() ?? 0) + 3)
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
        if anyUnavailable && !compact {
            canvas.text("  ✗ not available with the other choices", y: y, style: theme[.muted], in: &grid)
            y += 1
        }
        if !product.options.isEmpty && !compact { y += 1 }
        x = canvas.text(TextLayout.fit("  Quantity", to: labelWidth), y: y, style: theme[.fieldLabel], in: &grid)
        x = canvas.text(" − ", x: x, y: y, style: theme[.muted], in: &grid)
        x = canvas.text("\(detail.quantity)", x: x, y: y, style: theme[.heading], in: &grid)
        x = canvas.text(" +", x: x, y: y, style: theme[.muted], in: &grid)
        if let maximum = detail.maximumQuantity, detail.canAddToCart {
            canvas.text("  (\(maximum) available)", x: x, y: y, style: theme[.muted], in: &grid)
        }
        y += compact ? 1 : 2
        if detail.canAddToCart, let variant {
            let total = (variant.price * detail.quantity).formatted
            if grid.focus == nil { canvas.placeFocus(y: y, in: &grid) } // no options: the button
            canvas.text(" a  Add to cart · \(total) ", y: y, style: theme[.selection], in: &grid)
        } else {
            canvas.text(" Unavailable ", y: y, style: theme[.muted].adding(.reverse), in: &grid)
        }
        return y + 1
    }

    private func drawDescription(_ text: String, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        guard canvas.height > 0, !text.isEmpty else { return }
        let lines = TextLayout.wrap(text, width: canvas.width)
        for (index, line) in lines.prefix(canvas.height).enumerated() {
            let last = index == canvas.height - 1 && lines.count > canvas.height
            let shown = !last ? line : (line.isEmpty ? TextLayout.ellipsis : TextLayout.truncate(line + " …", to: canvas.width))
            canvas.text(shown, y: index, style: theme[.text], in: &grid)
        }
    }

    /// What the buyer can expect of the chosen combination.
    static func availability(_ detail: ProductDetailState) -> (String, Role) {
        guard let variant = detail.selectedVariant else { return ("This combination does not exist", .warning) }
        guard variant.availableForSale, (variant.quantityAvailable ?? 1) > 0 else { return ("Sold out", .soldOut) }
        if let stock = variant.quantityAvailable {
            return (stock <= 5 ? "Only \(stock) left" : "In stock", stock <= 5 ? .warning : .success)
        }
        return ("Available", .success)
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
