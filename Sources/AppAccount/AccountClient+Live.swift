import AppCore
import CustomerAccount
import Foundation
import Storefront

extension AccountClient {
    /// The app's account over the Customer Account login: the token file, refresh, the browser.
    /// Nothing here prints: the terminal belongs to the interface. `browse` opens the login page
    /// (the app's browser launcher, or a simulated browser that approves at once).
    ///
    /// Orders and subscriptions are the Customer Account API's; with `ledger` (the embedded store,
    /// whose checkout records the orders and makes the contracts) they are that ledger's, for the
    /// customer logged in: the orders shown are the ones the books hold, wherever the login was.
    public static func live(_ commands: AccountCommands, login options: AccountCommands.LoginOptions,
                            ledger: EmbeddedStorefront? = nil,
                            browse: @escaping @Sendable (URL) async -> Void) -> AccountClient {
        let book: (any SubscriptionBook)? = ledger
        let manager = commands.tokenManager
        return AccountClient(
            currentSession: {
                guard let session = try? await manager.storedSession() else { return nil }
                return AccountSession(customer: session.customer, expiresAt: session.expiresAt)
            },
            accessToken: {
                do {
                    return .token(try await manager.accessToken().rawValue)
                } catch AccountError.loginRequired(let reason) {
                    return .loginRequired(reason: reason)
                } catch {
                    return .unavailable(reason: "\(error)")
                }
            },
            logIn: { showURL in
                if options.onAnotherDevice {
                    // The address carries the user code; the account screen shows both.
                    let session = try await commands.authenticateOnAnotherDevice(options) { url, _ in await showURL(url) }
                    return AccountSession(customer: session.customer, expiresAt: session.expiresAt)
                }
                let session = try await commands.authenticate(options, interaction: .init(present: { request in
                    await showURL(request.url)
                    await browse(request.url)
                }))
                return AccountSession(customer: session.customer, expiresAt: session.expiresAt)
            },
            logOut: { try await commands.logout() },
            orders: {
                try await asCustomer {
                    guard let ledger else { return try await commands.orders() }
                    return try await ledger.orders(listedFor: try await manager.validSession().customer)
                }
            },
            forgetSession: { try manager.store.delete() },
            subscriptions: {
                try await asCustomer {
                    guard let book else { return try await commands.subscriptions() }
                    let customer = try await manager.validSession().customer
                    let now = book.subscriptionDate()
                    return try await book.subscriptionContracts(ofCustomer: customer.id).map { CustomerSubscription($0, now: now) }
                }
            },
            changeSubscription: { subscription, request in
                try await asCustomer {
                    guard let book else { return try await commands.changeSubscription(subscription, request) }
                    let customer = try await manager.validSession().customer
                    let change: SubscriptionChange
                    switch request {
                    case .pause: change = .pause
                    case .resume: change = .activate
                    case .cancel: change = .cancel
                    case .skip:
                        guard let cycle = subscription.nextCycle else {
                            return SubscriptionRequestRefused(code: nil, message: "This subscription has no delivery to skip.")
                        }
                        change = .skip(cycle: cycle)
                    }
                    switch try await book.changeSubscriptionContract(id: subscription.id, ofCustomer: customer.id, change) {
                    case .success: return nil
                    case .failure(let refusal): return SubscriptionRequestRefused(code: refusal.code, message: refusal.message)
                    }
                }
            },
            // The customer directory is the login server's, the embedded store's too.
            customer: { try await asCustomer { try await commands.customerDetails() } })
    }

    /// Runs a request made as the logged-in customer; a login the shop refused, or one no longer
    /// saved, is `LoginRequired`.
    private static func asCustomer<Answer>(_ body: () async throws -> Answer) async throws -> Answer {
        do {
            return try await body()
        } catch AccountError.loginRequired(let reason) {
            throw LoginRequired(reason: reason)
        } catch AccountError.notLoggedIn {
            // The app still thinks it is logged in: another process on this state directory
            // logged out, or deleted a login the shop refused.
            throw LoginRequired(reason: "the login saved on this computer is gone")
        }
    }

    /// The app's account with the system's browser (when the options say to open one).
    public static func live(_ commands: AccountCommands, login options: AccountCommands.LoginOptions,
                            ledger: EmbeddedStorefront? = nil) -> AccountClient {
        live(commands, login: options, ledger: ledger, browse: { url in if options.openBrowser { _ = commands.openBrowser(url) } })
    }
}
