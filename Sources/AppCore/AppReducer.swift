/// The whole app's reducer: routes each action to its feature's reducer. Pure: it changes the state
/// and describes effects; the dependencies are only used inside those effects.
public struct AppReducer: Sendable {
    public var dependencies: AppDependencies

    public init(dependencies: AppDependencies) { self.dependencies = dependencies }

    public func reduce(into state: inout AppState, action: AppAction) -> Effect<AppAction> {
        switch action {
        case .appStarted:
            state.loading.insert(.collections)
            if !dependencies.startupNotices.isEmpty { state.errorMessage = dependencies.startupNotices.joined(separator: " ") }
            return .merge(
                CollectionsReducer(dependencies: dependencies).loadPage(after: nil),
                CartReducer(dependencies: dependencies).restore(&state),
                AccountReducer(dependencies: dependencies).start(&state),
                ConnectionReducer.listen(dependencies.connectionEvents)
            )
        case .navigation(let action):
            // Moving to another screen leaves the last error behind, unless the move itself caused it.
            let (screens, message) = (state.screens, state.errorMessage)
            let effect = NavigationReducer(dependencies: dependencies).reduce(into: &state, action: action)
            if state.screens != screens && state.errorMessage == message { state.errorMessage = nil }
            return effect
        case .collections(let action):
            return CollectionsReducer(dependencies: dependencies).reduce(into: &state, action: action)
        case .products(let action):
            return ProductsReducer(dependencies: dependencies).reduce(into: &state, action: action)
        case .product(let action):
            return ProductReducer(dependencies: dependencies).reduce(into: &state, action: action)
        case .search(let action):
            return SearchReducer(dependencies: dependencies).reduce(into: &state, action: action)
        case .cart(let action):
            return CartReducer(dependencies: dependencies).reduce(into: &state, action: action)
        case .checkout(let action):
            return CheckoutReducer(dependencies: dependencies).reduce(into: &state, action: action)
        case .eventLog(let action):
            return EventLogReducer.reduce(into: &state.eventLog, action: action)
        case .account(let action):
            return AccountReducer(dependencies: dependencies).reduce(into: &state, action: action)
        case .connection(let event):
            ConnectionReducer.reduce(into: &state.connection, event: event)
            // Back online after a start that could not look up the saved cart: look again.
            if event == .answered, state.cart.restoreFailed, state.cart.cart == nil || state.cart.isUnconfirmed,
               !state.isLoading(.cartRestore) {
                return CartReducer(dependencies: dependencies).restore(&state)
            }
            return .none
        case .errorBar(.dismiss):
            state.errorMessage = nil
            return .none
        }
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
