import AppCore
import CheckoutSheet

/// The picker for a request of the checkout page (an address, a payment method), drawn over the
/// sheet: one choice per row, the selected one highlighted. Its keys are on the sheet's key row.
struct RequestPickerView {
    let picker: CheckoutRequestPicker
    let configuration: CheckoutConfiguration

    /// Centered over the sheet, as narrow as its rows allow; the whole sheet on a small terminal.
    static func frame(in sheet: Rect, rows: Int) -> Rect {
        let width = sheet.width >= 64 ? 60 : sheet.width
        let height = min(sheet.height, rows + 2)
        return sheet.centered(width: width, height: height)
    }

    func draw(over sheet: Rect, profile: ColorProfile, grid: inout Grid) {
        let theme = Theme.sheet(configuration, profile: profile)
        let box = Canvas(rect: RequestPickerView.frame(in: sheet, rows: max(picker.options.count, 1)))
        box.fill(style: theme[.text], in: &grid)
        box.border(style: theme[.accent], title: picker.title, titleStyle: theme[.heading], in: &grid)
        let inner = box.inset(dx: 2, dy: 1)
        guard inner.height >= 1, inner.width >= 8 else { return }
        let listHeight = inner.height
        if picker.options.isEmpty {
            for (row, line) in TextLayout.wrap(picker.emptyText, width: inner.width).prefix(listHeight).enumerated() {
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
