import Storefront

/// Where each feature's delegate actions go: the app turns a feature's request into the action of
/// the feature it concerns, so no feature knows another.
extension AppReducer {
    func route(_ delegate: CollectionsAction.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .openCollection(let collection):
            state.push(.products(collectionHandle: collection.handle))
            return reduce(into: &state, action: .products(.open(collection)))
        case .failed(let error): return showError(error, &state)
        }
    }

    func route(_ delegate: ProductsAction.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .openProduct(let product): return openProduct(product, &state)
        case .failed(let error): return showError(error, &state)
        }
    }

    func route(_ delegate: SearchAction.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .openProduct(let product): return openProduct(product, &state)
        case .failed(let error): return showError(error, &state)
        }
    }

    func route(_ delegate: ProductDetailAction.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .addToCart(let merchandise, let quantity, let plan):
            return reduce(into: &state, action: .cart(.add(merchandise, quantity: quantity, sellingPlan: plan)))
        case .failed(let error): return showError(error, &state)
        }
    }

    func route(_ delegate: CartAction.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .changed: return reduce(into: &state, action: .checkout(.invalidatePreload))
        case .sessionEnded(let reason): return reduce(into: &state, action: .account(.sessionEnded(reason: reason)))
        case .failed(let error): return showError(error, &state)
        case .notice(let text): return reduce(into: &state, action: .errorBar(.notify(text)))
        case .added(let outcome):
            // The store answered with the units added: an error saying it gave no answer is over
            // (it would stand beside the ✓ as if about this add).
            let withdraw: Effect<AppAction> = outcome.added > 0
                ? reduce(into: &state, action: .errorBar(.withdraw(StorefrontError.unansweredMessagePrefixes))) : .none
            return .merge(withdraw, reduce(into: &state, action: .productDetail(.added(outcome))))
        case .withdrawError(let prefixes): return reduce(into: &state, action: .errorBar(.withdraw(prefixes)))
        }
    }

    func route(_ delegate: CheckoutAction.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .presented: return reduce(into: &state, action: .cart(.covered))
        case .orderPlaced(let order):
            let listed = order.map { reduce(into: &state, action: .orders(.placed($0))) } ?? .none
            return .merge(listed, reduce(into: &state, action: .cart(.orderPlaced)))
        case .failed(let error): return showError(error, &state)
        case .withdrawError(let prefixes): return reduce(into: &state, action: .errorBar(.withdraw(prefixes)))
        case .linkClicked(let url):
            // A policy opens on the About page, at its title, over the sheet; esc goes back to the sheet.
            guard let policy = state.shop?.policies.first(where: { $0.url == url }) else { return .none }
            state.push(.about(AboutState(policy: policy.kind, overSheet: state.checkout.isPresented)))
            return .none
        }
    }

    func route(_ delegate: AccountAction.Delegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .sessionRestored:
            return .merge(reduce(into: &state, action: .cart(.attachCustomerIfMissing)), customerChanged(&state))
        case .loggedIn:
            return .merge(reduce(into: &state, action: .cart(.attachCustomer)), customerChanged(&state))
        case .loggedOut:
            return .merge(reduce(into: &state, action: .cart(.forgetSignedInCart)), customerChanged(&state))
        case .sessionEnded:
            return .merge(reduce(into: &state, action: .cart(.detachCustomer)), customerChanged(&state))
        case .failed(let error): return showError(error, &state)
        }
    }

    func route(_ delegate: CustomerScreenDelegate, _ state: inout AppState) -> Effect<AppAction> {
        switch delegate {
        case .failed(let error): return showError(error, &state)
        case .sessionEnded(let reason): return reduce(into: &state, action: .account(.sessionEnded(reason: reason)))
        }
    }

    /// There is one product page at a time: `push` takes the previous one off the stack.
    func openProduct(_ product: Product, _ state: inout AppState) -> Effect<AppAction> {
        state.push(.productDetail(handle: product.handle))
        return reduce(into: &state, action: .productDetail(.open(product)))
    }

    private func showError(_ error: AppError, _ state: inout AppState) -> Effect<AppAction> {
        reduce(into: &state, action: .errorBar(.show(error.message)))
    }
}
