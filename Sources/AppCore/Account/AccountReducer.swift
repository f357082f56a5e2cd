import Foundation
import Storefront

/// The customer account: the session read at start, logging in through the browser (the screen
/// shows the address while it waits), logging out, the orders, and a session that ends.
///
/// - Logging in gives the cart in use the customer's token; new carts get it when created.
/// - A refused login (refresh, orders or the store) ends the session once: the customer is asked to
///   log in again, the saved tokens are deleted, the cart keeps its lines and loses only the token.
/// - Logging out deletes the signed-in cart with the session, so the app forgets it too.
struct AccountReducer: Reducer {
    struct State: Equatable {
        var account: AccountState
        /// The account screen is on top (read from the stack; not written back).
        var isOnScreen: Bool
    }

    let dependencies: AppDependencies

    func reduce(into state: inout State, action: AccountAction) -> Effect<AccountAction> {
        switch action {
        case .open:
            return loadOrders(&state)
        case .start:
            guard let account = dependencies.account else { return .none }
            state.account.isAvailable = true
            return .run { send in await send(.sessionLoaded(await account.currentSession())) }
        case .sessionLoaded(let session):
            guard state.account.status == .unknown else { return .none }
            state.account.status = session.map { .loggedIn($0) } ?? .loggedOut
            guard session != nil else { return .none }
            return .merge(.send(.delegate(.sessionRestored)), confirmRestoredSession(&state))
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
                state.account.details = nil
                return .merge(.send(.delegate(.loggedIn)), loadOrders(&state))
            case .failure(let error):
                state.account.status = .loggedOut
                return .send(.delegate(.failed(AppError(message: "Login failed: \(error.message)"))))
            }
        case .cancelLogin:
            guard case .loggingIn = state.account.status else { return .none }
            state.account.status = .loggedOut
            return .cancel(id: .login)
        case .logOutTapped:
            guard let account = dependencies.account, state.account.status != .loggedOut,
                  state.account.status != .unknown else { return .none }
            // Orders being read would be refused once the tokens are revoked: that is the
            // logout, not a session that ended.
            state.account.isLoadingOrders = false
            state.account.isConfirming = false
            return .merge(.cancel(id: .customerOrders), .cancel(id: .customersOwn), .run { send in
                let result = await Result.capture { try await account.logOut(); return true }
                await send(.logoutResponse(result))
            })
        case .logoutResponse(.success):
            state.account.status = .loggedOut
            state.account.orders = nil
            state.account.details = nil
            return .send(.delegate(.loggedOut))
        case .logoutResponse(.failure(let error)):
            return .send(.delegate(.failed(AppError(message: "Could not log out: \(error.message)"))))
        case .ordersResponse(let result):
            state.account.isLoadingOrders = false
            switch result {
            case .success(let orders): state.account.orders = orders
            case .failure(let error) where error.loginRequired != nil:
                return reduce(into: &state, action: .sessionEnded(reason: error.loginRequired ?? error.message))
            case .failure(let error):
                return .send(.delegate(.failed(AppError(message: "Could not load your orders: \(error.message)"))))
            }
            return .none
        case .detailsResponse(let result):
            state.account.isConfirming = false
            switch result {
            case .success(let customer):
                // Only the logged-in customer's own answer replaces the login's copy.
                guard state.account.session?.customer.id == customer.id else { return .none }
                state.account.details = customer
            case .failure(let error) where error.loginRequired != nil:
                return reduce(into: &state, action: .sessionEnded(reason: error.loginRequired ?? error.message))
            case .failure:
                // The login's copy stands; the orders read before it said what went wrong.
                break
            }
            return .none
        case .sessionEnded(let reason):
            state.account.isConfirming = false
            guard state.account.isLoggedIn else { return .none }
            state.account.status = .sessionEnded(reason: reason)
            state.account.orders = nil
            state.account.details = nil
            let message = "Your session has ended (\(reason)). Log in again on the account screen; your cart is kept."
            return .merge(.send(.delegate(.failed(AppError(message: message)))), .send(.delegate(.sessionEnded)),
                          forgetSession())
        case .delegate:
            return .none
        }
    }

    private func logIn(_ state: inout State) -> Effect<AccountAction> {
        guard let account = dependencies.account else { return .none }
        if case .loggingIn = state.account.status { return .none }
        guard !state.account.isLoggedIn else { return .none }
        state.account.status = .loggingIn(authorizationURL: nil)
        return .run { send in
            let result = await Result.capture {
                try await account.logIn { url in await send(.loginURLReady(url)) }
            }
            await send(.loginResponse(result))
        }
        .cancellable(id: .login, cancelInFlight: true)
    }

    /// The refused tokens are deleted, so this run alone says the session ended; the next start is
    /// logged out.
    private func forgetSession() -> Effect<AccountAction> {
        guard let account = dependencies.account else { return .none }
        return .run { send in
            do {
                try await account.forgetSession()
            } catch {
                await send(.delegate(.failed(AppError(message: "Could not delete the saved login: \(AppError(error).message)"))))
            }
        }
    }

    /// A saved login is the account server's to confirm, not the token file's: the customer is
    /// read once at the start, and a refusal ends the session there and then (a server that
    /// restarted or revoked the tokens) instead of at the first cart change or orders list. Out of
    /// reach, the saved login stands until the server can say.
    private func confirmRestoredSession(_ state: inout State) -> Effect<AccountAction> {
        guard let customer = dependencies.account?.customer else { return .none }
        state.account.isConfirming = true
        return .run { send in
            await send(.detailsResponse(await Result.capture { try await customer() }))
        }
        .cancellable(id: .customerOrders)
    }

    private func loadOrders(_ state: inout State) -> Effect<AccountAction> {
        guard let account = dependencies.account, state.account.isLoggedIn, state.isOnScreen,
              !state.account.isLoadingOrders else { return .none }
        state.account.isLoadingOrders = true
        return .run { send in
            await send(.ordersResponse(await Result.capture { try await account.orders() }))
            if let customer = account.customer {
                await send(.detailsResponse(await Result.capture { try await customer() }))
            }
        }
        .cancellable(id: .customerOrders)
    }
}
