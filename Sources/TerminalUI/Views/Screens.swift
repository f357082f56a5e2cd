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
        case .subscriptions(let subscriptions): SubscriptionsPresenter(screen: subscriptions)
        case .about(let about): AboutPresenter(about: about)
        case .markets(let picker): MarketsPresenter(picker: picker)
        }
    }

    /// Every screen's own plain-mode commands, in the order `help` lists them.
    static var plainVerbs: [PlainVerb] {
        ProductDetailPresenter.plainVerbs + SearchPresenter.plainVerbs + CartPresenter.plainVerbs + AccountPresenter.plainVerbs
            + OrdersPresenter.plainVerbs + SubscriptionsPresenter.plainVerbs + AboutPresenter.plainVerbs + MarketsPresenter.plainVerbs
    }

    /// Screens every other screen opens with one letter: the key, its name in the footer and help,
    /// the screen (to leave the key out where it is already on top) and what the key sends.
    static let shortcuts: [(key: Character, label: String, screen: Screen, action: AppAction)] = [
        ("o", "orders", .orders(OrdersState()), .orders(.open)),
        ("i", "about", .about(AboutState()), .navigation(.push(.about(AboutState())))),
        ("m", "country", .markets(MarketPickerState()), .markets(.open)),
    ]
}
