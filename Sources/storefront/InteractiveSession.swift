import AppCore
import CheckoutSheet
import CustomerAccount
import Foundation
import Storefront
import TerminalUI

/// The interactive storefront on the embedded catalog: the real storefront, the real checkout
/// sheet over the simulated web checkout, and the terminal UI.
enum InteractiveSession {
    static func run(catalogPath: String?) async throws {
        try await TerminalApp.run {
            let storefront = try EmbeddedStorefront(catalogPath: catalogPath)
            let checkout = CheckoutSheet(webViews: SimulatedCheckoutServer(backend: storefront))
            // The customer logged in on this machine: carts carry their token, the store knows them.
            let tokens = TokenStore(directory: storefront.stateDirectory)
            await storefront.setCustomerDirectory(SessionCustomerDirectory(store: tokens))
            let commands = AccountCommands(tokenStore: tokens, output: { _ in }, storefront: { storefront })
            return AppDependencies(
                storefront: storefront, checkout: checkout,
                loadCartId: { await storefront.currentCartId() },
                saveCartId: { id in try? await storefront.setCurrentCartId(id) },
                account: .live(commands, login: LoginCommand.defaultOptions))
        }
    }
}
