import AppCore
import CheckoutSheet
import Storefront

struct CartPresenter: ScreenPresenter {
    func title(_ state: AppState) -> String { "Cart" }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int { CartView.lineRows(state.cart, height: body.height) }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { CartKeys.map(state, listRows: listRows) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        CartView(state: state.cart, isUpdating: state.isLoading(.cartMutation) || state.isLoading(.cartCreate),
                 isRestoring: state.isLoading(.cartRestore), taxNote: Self.taxNote(state))
            .draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.cart(state.cart, taxNote: Self.taxNote(state)) }

    /// Whether prices include tax is the shop's; the tax's name is the cart's country's.
    static func taxNote(_ state: AppState) -> String {
        ShippingCountry.cartTaxNote(shopCountry: state.shop?.countryCode ?? "",
                                    buyerCountry: state.cart.cart?.buyerIdentity.countryCode ?? state.marketCountry?.isoCode)
    }
}
