import AppCore

struct CollectionsPresenter: ScreenPresenter {
    func title(_ state: AppState) -> String { "Collections" }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int {
        max(1, CollectionsView.listRows(size: body, sizeClass: sizeClass))
    }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { CollectionsKeys.map(state, listRows: listRows) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        CollectionsView(state: state, sizeClass: context.sizeClass, pictures: context.environment.pictures,
                        pictureDepth: context.environment.profile.pictureDepth, showsPictures: context.environment.showsPictures)
            .draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.collections(state) }

    func plainList(_ state: AppState) -> PlainList? {
        PlainList(state.collections, move: { .collections(.moveSelection(by: $0, rows: PlainSession.listRows)) },
                  openSelected: .collections(.openSelected), loadNextPage: .collections(.loadNextPage))
    }
}
