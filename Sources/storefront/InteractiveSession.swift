import AppCore
import CheckoutSheet
import CustomerAccount
import Foundation
import Storefront
import TerminalUI

/// The interactive storefront on the embedded catalog (or a Storefront API): the real storefront,
/// the real checkout sheet over the simulated web checkout, and the terminal UI.
enum InteractiveSession {
    /// Runs until the buyer quits. The catalog loads after the first frame is on screen; a catalog
    /// that cannot be used, or a missing terminal, ends the command with a clear message.
    static func run(global: GlobalOptions, opening link: DeepLink? = nil, cartOnAccount: Bool = false) async throws {
        do {
            try await TerminalApp.run(opening: link) {
                // A Storefront API (--endpoint, --shop): five minutes of cache-first reads, carts
                // and checkout over the API. The terminal is the app's, so fallbacks are not printed.
                // The customer logged in on this machine (storefront login): carts carry their token.
                // Offline, answers saved in the last week stand in, and the header says so.
                // The cart id is remembered per endpoint, so the next run finds the same cart.
                let stateDirectory = EmbeddedStorefront.defaultStateDirectory()
                let tokens = TokenStore(directory: stateDirectory)
                let connection = ConnectionMonitor()
                if let remote = try global.remoteStorefront(cachePolicy: .cacheFirst(expireIn: 300), offlineFallbackAge: 7 * 24 * 3600,
                                                            onEvent: connection.report) {
                    let checkout = CheckoutSheet(webViews: SimulatedCheckoutServer(backend: StorefrontAPICheckoutBackend(storefront: remote)))
                    let commands = AccountCommands(tokenStore: tokens, output: { _ in })
                    let cartIds = RemoteCartIds(directory: stateDirectory, endpoint: remote.configuration.endpoint)
                    // An SSH session keeps nothing: its customer's cart is remembered by the account server.
                    let accountCart = cartOnAccount ? AccountCartPointer(manager: commands.tokenManager) : nil
                    return AppDependencies(storefront: remote, checkout: checkout,
                                           loadCartId: {
                                               if let accountCart { return await accountCart.current() }
                                               return await cartIds.current()
                                           },
                                           saveCartId: { id in
                                               if let accountCart { await accountCart.set(id) } else { await cartIds.set(id) }
                                           },
                                           account: .live(commands, login: LoginCommand.defaultOptions),
                                           connectionEvents: { connection.events })
                }
                let storefront = EmbeddedStorefront(catalog: try global.openCatalog())
                let checkout = CheckoutSheet(webViews: SimulatedCheckoutServer(backend: storefront))
                // The embedded store knows the customer from the token file.
                await storefront.setCustomerDirectory(SessionCustomerDirectory(store: tokens))
                let commands = AccountCommands(tokenStore: tokens, output: { _ in }, storefront: { storefront })
                return AppDependencies(
                    storefront: storefront, checkout: checkout,
                    loadCartId: { await storefront.currentCartId() },
                    saveCartId: { id in try? await storefront.setCurrentCartId(id) },
                    account: .live(commands, login: LoginCommand.defaultOptions))
            }
        } catch let error as TerminalError {
            throw CommandFailure.input("\(error) For scripts, see storefront --help.")
        }
    }
}
