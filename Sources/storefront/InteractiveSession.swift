import AppCore
import CheckoutSheet
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
            return AppDependencies(
                storefront: storefront, checkout: checkout,
                loadCartId: { await storefront.currentCartId() },
                saveCartId: { id in try? await storefront.setCurrentCartId(id) })
        }
    }
}
