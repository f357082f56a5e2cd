import Foundation
import Storefront

/// The customer account: the session read at start, logging in through the browser (the screen
/// shows the address while it waits), logging out, the orders, and a session that ends.
///
/// - Logging in gives the cart in use the customer's token; new carts get it when created.
/// - A refused refresh ends the session once: the customer is asked to log in again, the cart
///   keeps its lines and loses only the token.
/// - Logging out deletes the signed-in cart with the session, so the app forgets it too.
struct AccountReducer {
    let dependencies: AppDependencies

    func reduce(into state: inout AppState, action: AccountAction) -> Effect<AppAction> {
        switch action {
        case .open:
            state.push(.account)
            return loadOrders(&state)
        case .sessionLoaded(let session):
            guard state.account.status == .unknown else { return .none }
            state.account.status = session.map { .loggedIn($0) } ?? .loggedOut
            return CartReducer(dependencies: dependencies).attachCustomerIfMissing(&state)
        case .logInTapped:
            return logIn(&state)
        case .loginURLReady(let url):
            guard case .loggingIn = state.account.status else { return .none }
            state.account.status = .loggingIn(authorizationURL: url)
            return .none
        case .loginResponse(let result):
            guard case .loggingIn = state.account.status else { return .none }
            switch result {
            case .success(let session):
                state.account.status = .loggedIn(session)
                state.account.orders = nil
                return .merge(CartReducer(dependencies: dependencies).attachCustomer(&state), loadOrders(&state))
            case .failure(let error):
                state.account.status = .loggedOut
                state.errorMessage = "Login failed: \(error.message)"
                return .none
            }
        case .cancelLogin:
            guard case .loggingIn = state.account.status else { return .none }
            state.account.status = .loggedOut
            return .cancel(id: .login)
        case .logOutTapped:
            guard let account = dependencies.account, state.account.status != .loggedOut,
                  state.account.status != .unknown else { return .none }
            return .run { send in
                let result = await Result.capture { try await account.logOut(); return true }
                await send(.account(.logoutResponse(result)))
            }
        case .logoutResponse(.success):
            state.account.status = .loggedOut
            state.account.orders = nil
            return forgetSignedInCart(&state)
        case .logoutResponse(.failure(let error)):
            state.errorMessage = "Could not log out: \(error.message)"
            return .none
        case .ordersResponse(let result):
            state.account.isLoadingOrders = false
            switch result {
            case .success(let orders): state.account.orders = orders
            case .failure(let error): state.errorMessage = "Could not load your orders: \(error.message)"
            }
            return .none
        case .sessionEnded(let reason):
            guard state.account.isLoggedIn else { return .none }
            state.account.status = .sessionEnded(reason: reason)
            state.account.orders = nil
            state.errorMessage = "Your session has ended (\(reason)). Log in again on the account screen; your cart is kept."
            return CartReducer(dependencies: dependencies).detachCustomer(&state)
        }
    }

    /// At start: reads the saved session, when the app has customer accounts at all.
    func start(_ state: inout AppState) -> Effect<AppAction> {
        guard let account = dependencies.account else { return .none }
        state.account.isAvailable = true
        return .run { send in await send(.account(.sessionLoaded(await account.currentSession()))) }
    }

    private func logIn(_ state: inout AppState) -> Effect<AppAction> {
        guard let account = dependencies.account else { return .none }
        if case .loggingIn = state.account.status { return .none }
        guard !state.account.isLoggedIn else { return .none }
        state.account.status = .loggingIn(authorizationURL: nil)
        return .run { send in
            let result = await Result.capture {
                try await account.logIn { url in await send(.account(.loginURLReady(url))) }
            }
            await send(.account(.loginResponse(result)))
        }
        .cancellable(id: .login, cancelInFlight: true)
    }

    private func loadOrders(_ state: inout AppState) -> Effect<AppAction> {
        guard let account = dependencies.account, state.account.isLoggedIn, state.screen == .account,
              !state.account.isLoadingOrders else { return .none }
        state.account.isLoadingOrders = true
        return .run { send in await send(.account(.ordersResponse(await Result.capture { try await account.orders() }))) }
    }

    /// The signed-in cart went with the session: start without a cart.
    private func forgetSignedInCart(_ state: inout AppState) -> Effect<AppAction> {
        guard let identity = state.cart.cart?.buyerIdentity,
              identity.customerAccessToken != nil || identity.customer != nil else { return .none }
        let preload = CheckoutReducer(dependencies: dependencies).invalidatePreload(&state)
        state.cart = CartState(nextRequestId: state.cart.nextRequestId)
        let saveCartId = dependencies.saveCartId
        return .merge(preload, .run { _ in await saveCartId(nil) })
    }
}
