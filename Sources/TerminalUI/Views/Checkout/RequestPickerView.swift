import AppCore
import CheckoutSheet

/// The picker for a request of the checkout page (an address, a payment method), drawn over the
/// sheet: one choice per row, the selected one highlighted. Its keys are on the sheet's key row.
struct RequestPickerView {
    let picker: CheckoutRequestPicker
    let configuration: CheckoutConfiguration

    /// Centered over the sheet and inside its border, wide enough for an address on one row. It
    /// leaves the sheet's key row in view, where the picker's keys are.
    static func frame(in sheet: Rect, rows: Int) -> Rect {
        let width = min(sheet.width - 2, 72)
        let room = Rect(x: sheet.x, y: sheet.y + 1, width: sheet.width, height: max(0, sheet.height - 3))
        return room.centered(width: width, height: min(room.height, rows + 2))
    }

    func draw(over sheet: Rect, profile: ColorProfile, grid: inout Grid) {
        let theme = Theme.sheet(configuration, profile: profile)
        let textWidth = RequestPickerView.frame(in: sheet, rows: 1).width - 4
        if picker.isTyping, let form = picker.form {
            let view = AddressFormView(form: form)
            let box = drawBox(RequestPickerView.frame(in: sheet, rows: view.rows(width: textWidth, spaced: true)), theme: theme,
                              grid: &grid)
            grid.cursor = nil
            guard let inner = box else { return }
            // Fields below a short box are counted on its bottom edge.
            let below = view.draw(in: inner, theme: theme, grid: &grid)
            if below > 0 {
                let edge = Canvas(rect: Rect(x: inner.rect.x, y: inner.rect.maxY, width: inner.width, height: 1))
                edge.textRight(" ↓ \(below) more ", right: inner.width - 1, y: 0, style: theme[.muted], in: &grid)
            }
            return
        }
        // The text of an empty list, or the note above it, wraps onto as many rows as it needs.
        let note = picker.options.isEmpty ? picker.emptyText : picker.note
        let noteLines = note.map { TextLayout.wrap($0, width: textWidth) } ?? []
        let box = drawBox(RequestPickerView.frame(in: sheet, rows: noteLines.count + picker.options.count), theme: theme,
                          grid: &grid)
        grid.cursor = nil
        guard let inner = box else { return }
        for (row, line) in noteLines.prefix(max(1, inner.height - picker.options.count)).enumerated() {
            _ = inner.text(line, y: row, style: theme[.muted], in: &grid)
        }
        guard !picker.options.isEmpty else { return }
        let list = inner.sub(Rect(x: 0, y: min(noteLines.count, inner.height - 1), width: inner.width,
                                  height: inner.height - min(noteLines.count, inner.height - 1)))
        let listHeight = list.height
        // The selected row stays in view when the list is taller than the box.
        let first = max(0, min(picker.selection - listHeight + 1, picker.options.count - listHeight))
        for (row, index) in picker.options.indices.dropFirst(first).prefix(listHeight).enumerated() {
            let selected = index == picker.selection
            let line = (selected ? "› " : "  ") + picker.options[index].label
            if selected { list.fill(Rect(x: 0, y: row, width: list.width, height: 1), style: theme[.selection], in: &grid) }
            _ = list.text(TextLayout.truncate(line, to: list.width), y: row, style: selected ? theme[.selection] : theme[.text],
                          in: &grid)
        }
    }

    /// The picker's bordered box with its title; returns the room inside it, nil when too small.
    private func drawBox(_ frame: Rect, theme: Theme, grid: inout Grid) -> Canvas? {
        let box = Canvas(rect: frame)
        box.fill(style: theme[.text], in: &grid)
        box.border(style: theme[.accent], title: picker.title, titleStyle: theme[.heading], in: &grid)
        let inner = box.inset(dx: 2, dy: 1)
        return inner.height >= 1 && inner.width >= 8 ? inner : nil
    }
}
