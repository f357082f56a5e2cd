import Foundation
import Storefront

public enum AccountAction: Hashable, Sendable {
    /// Opens the account screen (and loads the orders when logged in).
    case open
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
    /// A token was refused: the customer must log in again; the cart stays, without the token.
    case sessionEnded(reason: String)
}
