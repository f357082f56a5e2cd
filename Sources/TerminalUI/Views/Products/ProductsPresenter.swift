import AppCore

struct ProductsPresenter: ScreenPresenter {
    let handle: String

    func title(_ state: AppState) -> String { state.collections.items.first { $0.handle == handle }?.title ?? handle }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int { max(1, ProductsView.listRows(height: body.height)) }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { ProductsKeys.map(state, listRows: listRows) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        ProductsView(state: state, handle: handle).draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.products(state, handle: handle) }

    func plainList(_ state: AppState) -> PlainList? {
        PlainList(state.collectionProducts[handle] ?? PagedList(), move: { .products(.moveSelection(by: $0, rows: PlainSession.listRows)) },
                  openSelected: .products(.openSelected), loadNextPage: .products(.loadNextPage), listsProducts: true)
    }
}
