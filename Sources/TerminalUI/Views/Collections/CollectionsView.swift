import AppCore
import Storefront

/// The collections list and, beside it (below it on small terminals), a preview of the selected
/// collection: its description and first products.
struct CollectionsView {
    let state: AppState
    let sizeClass: SizeClass

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let list = state.collections
        if list.items.isEmpty {
            let message = state.isLoading(.collections) || !list.hasLoadedFirstPage ? "Loading collections…" : "This shop has no collections yet."
            canvas.text(message, x: 2, y: 1, style: theme[.muted], in: &grid)
            return
        }
        let listArea: Canvas
        var previewArea: Canvas?
        if sizeClass == .small || canvas.width < 70 {
            // Stacked: the list on top, the preview below when there is room for a few products.
            let listHeight = canvas.height >= 18 ? canvas.height / 2 : canvas.height
            listArea = canvas.sub(Rect(x: 0, y: 0, width: canvas.width, height: listHeight))
            if listHeight < canvas.height {
                canvas.rule(y: listHeight, style: theme[.border], in: &grid)
                previewArea = canvas.sub(Rect(x: 0, y: listHeight + 1, width: canvas.width, height: canvas.height - listHeight - 1))
            }
        } else {
            // As wide as the longest title needs (within limits), the rest for the preview.
            let longest = list.items.map { DisplayWidth.of($0.title) }.max() ?? 0
            let listWidth = min(canvas.width * 2 / 5, max(22, longest + 6))
            listArea = canvas.sub(Rect(x: 0, y: 0, width: listWidth, height: canvas.height))
            for row in 0..<canvas.height { canvas.text("│", x: listWidth, y: row, style: theme[.border], in: &grid) }
            previewArea = canvas.sub(Rect(x: listWidth + 2, y: 0, width: canvas.width - listWidth - 3, height: canvas.height))
        }
        drawList(list, in: listArea, theme: theme, grid: &grid)
        if let previewArea, let collection = list.selectedItem {
            drawPreview(collection, in: previewArea, theme: theme, grid: &grid)
        }
    }

    private func drawList(_ list: PagedList<Collection>, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let rows = max(0, canvas.height - 2)
        let loadingMore = state.isLoading(.collections) && list.hasNextPage
        let window = ListWindow(selected: list.selectedIndex, total: list.items.count, rows: rows)
        let position = window.position(total: list.items.count) + (list.hasNextPage ? "+" : "")
        canvas.titleRow(" Collections", leftStyle: theme[.heading], right: position.count > 1 ? position + " " : "",
                        rightStyle: theme[.muted], y: 0, in: &grid)
        var y = 2
        for index in window.range {
            let selected = index == list.selectedIndex
            let style = selected ? theme[.selection] : theme[.text]
            if selected { canvas.fill(Rect(x: 0, y: y, width: canvas.width, height: 1), style: style, in: &grid) }
            canvas.text((selected ? " ▸ " : "   ") + list.items[index].title, y: y, style: style, in: &grid, maxWidth: canvas.width - 1)
            y += 1
        }
        if loadingMore && y < canvas.height { canvas.text("   Loading more…", y: y, style: theme[.muted], in: &grid) }
    }

    private func drawPreview(_ collection: Collection, in canvas: Canvas, theme: Theme, grid: inout Grid) {
        canvas.text(collection.title, y: 0, style: theme[.accent], in: &grid)
        var y = 1
        let description = TextLayout.wrap(collection.description, width: canvas.width).filter { !$0.isEmpty }
        let descriptionRows = min(description.count, canvas.height >= 16 ? 3 : 1)
        for (index, line) in description.prefix(descriptionRows).enumerated() {
            let cut = index == descriptionRows - 1 && description.count > descriptionRows
            canvas.text(cut ? TextLayout.truncate(line + " …", to: canvas.width) : line, y: y, style: theme[.muted], in: &grid)
            y += 1
        }
        y += 1
        guard y < canvas.height else { return }
        if collection.productsPreview.isEmpty {
            canvas.text("No products yet.", y: y, style: theme[.muted], in: &grid)
            return
        }
        let hint = canvas.height - y > collection.productsPreview.count + 1
        let rows = min(collection.productsPreview.count, canvas.height - y - (hint ? 2 : 0))
        ProductTable(products: collection.productsPreview, selected: nil, loadingMore: false, showsHeader: false, margin: 0)
            .draw(in: canvas.sub(Rect(x: 0, y: y, width: canvas.width, height: rows)), theme: theme, grid: &grid)
        if hint {
            canvas.text("enter to see every product", y: y + rows + 1, style: theme[.muted], in: &grid)
        }
    }
}
