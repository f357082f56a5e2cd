import AppCore

struct ProductDetailPresenter: ScreenPresenter {
    let detail: ProductDetailState

    func title(_ state: AppState) -> String { detail.product?.title ?? detail.handle }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { ProductDetailKeys.map(state, body: body) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        ProductDetailView(detail: detail, isLoading: detail.isLoading, pictures: context.environment.pictures,
                          pictureDepth: context.environment.profile.pictureDepth, showsPictures: context.environment.showsPictures)
            .draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.product(state.productDetail) }
}
