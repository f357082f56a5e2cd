/// Moves between screens. Opening the cart preloads its checkout, so a later checkout is instant.
struct NavigationReducer {
    let dependencies: AppDependencies

    func reduce(into state: inout AppState, action: NavigationAction) -> Effect<AppAction> {
        switch action {
        case .back:
            if state.isHelpVisible {
                state.isHelpVisible = false
                return .none
            }
            if state.checkout.isPresented {
                return CheckoutReducer(dependencies: dependencies).reduce(into: &state, action: .close)
            }
            pop(&state)
            return .none
        case .openSearch:
            state.push(.search)
            state.search.isQuerySelected = !state.search.query.isEmpty
            return .none
        case .openCart:
            state.push(.cart)
            return CheckoutReducer(dependencies: dependencies).preloadIfNeeded(&state)
        case .toggleHelp:
            state.isHelpVisible.toggle()
            return .none
        case .quit:
            state.shouldQuit = true
            return .none
        case .open(let link):
            return open(link, &state)
        }
    }

    private func pop(_ state: inout AppState) {
        guard state.screens.count > 1 else { return }
        let popped = state.screens.removeLast()
        if case .productDetail = popped { state.productDetail = nil }
        if case .cart = popped {
            state.cart.editing = nil
            state.cart.pendingRemoveLineId = nil
            state.cart.discountNotice = nil
        }
    }

    /// A deep link is the keys a shopper would press: c, u, / and the query, or a product's page.
    private func open(_ link: DeepLink, _ state: inout AppState) -> Effect<AppAction> {
        switch link {
        case .cart:
            return reduce(into: &state, action: .openCart)
        case .orders:
            return AccountReducer(dependencies: dependencies).reduce(into: &state, action: .open)
        case .search(let query):
            state.push(.search)
            return SearchReducer(dependencies: dependencies).reduce(into: &state, action: .insert(query))
        case .product(let handle):
            return ProductReducer(dependencies: dependencies).open(handle: handle, in: &state)
        }
    }
}
