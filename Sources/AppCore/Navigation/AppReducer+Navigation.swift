/// Moving between screens and toggling overlays: the stack is the app's own state. What a screen
/// does when it opens or closes is asked of its feature by action. Opening the cart preloads its
/// checkout, so a later checkout is instant.
extension AppReducer {
    func navigate(_ action: NavigationAction, _ state: inout AppState) -> Effect<AppAction> {
        switch action {
        case .back:
            if state.isHelpVisible {
                state.isHelpVisible = false
                return .none
            }
            if state.isSheetShown {
                return reduce(into: &state, action: .checkout(.close))
            }
            return pop(&state)
        case .openSearch:
            state.push(.search)
            return reduce(into: &state, action: .search(.opened))
        case .openCart:
            state.push(.cart)
            // Another process on the same state directory may have checked the cart out meanwhile.
            return .merge(reduce(into: &state, action: .checkout(.preload)), reduce(into: &state, action: .cart(.checkStillOpen)))
        case .toggleHelp:
            state.isHelpVisible.toggle()
            return .none
        case .quit:
            state.shouldQuit = true
            return .none
        case .push(let screen):
            state.push(screen)
            return .none
        case .open(let link):
            return open(link, &state)
        }
    }

    func pop(_ state: inout AppState) -> Effect<AppAction> {
        guard state.screens.count > 1 else { return .none }
        let popped = state.screens.removeLast()
        if case .cart = popped { return reduce(into: &state, action: .cart(.screenClosed)) }
        return .none
    }

    /// A deep link is the keys a shopper would press: c, u, / and the query, or a product's page.
    private func open(_ link: DeepLink, _ state: inout AppState) -> Effect<AppAction> {
        switch link {
        case .cart:
            return navigate(.openCart, &state)
        case .orders:
            return reduce(into: &state, action: .orders(.open))
        case .about(let policy):
            state.push(.about(AboutState(policy: policy)))
            return .none
        case .search(let query):
            state.push(.search)
            return reduce(into: &state, action: .search(.insert(query)))
        case .product(let handle):
            state.push(.productDetail(handle: handle))
            return reduce(into: &state, action: .productDetail(.openHandle(handle)))
        }
    }
}
