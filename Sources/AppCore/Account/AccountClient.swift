import Foundation
import Storefront

/// The customer account, as effects reach it: who is logged in, a valid access token for carts,
/// logging in and out, the customer's orders. The app wires it to the Customer Account login;
/// tests script it. Access tokens pass through effects only, never through the state.
public struct AccountClient: Sendable {
    /// The saved session, without touching the network; nil when logged out.
    public var currentSession: @Sendable () async -> AccountSession?
    /// An access token good for at least a minute (refreshed when needed).
    public var accessToken: @Sendable () async -> AccessTokenAnswer
    /// Logs in through the browser; `showURL` receives the address to open while the login waits.
    public var logIn: @Sendable (_ showURL: @escaping @Sendable (URL) async -> Void) async throws -> AccountSession
    /// Ends the session at the account server, deletes the tokens and the signed-in carts.
    public var logOut: @Sendable () async throws -> Void
    /// The customer's orders, newest first. Throws `LoginRequired` when the shop refuses the login.
    public var orders: @Sendable () async throws -> [CustomerOrder]
    /// Deletes the saved tokens without telling the server, which has already refused them: the
    /// next start is simply logged out.
    public var forgetSession: @Sendable () async throws -> Void
    /// The customer's subscriptions, oldest first. Throws `LoginRequired` when the shop refuses the login.
    public var subscriptions: @Sendable () async throws -> [CustomerSubscription]
    /// Asks the shop to pause, resume, skip the next delivery of, or cancel a subscription: nil when
    /// it accepted, what it said when it refused (a `userError`). Throws as `subscriptions` does.
    public var changeSubscription: @Sendable (_ subscription: CustomerSubscription, _ request: SubscriptionRequest) async throws
        -> SubscriptionRequestRefused?
    /// The customer as the shop has them now (names, e-mail, phone, default address), read after
    /// the orders. Throws `LoginRequired` as `orders` does. Nil: the login's copy is all there is.
    public var customer: (@Sendable () async throws -> Customer)?

    public init(currentSession: @escaping @Sendable () async -> AccountSession?,
                accessToken: @escaping @Sendable () async -> AccessTokenAnswer,
                logIn: @escaping @Sendable (_ showURL: @escaping @Sendable (URL) async -> Void) async throws -> AccountSession,
                logOut: @escaping @Sendable () async throws -> Void,
                orders: @escaping @Sendable () async throws -> [CustomerOrder],
                forgetSession: @escaping @Sendable () async throws -> Void,
                subscriptions: @escaping @Sendable () async throws -> [CustomerSubscription] = { throw AccountClient.noSubscriptions },
                changeSubscription: @escaping @Sendable (CustomerSubscription, SubscriptionRequest) async throws
                    -> SubscriptionRequestRefused? = { _, _ in throw AccountClient.noSubscriptions },
                customer: (@Sendable () async throws -> Customer)? = nil) {
        self.currentSession = currentSession; self.accessToken = accessToken; self.logIn = logIn; self.logOut = logOut
        self.orders = orders; self.forgetSession = forgetSession
        self.subscriptions = subscriptions; self.changeSubscription = changeSubscription
        self.customer = customer
    }

    /// What an account without subscriptions answers.
    public static let noSubscriptions = AppError(message: "This shop's customer accounts do not list subscriptions.")
}

/// Who is logged in, as the screens show it.
public struct AccountSession: Hashable, Sendable {
    public var customer: Customer
    /// When the current access token expires (it is refreshed before).
    public var expiresAt: Date

    public init(customer: Customer, expiresAt: Date) { self.customer = customer; self.expiresAt = expiresAt }
}

/// What asking for an access token gave.
public enum AccessTokenAnswer: Sendable {
    case token(String)
    /// The session ended (the refresh token was refused): log in again.
    case loginRequired(reason: String)
    /// Nobody is logged in, or the account server could not be reached.
    case unavailable(reason: String)
}
