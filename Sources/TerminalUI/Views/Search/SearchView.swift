import AppCore
import Storefront

/// Search as you type: the query line with its cursor, a caret under a syntax error, and the results.
struct SearchView {
    let state: SearchState
    let isSearching: Bool

    static let syntaxHint = "title:shirt  tag:sale  vendor:Aurora  price:<20  AND OR NOT  \"exact words\""

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let prompt = " Search "
        let fieldX = canvas.text(prompt, y: 0, style: theme[.heading], in: &grid)
        let fieldWidth = min(canvas.width - fieldX - 1, 60)
        TextFieldView(value: state.query, placeholder: "type to search", focused: true)
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
        } else if isSearching && state.resultsQuery != query {
            status = "Searching…"
        } else {
            let count = state.results.items.count
            let more = state.results.hasNextPage ? "+" : ""
            status = count == 0 ? "No products match \"\(query)\"." : "\(count)\(more) \(count == 1 ? "result" : "results")"
        }
        canvas.text(status, x: 1, y: 2, style: theme[.muted], in: &grid)
        if query.isEmpty {
            canvas.text("Syntax:", x: 1, y: 4, style: theme[.muted], in: &grid)
            canvas.text(SearchView.syntaxHint, x: 9, y: 4, style: theme[.text], in: &grid)
            return
        }
        guard !state.results.items.isEmpty else { return }
        ProductTable(products: state.results.items, selected: state.results.selectedIndex,
                     loadingMore: isSearching && state.resultsQuery == query, showsHeader: true)
            .draw(in: canvas.sub(Rect(x: 0, y: 4, width: canvas.width, height: canvas.height - 4)), theme: theme, grid: &grid)
    }
}
