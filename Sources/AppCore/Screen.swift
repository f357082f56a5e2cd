import Storefront

// The one list of screens in AppCore. A screen is registered here once: its `Screen` case (the state
// it keeps on the stack), its `ScreenAction` case (its actions, carried by `AppAction.screen`) and its
// entry in `AppReducer.screen(_:_:)`: its reducer on the stack (`StackScope`), how it opens and where
// its delegate actions go. Its state, actions, reducer and effect ids are its own (`AppCore/<Screen>/`).

/// A screen on the navigation stack, with the state that belongs to it alone. Overlays (help, the
/// checkout sheet, the event log pane) are flags in `AppState`, not screens: they sit over or
/// beside whatever screen is on top.
public enum Screen: Hashable, Sendable {
    case collections
    /// The products of one collection, by collection handle.
    case products(collectionHandle: String)
    /// A product's page and the buyer's choices on it; there is one at a time.
    case productDetail(ProductDetailState)
    case search
    case cart
    /// The customer account: log in, who you are, your orders.
    case account
    case orders(OrdersState)
    /// The signed-in customer's subscriptions (from the account screen).
    case subscriptions(SubscriptionsState)
    case about(AboutState)
    /// The country picker.
    case markets(MarketPickerState)

    /// The page of a product known so far only by its handle.
    public static func productDetail(handle: String) -> Screen { .productDetail(ProductDetailState(handle: handle)) }
}

/// The actions of the screens with state of their own on the stack, one case per screen.
public enum ScreenAction: Hashable, Sendable {
    case productDetail(ProductDetailAction)
    case orders(OrdersAction)
    case subscriptions(SubscriptionsAction)
    case about(AboutAction)
    /// The shopper's country and its picker.
    case markets(MarketAction)
}

extension AppAction {
    public static func productDetail(_ action: ProductDetailAction) -> AppAction { .screen(.productDetail(action)) }
    public static func orders(_ action: OrdersAction) -> AppAction { .screen(.orders(action)) }
    public static func subscriptions(_ action: SubscriptionsAction) -> AppAction { .screen(.subscriptions(action)) }
    public static func about(_ action: AboutAction) -> AppAction { .screen(.about(action)) }
    public static func markets(_ action: MarketAction) -> AppAction { .screen(.markets(action)) }
}

extension AppReducer {
    /// Each screen's actions: its reducer run on its own state where it sits on the stack
    /// (`StackScope`), how it opens, and where its delegate actions go. Values a screen reads from
    /// the app come as its reducer's parameters and are not written back.
    func screen(_ action: ScreenAction, _ state: inout AppState) -> Effect<AppAction> {
        switch action {
        case .productDetail(.delegate(let delegate)):
            return route(delegate, &state)
        case .productDetail(let action):
            return StackScope(state: { if case .productDetail(let s) = $0 { s } else { nil } }, screen: { .productDetail($0) },
                              embed: ScreenAction.productDetail,
                              ProductDetailReducer(dependencies: dependencies, chosenCountry: state.country,
                                                   countryName: state.country == nil ? nil : state.marketCountry?.name))
                .reduce(into: &state, action: action)

        case .orders(.open):
            // From the thank-you page: the sheet closes over the cart, the orders open.
            let close = state.checkout.isPresented ? reduce(into: &state, action: .checkout(.close)) : .none
            state.push(.orders(OrdersState()))
            // A guest's list is the ledger's guest orders, read again: another process on this state
            // directory (a second app, `storefront mcp`) may have placed one since.
            let reread: Effect<AppAction> = state.account.isLoggedIn || dependencies.ledgerOrders == nil ? .none : .send(.checkout(.readLedgerOrders))
            return .merge(close, orders(.open, &state), reread)
        case .orders(.delegate(let delegate)):
            return route(delegate, &state)
        case .orders(let action):
            return orders(action, &state)

        case .subscriptions(.delegate(let delegate)):
            return route(delegate, &state)
        case .subscriptions(let action):
            if action == .open { state.push(.subscriptions(SubscriptionsState())) }
            return StackScope(state: { if case .subscriptions(let s) = $0 { s } else { nil } }, screen: Screen.subscriptions,
                              embed: ScreenAction.subscriptions,
                              SubscriptionsReducer(account: dependencies.account, isSignedIn: state.account.isLoggedIn))
                .reduce(into: &state, action: action)

        case .about(let action):
            return StackScope(state: { if case .about(let s) = $0 { s } else { nil } }, screen: Screen.about,
                              embed: ScreenAction.about, AboutReducer())
                .reduce(into: &state, action: action)

        case .markets(let action):
            // Opening the picker, a pick and the shop's countries are the app's (`AppReducer+Markets`);
            // the picker's own keys are reduced on its state.
            return market(action, &state)
                ?? StackScope(state: { if case .markets(let s) = $0 { s } else { nil } }, screen: Screen.markets,
                              embed: ScreenAction.markets, MarketReducer())
                    .reduce(into: &state, action: action)
        }
    }

    /// The customer signed in or out, or their session was found or ended: the screens that show the
    /// customer's own read it again.
    func customerChanged(_ state: inout AppState) -> Effect<AppAction> {
        .merge(reduce(into: &state, action: .orders(.customerChanged)), reduce(into: &state, action: .subscriptions(.reload)))
    }

    /// "Your orders": the orders placed from this terminal are the app's (`PlacedOrdersReducer`); the
    /// screen on the stack reads them, and who is signed in.
    private func orders(_ action: OrdersAction, _ state: inout AppState) -> Effect<AppAction> {
        let placed = PlacedOrdersReducer().reduce(into: &state.orders, action: action).map(AppAction.orders)
        return .merge(
            placed,
            StackScope(state: { if case .orders(let s) = $0 { s } else { nil } }, screen: Screen.orders, embed: ScreenAction.orders,
                       OrdersReducer(dependencies: dependencies, placed: state.orders, isSignedIn: state.account.isLoggedIn))
                .reduce(into: &state, action: action)
        )
    }
}

extension Screen {
    public var isProductDetail: Bool {
        if case .productDetail = self { return true }
        return false
    }

    /// The same place in the shop, whatever its state: a product's page is the same page while the
    /// buyer changes the quantity on it.
    public func isSamePlace(as other: Screen) -> Bool {
        switch (self, other) {
        case (.productDetail(let a), .productDetail(let b)): return a.handle == b.handle
        case (.orders, .orders), (.subscriptions, .subscriptions), (.markets, .markets): return true
        // A policy opened from the checkout sheet sits over the sheet, apart from the page opened from the shop.
        case (.about(let a), .about(let b)): return a.overSheet == b.overSheet
        default: return self == other
        }
    }
}
