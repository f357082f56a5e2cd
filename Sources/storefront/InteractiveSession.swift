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
    static func run(global: GlobalOptions) async throws {
        do {
            try await TerminalApp.run {
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
                    // The account server is the shop's, found from the endpoint.
                    var loginOptions = LoginCommand.defaultOptions
                    loginOptions.storefrontEndpoint = remote.configuration.endpoint
                    let cartIds = RemoteCartIds(directory: stateDirectory, endpoint: remote.configuration.endpoint)
                    return AppDependencies(storefront: remote, checkout: checkout,
                                           loadCartId: { await cartIds.current() },
                                           saveCartId: { id in await cartIds.set(id) },
                                           loadSeenCart: { await cartIds.lastSeen() },
                                           saveSeenCart: { cart in await cartIds.remember(cart) },
                                           account: .live(commands, login: loginOptions),
                                           connectionEvents: { connection.events }, openURL: Self.openInBrowser,
                                           freshProduct: { handle in
                                               // Past the five-minute cache, and into it: an order changed the stock.
                                               try await remote.withCachePolicy(.networkFirst(expireIn: 300)).product(handle: handle)
                                           })
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
                    account: .live(commands, login: LoginCommand.defaultOptions), openURL: Self.openInBrowser)
            }
        } catch let error as TerminalError {
            throw CommandFailure.input("\(error) For scripts, see storefront --help.")
        }
    }

    /// A shop's web checkout, in the browser of this machine when it has one.
    @Sendable static func openInBrowser(_ address: String) async -> Bool {
        guard let url = URL(string: address), ["http", "https"].contains(url.scheme?.lowercased() ?? "") else { return false }
        return BrowserLauncher.open(url)
    }
}
