import Foundation
import Storefront

public enum AccountAction: Hashable, Sendable {
    /// Opens the account screen (and loads the orders when logged in).
    case open
    /// At start: reads the saved session, when the app has customer accounts at all.
    case start
    /// The session read at start.
    case sessionLoaded(AccountSession?)
    case logInTapped
    /// The login has an address to open.
    case loginURLReady(URL)
    case loginResponse(Result<AccountSession, AppError>)
    case cancelLogin
    case logOutTapped
    case logoutResponse(Result<Bool, AppError>)
    case ordersResponse(Result<[CustomerOrder], AppError>)
    /// The customer's details, read with the orders.
    case detailsResponse(Result<Customer, AppError>)
    /// A token was refused: the customer must log in again; the cart stays, without the token.
    case sessionEnded(reason: String)
    case delegate(Delegate)

    /// What the account asks of the rest of the app (the cart follows who is logged in).
    public enum Delegate: Hashable, Sendable {
        /// A session was read at start: a cart without the customer gets them.
        case sessionRestored
        /// The customer just logged in: the cart in use gets their token.
        case loggedIn
        /// Logged out: the signed-in cart went with the session.
        case loggedOut
        /// The session ended: the cart stays, without the customer.
        case sessionEnded
        case failed(AppError)
    }
}

/// What a screen of the signed-in customer's own (their orders, their subscriptions) asks of the app.
public enum CustomerScreenDelegate: Hashable, Sendable {
    case failed(AppError)
    /// The shop refused the customer's login while reading or changing what is theirs.
    case sessionEnded(reason: String)
}
