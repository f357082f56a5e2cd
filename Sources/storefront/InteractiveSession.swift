import AppCore
import CheckoutSheet
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
                if let remote = try global.remoteStorefront(cachePolicy: .cacheFirst(expireIn: 300), reportFallbacks: false) {
                    let checkout = CheckoutSheet(webViews: SimulatedCheckoutServer(backend: StorefrontAPICheckoutBackend(storefront: remote)))
                    return AppDependencies(storefront: remote, checkout: checkout)
                }
                let storefront = EmbeddedStorefront(catalog: try global.openCatalog())
                let checkout = CheckoutSheet(webViews: SimulatedCheckoutServer(backend: storefront))
                return AppDependencies(
                    storefront: storefront, checkout: checkout,
                    loadCartId: { await storefront.currentCartId() },
                    saveCartId: { id in try? await storefront.setCurrentCartId(id) })
            }
        } catch let error as TerminalError {
            throw CommandFailure.input("\(error) For scripts, see storefront --help.")
        }
    }
}
