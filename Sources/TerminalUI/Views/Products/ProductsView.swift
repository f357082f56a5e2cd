import AppCore
import Storefront

/// A collection's products, in columns, paged as the selection moves (the next page loads as it nears the end).
struct ProductsView {
    let state: AppState
    let handle: String

    /// Product rows under the title and the column header.
    static func listRows(height: Int) -> Int { ProductTable.rows(height: height - 2, showsHeader: true) }

    func draw(in canvas: Canvas, theme: Theme, grid: inout Grid) {
        let list = state.collectionProducts[handle] ?? PagedList()
        let collection = state.collections.items.first { $0.handle == handle }
        let loading = state.isLoading(.collectionProducts(handle: handle))
        let window = ListWindow(selected: list.selectedIndex, total: list.items.count, rows: Self.listRows(height: canvas.height),
                                first: list.firstVisibleIndex)
        let count = list.items.isEmpty && loading ? ""
            // Only the collection's preview is known (its first page did not load): never a total.
            : !list.hasLoadedFirstPage ? (loading ? "loading…" : "first \(list.items.count) shown, the rest not loaded")
            : (list.hasNextPage ? "\(list.items.count)+ products" : "\(list.items.count) products")
        let position = window.position(total: list.items.count)
        canvas.titleRow(" " + (collection?.title ?? handle), leftStyle: theme[.accent],
                        right: (position.isEmpty ? count : (canvas.width >= 60 ? position + " · " + count : position)) + " ", rightStyle: theme[.muted],
                        y: 0, in: &grid)
        if list.items.isEmpty {
            canvas.text(loading ? "  Loading products…" : "  No products in this collection.", y: 2, style: theme[.muted], in: &grid)
            return
        }
        ProductTable(products: list.items, selected: list.selectedIndex, loadingMore: loading && list.hasLoadedFirstPage,
                     showsHeader: true, firstVisible: list.firstVisibleIndex)
            .draw(in: canvas.sub(Rect(x: 0, y: 2, width: canvas.width, height: canvas.height - 2)), theme: theme, grid: &grid)
    }
}
