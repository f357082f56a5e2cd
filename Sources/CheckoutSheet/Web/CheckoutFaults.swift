import Storefront

/// Faults the simulated checkout can be told to show, for demos and tests.
package struct CheckoutFaults: Hashable, Sendable {
    /// What goes wrong with one load of the checkout page.
    package enum LoadFault: Hashable, Sendable {
        /// The page answers with this HTTP status (401, 403, 404, 410, 5xx...).
        case httpStatus(Int)
        /// No connection: the load fails before any answer.
        case offline
    }

    /// Faults of successive page loads, the first load first; loads past the end of the list work.
    /// `[.httpStatus(503)]` fails the first load and lets a recovery load through.
    package var loads: [LoadFault]
    /// The store is password protected: the checkout shows the password page.
    package var passwordProtected: Bool
    /// A flash sale is queueing buyers: a preload (prefetch) is refused with 429, and a buyer's own
    /// load waits in the queue first.
    package var flashSaleQueue: Bool
    /// The cart state the checkout finds, in place of `CheckoutBackend.checkoutState` (an expired cart).
    package var cartState: CartCheckoutState?
    /// How long a page load takes; progress is reported in `loadSteps` steps. Zero loads at once.
    package var loadDuration: Duration
    package var loadSteps: Int

    package init(loads: [LoadFault] = [], passwordProtected: Bool = false, flashSaleQueue: Bool = false,
                cartState: CartCheckoutState? = nil, loadDuration: Duration = .zero, loadSteps: Int = 4) {
        self.loads = loads; self.passwordProtected = passwordProtected; self.flashSaleQueue = flashSaleQueue
        self.cartState = cartState; self.loadDuration = loadDuration; self.loadSteps = max(1, loadSteps)
    }

    package static let none = CheckoutFaults()
}
