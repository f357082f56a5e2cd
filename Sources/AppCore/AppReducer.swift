import CheckoutSheet
import Storefront

/// The whole app's reducer: runs each feature's reducer on its slice of the state, and routes the
/// features' delegate actions to the feature they concern. Pure: it changes the state and
/// describes effects; the dependencies are only used inside those effects.
public struct AppReducer: Reducer, Sendable {
    public var dependencies: AppDependencies

    public init(dependencies: AppDependencies) { self.dependencies = dependencies }

    /// Every effect asks the storefront in the shopper's market.
    public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        // The start country (`--country`, or the last run's) is the shopper's before anything is asked.
        if action == .appStarted, state.country == nil { state.country = dependencies.country }
        var inMarket = self
        let market = BuyerContext(country: state.country)
        inMarket.dependencies.storefront = dependencies.storefront.inContext(market)
        inMarket.dependencies.freshStorefront = dependencies.freshStorefront?.inContext(market)
        let (screen, message) = (state.screen, state.errorMessage)
        let effect = inMarket.reduceInMarket(into: &state, action: action)
        // An error belongs to the screen it was shown on: moving to another one, by a key or by
        // what a feature opened (a collection, a product, the orders, a policy), leaves it behind,
        // unless the move itself said something new.
        guard message != nil, state.errorMessage == message, !state.screen.isSamePlace(as: screen) else { return effect }
        return .merge(effect, features(&state, .errorBar(.dismiss)))
    }

    private func reduceInMarket(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case .appStarted:
            let notices: Effect<AppAction> = dependencies.startupNotices.isEmpty ? .none
                : reduce(into: &state, action: .errorBar(.show(dependencies.startupNotices.joined(separator: " "))))
            // The shop's name follows the first page: the list is what the buyer waits for.
            return .merge(
                notices,
                .concatenate(reduce(into: &state, action: .collections(.reload)), loadShop()),
                reduce(into: &state, action: .cart(.restore)),
                reduce(into: &state, action: .account(.start)),
                ConnectionReducer.listen(dependencies.connectionEvents),
                dependencies.ledgerOrders == nil ? .none : .send(.checkout(.readLedgerOrders))
            )
        case .shopLoaded(let shop, let configuration):
            if let shop { state.shop = shop }
            state.checkoutConfiguration = configuration
            return .none
        case .navigation(let action):
            return navigate(action, &state)
        case .connection(let event):
            ConnectionReducer.reduce(into: &state.connection, event: event)
            // Back online after a start that could not look up the saved cart: look again.
            if event == .answered, state.cart.restoreFailed, state.cart.cart == nil || state.cart.isUnconfirmed,
               !state.isLoading(.cartRestore) {
                return reduce(into: &state, action: .cart(.restore))
            }
            return .none
        case .collections(.delegate(let delegate)):
            return route(delegate, &state)
        case .products(.delegate(let delegate)):
            return route(delegate, &state)
        case .search(.delegate(let delegate)):
            return route(delegate, &state)
        case .cart(.delegate(let delegate)):
            return route(delegate, &state)
        case .checkout(.delegate(let delegate)):
            return route(delegate, &state)
        case .checkout(.sheetUpdate(.event(.failed(let error)), _)) where error.code == .cartCompleted || error.code == .cartExpired:
            // Checked out elsewhere meanwhile (or expired): the cart is read again, and dropped with a line naming the order.
            return .merge(features(&state, action), reduce(into: &state, action: .cart(.checkStillOpen)))
        case .account(.delegate(let delegate)):
            return route(delegate, &state)
        case .account(.open):
            state.push(.account)
            return features(&state, action)
        case .screen(let action):
            return screen(action, &state)
        case .checkout(.sheetUpdate(.event(let event), let time)):
            // The event log keeps every event; the checkout follows it.
            return .merge(reduce(into: &state, action: .eventLog(.append(name: event.name, fields: event.logFields, at: time))),
                          features(&state, action))
        case .checkout(.sheetUpdate(.dismissed, let time)):
            return .merge(reduce(into: &state, action: .eventLog(.append(name: "dismissed", fields: [], at: time))),
                          features(&state, action))
        case .checkout(.ledgerOrdersRead(let orders)):
            return .merge(features(&state, action), reduce(into: &state, action: .orders(.ledgerRead(orders))))
        case .checkout(.orderedProductRefreshed(let product)):
            // Every feature holding a copy of the product replaces its own.
            return .merge(
                features(&state, action),
                reduce(into: &state, action: .collections(.stockRefreshed(product))),
                reduce(into: &state, action: .products(.stockRefreshed(product))),
                reduce(into: &state, action: .search(.stockRefreshed(product))),
                reduce(into: &state, action: .productDetail(.stockRefreshed(product)))
            )
        case .collections, .products, .search, .cart, .checkout, .eventLog, .errorBar, .account:
            return features(&state, action)
        }
    }

    /// The shop's description and the sheet's configuration; a shop that cannot be read leaves the
    /// name the app started with.
    private func loadShop() -> Effect<AppAction> {
        let storefront = dependencies.storefront
        let checkout = dependencies.checkout
        return .run { send in
            let shop = try? await storefront.shop()
            await send(.shopLoaded(shop, await checkout.configuration()))
            await send(.markets(.localizationLoaded(try? await storefront.localization())))
        }
    }

    /// The root features' reducers, each on its own slice of the state. The screens on the stack are
    /// reduced on their own state from their entry in `screen(_:_:)` (`Screen.swift`).
    func features(_ state: inout AppState, _ action: AppAction) -> Effect<AppAction> {
        .merge(
            Scope(state: \.collections, action: { if case .collections(let a) = $0 { a } else { nil } },
                  embed: AppAction.collections, CollectionsReducer(dependencies: dependencies)).reduce(into: &state, action: action),
            Scope(state: \.productsFeature, action: { if case .products(let a) = $0 { a } else { nil } },
                  embed: AppAction.products, ProductsReducer(dependencies: dependencies)).reduce(into: &state, action: action),
            Scope(state: \.search, action: { if case .search(let a) = $0 { a } else { nil } },
                  embed: AppAction.search, SearchReducer(dependencies: dependencies)).reduce(into: &state, action: action),
            Scope(state: \.cartFeature, action: { if case .cart(let a) = $0 { a } else { nil } },
                  embed: AppAction.cart, CartReducer(dependencies: dependencies)).reduce(into: &state, action: action),
            Scope(state: \.checkoutFeature, action: { if case .checkout(let a) = $0 { a } else { nil } },
                  embed: AppAction.checkout, CheckoutReducer(dependencies: dependencies)).reduce(into: &state, action: action),
            Scope(state: \.accountFeature, action: { if case .account(let a) = $0 { a } else { nil } },
                  embed: AppAction.account, AccountReducer(dependencies: dependencies)).reduce(into: &state, action: action),
            Scope(state: \.eventLog, action: { if case .eventLog(let a) = $0 { a } else { nil } },
                  embed: AppAction.eventLog, EventLogReducer()).reduce(into: &state, action: action),
            Scope(state: \.bar, action: { if case .errorBar(let a) = $0 { a } else { nil } },
                  embed: AppAction.errorBar, ErrorBarReducer()).reduce(into: &state, action: action)
        )
    }
}

public typealias AppStore = Store<AppState, AppAction>

extension Store where State == AppState, Action == AppAction {
    /// The app's store over `dependencies`.
    public convenience init(initialState: AppState = AppState(), dependencies: AppDependencies) {
        let reducer = AppReducer(dependencies: dependencies)
        self.init(initialState: initialState, reducer: reducer.reduce(into:action:))
    }
}
