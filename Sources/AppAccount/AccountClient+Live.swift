import AppCore
import CustomerAccount
import Foundation
import Storefront

extension AccountClient {
    /// The app's account over the Customer Account login: the token file, refresh, the browser.
    /// Nothing here prints: the terminal belongs to the interface. `browse` opens the login page
    /// (the app's browser launcher, or a simulated browser that approves at once).
    public static func live(_ commands: AccountCommands, login options: AccountCommands.LoginOptions,
                            browse: @escaping @Sendable (URL) async -> Void) -> AccountClient {
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
                do {
                    return try await commands.orders()
                } catch AccountError.loginRequired(let reason) {
                    throw LoginRequired(reason: reason)
                } catch AccountError.notLoggedIn {
                    // The app still thinks it is logged in: another process on this state directory
                    // logged out, or deleted a login the shop refused.
                    throw LoginRequired(reason: "the login saved on this computer is gone")
                }
            },
            forgetSession: { try manager.store.delete() })
    }

    /// The app's account with the system's browser (when the options say to open one).
    public static func live(_ commands: AccountCommands, login options: AccountCommands.LoginOptions) -> AccountClient {
        live(commands, login: options, browse: { url in if options.openBrowser { _ = commands.openBrowser(url) } })
    }
}
