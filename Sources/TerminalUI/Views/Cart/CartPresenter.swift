import AppCore
import CheckoutSheet
import Storefront

struct CartPresenter: ScreenPresenter {
    func title(_ state: AppState) -> String { "Cart" }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int { CartView.lineRows(state.cart, height: body.height) }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { CartKeys.map(state, listRows: listRows) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        CartView(state: state.cart, isUpdating: state.isLoading(.cartMutation) || state.isLoading(.cartCreate),
                 isRestoring: state.isLoading(.cartRestore),
                 taxNote: ShippingCountry.cartTaxNote(shopCountry: state.shop?.countryCode ?? "",
                                                       buyerCountry: state.cart.cart?.buyerIdentity.countryCode ?? state.marketCountry?.isoCode))
            .draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.cart(state.cart) }
}
