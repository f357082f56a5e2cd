import AppCore
import CheckoutSheet

/// The picker for a request of the checkout page (an address, a payment method), drawn over the
/// sheet: one choice per row, the selected one highlighted. Its keys are on the sheet's key row.
struct RequestPickerView {
    let picker: CheckoutRequestPicker
    let configuration: CheckoutConfiguration

    /// Centered over the sheet and inside its border, wide enough for an address on one row.
    static func frame(in sheet: Rect, rows: Int) -> Rect {
        let width = min(sheet.width - 2, 72)
        return sheet.centered(width: width, height: min(sheet.height - 2, rows + 2))
    }

    func draw(over sheet: Rect, profile: ColorProfile, grid: inout Grid) {
        let theme = Theme.sheet(configuration, profile: profile)
        // The text of an empty list wraps onto as many rows as it needs.
        let empty = TextLayout.wrap(picker.emptyText, width: RequestPickerView.frame(in: sheet, rows: 1).width - 4)
        let box = Canvas(rect: RequestPickerView.frame(in: sheet, rows: picker.options.isEmpty ? empty.count : picker.options.count))
        box.fill(style: theme[.text], in: &grid)
        box.border(style: theme[.accent], title: picker.title, titleStyle: theme[.heading], in: &grid)
        let inner = box.inset(dx: 2, dy: 1)
        guard inner.height >= 1, inner.width >= 8 else { return }
        let listHeight = inner.height
        if picker.options.isEmpty {
            for (row, line) in empty.prefix(listHeight).enumerated() {
                _ = inner.text(line, y: row, style: theme[.muted], in: &grid)
            }
        } else {
            // The selected row stays in view when the list is taller than the box.
            let first = max(0, min(picker.selection - listHeight + 1, picker.options.count - listHeight))
            for (row, index) in picker.options.indices.dropFirst(first).prefix(listHeight).enumerated() {
                let selected = index == picker.selection
                let line = (selected ? "› " : "  ") + picker.options[index].label
                if selected { inner.fill(Rect(x: 0, y: row, width: inner.width, height: 1), style: theme[.selection], in: &grid) }
                _ = inner.text(TextLayout.truncate(line, to: inner.width), y: row, style: selected ? theme[.selection] : theme[.text],
                               in: &grid)
            }
        }
        grid.cursor = nil
    }
}
