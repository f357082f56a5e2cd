import Foundation
import Storefront

/// The customer account as the screens show it: logged out, logging in (with the address to open),
/// logged in (who, until when), or a session that ended and needs a new login; and the orders.
public struct AccountState: Hashable, Sendable {
    public enum Status: Hashable, Sendable {
        /// Not known yet (the session is being read at start), or no account client at all.
        case unknown
        case loggedOut
        /// Waiting for the browser; the URL is shown once the login has one.
        case loggingIn(authorizationURL: URL?)
        case loggedIn(AccountSession)
        /// The refresh token was refused: log in again. The cart was kept.
        case sessionEnded(reason: String)
    }

    public var status: Status
    /// Customer accounts are wired in (an account client exists).
    public var isAvailable: Bool
    /// The customer's orders; nil until loaded.
    public var orders: [CustomerOrder]?
    public var isLoadingOrders: Bool
    /// The customer as the shop's Customer Account API has them now (a name or address changed
    /// since the login shows); nil until read, when the login's copy stands in.
    public var details: Customer?
    /// A saved login read at the start that the account server has not answered for yet (it is
    /// asked once; a refusal ends the session). Nothing says "logged in as" until it has.
    public var isConfirming = false

    public init(status: Status = .unknown, isAvailable: Bool = false, orders: [CustomerOrder]? = nil, isLoadingOrders: Bool = false) {
        self.status = status; self.isAvailable = isAvailable; self.orders = orders; self.isLoadingOrders = isLoadingOrders
    }

    public var session: AccountSession? {
        if case .loggedIn(let session) = status { return session }
        return nil
    }

    public var isLoggedIn: Bool { session != nil }
}
