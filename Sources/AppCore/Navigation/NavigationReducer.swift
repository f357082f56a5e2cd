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
}
