import AppCore
import Storefront

/// Search as you type: the query line with its cursor, a caret under a syntax error, and the results.
struct SearchView {
    let state: SearchState
    let isSearching: Bool

    /// Queries shown on the empty search screen, each one that finds products in the shop's own
    /// catalog when typed as printed (a test runs them).
    static let examples = ["title:shirt", "tag:sale", "vendor:Kestrel", "price:<20", "tea OR coffee", "-tag:gift",
                           "\"gift box\"", "available_for_sale:true"]

    /// The results table starts under the query, its caret or status, and a blank line.
    static let resultsTop = 4
    /// Result rows under the query and the column header.
    static func listRows(height: Int) -> Int { ProductTable.rows(height: height - resultsTop, showsHeader: true) }

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let prompt = " Search "
        let fieldX = canvas.text(prompt, y: 0, style: theme[.heading], in: &grid)
        let fieldWidth = min(canvas.width - fieldX - 1, 60)
        TextFieldView(value: state.query, placeholder: "type to search", focused: true, selected: state.isQuerySelected)
            .draw(in: canvas, x: fieldX, y: 0, width: fieldWidth, theme: theme, grid: &grid)

        if let error = state.errorText {
            // The caret sits under the offending character (positions count characters, from 1).
            if let position = state.errorPosition, DisplayWidth.of(state.query) < fieldWidth {
                let prefix = String(state.query.prefix(max(0, position - 1)))
                canvas.text("^", x: fieldX + DisplayWidth.of(prefix), y: 1, style: theme[.error], in: &grid)
            }
            for (index, line) in TextLayout.wrap(error, width: canvas.width - 2).prefix(2).enumerated() {
                canvas.text(line, x: 1, y: 2 + index, style: theme[.error], in: &grid)
            }
            return
        }
        let query = state.query.trimmingCharacters(in: .whitespaces)
        let status: String
        if query.isEmpty {
            status = "Type to search the catalog."
        } else if !isSearching, let failure = state.failureOfCurrentQuery {
            for (index, line) in TextLayout.wrap("Could not search for \"\(query)\": \(failure)", width: canvas.width - 2)
                .prefix(2).enumerated() {
                canvas.text(line, x: 1, y: 2 + index, style: theme[.error], in: &grid)
            }
            return
        } else if state.isIncomplete {
            status = "Keep typing: the query is not complete yet."
        } else if isSearching && state.resultsQuery != query {
            status = "Searching…"
        } else {
            let count = state.results.items.count
            let more = state.results.hasNextPage ? "+" : ""
            status = count == 0 ? "No products match \"\(query)\"." : "\(count)\(more) \(count == 1 ? "result" : "results")"
        }
        canvas.text(status, x: 1, y: 2, style: theme[.muted], in: &grid)
        if query.isEmpty {
            drawExamples(in: canvas, theme: theme, grid: &grid)
            return
        }
        guard !state.results.items.isEmpty else { return }
        ProductTable(products: state.results.items, selected: state.results.selectedIndex,
                     loadingMore: isSearching && state.resultsQuery == query, showsHeader: true,
                     firstVisible: state.results.firstVisibleIndex)
            .draw(in: canvas.sub(Rect(x: 0, y: Self.resultsTop, width: canvas.width, height: canvas.height - Self.resultsTop)), theme: theme, grid: &grid)
    }

    /// "Try:" and the examples, as many to a line as fit, on the lines the screen has.
    private func drawExamples(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let label = "Try:"
        canvas.text(label, x: 1, y: 4, style: theme[.muted], in: &grid)
        let left = 2 + DisplayWidth.of(label)
        var x = left, y = 4
        for example in SearchView.examples {
            let width = DisplayWidth.of(example)
            if x > left, x + width > canvas.width - 1 {
                x = left
                y += 1
            }
            guard y < canvas.height else { return }
            x = canvas.text(example, x: x, y: y, style: theme[.text], in: &grid, maxWidth: canvas.width - 1 - x) + 3
        }
    }
}
