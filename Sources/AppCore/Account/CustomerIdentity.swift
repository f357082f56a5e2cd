import Storefront

/// The buyer identity carts get from the logged-in customer. The token is fetched inside the
/// effect (refreshed there when about to expire), so it never enters the state or an action.
struct CustomerIdentity: Sendable {
    let account: AccountClient?
    let isLoggedIn: Bool


    /// For a new cart: the customer's token, or nothing when logged out or the token is refused
    /// (then the cart tells the account the session ended and the cart is made anonymous).
    func forNewCart(_ send: Send<CartAction>) async -> BuyerIdentity? {
        guard let token = await token(send) else { return nil }
        return BuyerIdentity(customerAccessToken: token)
    }

    /// `identity` with the customer's token; nil when there is none to give.
    func attached(to identity: BuyerIdentity, _ send: Send<CartAction>) async -> BuyerIdentity? {
        guard let token = await token(send) else { return nil }
        var updated = identity
        updated.customerAccessToken = token
        updated.customer = nil
        return updated
    }

    /// `identity` without the token and the customer it named; email, phone and country stay.
    static func detached(from identity: BuyerIdentity) -> BuyerIdentity {
        var anonymous = identity
        anonymous.customerAccessToken = nil
        anonymous.customer = nil
        return anonymous
    }

    private func token(_ send: Send<CartAction>) async -> String? {
        guard isLoggedIn, let account else { return nil }
        switch await account.accessToken() {
        case .token(let token): return token
        case .loginRequired(let reason):
            await send(.delegate(.sessionEnded(reason: reason)))
            return nil
        case .unavailable:
            return nil
        }
    }
}
