import AppCore
import CheckoutSheet
import Storefront

struct CartPresenter: ScreenPresenter {
    func title(_ state: AppState) -> String { "Cart" }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int {
        CartView.lineRows(state.cart, height: body.height, accountNotice: Self.accountNotice(state) != nil)
    }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { CartKeys.map(state, listRows: listRows) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        CartView(state: state.cart, isUpdating: state.isLoading(.cartMutation) || state.isLoading(.cartCreate),
                 isRestoring: state.isLoading(.cartRestore), taxNote: Self.taxNote(state),
                 accountNotice: Self.accountNotice(state).map { ($0, Self.accountNotice(state, short: true) ?? $0) })
            .draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String {
        let cart = PlainView.cart(state.cart, taxNote: Self.taxNote(state))
        return Self.accountNotice(state).map { cart + "\n" + $0.replacingOccurrences(of: "press u", with: "type login") } ?? cart
    }

    /// A guest's subscription line needs a login before checkout.
    static func accountNotice(_ state: AppState, short: Bool = false) -> String? {
        SubscriptionAccountNotice.message(cart: state.cart.cart, signedIn: state.account.isLoggedIn,
                                          accountsAvailable: state.account.isAvailable, short: short)
    }

    /// Whether prices include tax is the shop's; the tax's name is the cart's country's.
    static func taxNote(_ state: AppState) -> String {
        ShippingCountry.cartTaxNote(shopCountry: state.shop?.countryCode ?? "",
                                    buyerCountry: state.cart.cart?.buyerIdentity.countryCode ?? state.marketCountry?.isoCode)
    }
}
