import AppCore

extension Screen {
    /// The presenter of this screen: the one list of screens the terminal knows.
    var presenter: any ScreenPresenter {
        switch self {
        case .collections: CollectionsPresenter()
        case .products(let handle): ProductsPresenter(handle: handle)
        case .productDetail(let detail): ProductDetailPresenter(detail: detail)
        case .search: SearchPresenter()
        case .cart: CartPresenter()
        case .account: AccountPresenter()
        case .orders(let orders): OrdersPresenter(orders: orders)
        case .about(let about): AboutPresenter(about: about)
        }
    }
}
