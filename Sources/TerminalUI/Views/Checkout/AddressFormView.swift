import AppCore
import CheckoutSheet

/// The address the shopper types in the request picker: one row per field, its label on the left
/// and the app's text field beside it, an error under a field the last send refused. The cursor
/// is in the focused field; when the box is short, the form scrolls to keep it in view.
struct AddressFormView {
    let form: CheckoutAddressForm

    static let fields = CheckoutAddressForm.Field.allCases
    static let labelWidth = (fields.map { DisplayWidth.of($0.label) }.max() ?? 0) + 2

    /// The error lines under each field, wrapped to the field's column, two at most.
    func errorLines(width: Int) -> [[String]] {
        Self.fields.map { field in
            form.errors[field].map { Array(TextLayout.wrap("✗ " + $0, width: max(1, width - Self.labelWidth)).prefix(2)) } ?? []
        }
    }

    /// Rows the whole form takes in `width` columns: each field, its error, and a blank row
    /// between fields when `spaced`.
    func rows(width: Int, spaced: Bool) -> Int {
        errorLines(width: width).reduce(0) { $0 + 1 + $1.count } + (spaced ? Self.fields.count - 1 : 0)
    }

    /// Draws the fields; returns how many are scrolled out below.
    @discardableResult
    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) -> Int {
        let errors = errorLines(width: canvas.width)
        let spaced = rows(width: canvas.width, spaced: true) <= canvas.height
        let heights = errors.map { 1 + $0.count + (spaced ? 1 : 0) }
        let focus = Self.fields.firstIndex(of: form.focus) ?? 0
        var first = 0
        while first < focus && heights[first...focus].reduce(0, +) - (spaced ? 1 : 0) > canvas.height { first += 1 }
        let fieldWidth = min(44, canvas.width - Self.labelWidth)
        var y = 0
        var shown = first
        for (index, field) in Self.fields.enumerated().dropFirst(first) where y < canvas.height {
            shown += 1
            let focused = field == form.focus
            canvas.text(field.label, y: y, style: theme[focused ? .heading : .fieldLabel], in: &grid,
                        maxWidth: Self.labelWidth - 1)
            TextFieldView(value: form.value(field), placeholder: field.placeholder, focused: focused)
                .draw(in: canvas, x: Self.labelWidth, y: y, width: fieldWidth, theme: theme, grid: &grid)
            y += 1
            for line in errors[index] where y < canvas.height {
                canvas.text(line, x: Self.labelWidth, y: y, style: theme[.error], in: &grid)
                y += 1
            }
            if spaced { y += 1 }
        }
        return Self.fields.count - shown
    }
}
