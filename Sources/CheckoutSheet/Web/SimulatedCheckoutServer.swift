import Determinism
import Foundation
import Storefront

/// The store's checkout as seen from the web: it serves checkout pages (`SimulatedCheckout` web
/// views) for carts of a `CheckoutBackend`, applies the configured faults to page loads, vaults cards
/// and runs the test gateway. One server backs every view of a sheet, so a fault that hits the first
/// load lets a later recovery load through.
package actor SimulatedCheckoutServer: CheckoutWebViewFactory {
    /// Time for the simulation: `now` stamps pixel events and checks card expiry, `sleep` paces slow
    /// loads and the flash-sale queue. Tests pass a manual clock so nothing really waits.
    package struct Environment: Sendable {
        package var now: @Sendable () -> Date
        package var sleep: @Sendable (Duration) async -> Void
        package init(now: @escaping @Sendable () -> Date = { Date() },
                    sleep: @escaping @Sendable (Duration) async -> Void = { try? await Task.sleep(for: $0) }) {
            self.now = now; self.sleep = sleep
        }
    }

    package let backend: any CheckoutBackend
    package let environment: Environment
    package private(set) var faults: CheckoutFaults
    private var remainingLoadFaults: [CheckoutFaults.LoadFault]
    private var identifiers: SeededIdentifiers
    /// Vault token -> what the gateway will do with that card. The number is not kept.
    private var vault: [String: GatewayOutcome] = [:]
    /// What each checkout session (by checkout token) was given so far, so a page loaded again
    /// (a recovery, the sheet reopened) starts from there. Never a card.
    private var sessions: [String: CheckoutForm.Progress] = [:]
    /// Every page request, in order (with its purpose), for tests and diagnostics.
    package private(set) var requests: [CheckoutWebRequest] = []

    package init(backend: any CheckoutBackend, faults: CheckoutFaults = .none, seed: UInt64 = 0,
                environment: Environment = Environment()) {
        self.backend = backend
        self.faults = faults
        self.remainingLoadFaults = faults.loads
        self.identifiers = SeededIdentifiers(seed: seed)
        self.environment = environment
    }

    /// Replaces the faults (and restarts the list of load faults).
    package func setFaults(_ faults: CheckoutFaults) {
        self.faults = faults
        remainingLoadFaults = faults.loads
    }

    package func makeWebView(signals: @escaping CheckoutWebSignalSink) async -> any CheckoutWebView {
        SimulatedCheckout(server: self, signals: signals)
    }

    // MARK: For the pages

    /// Records a page request and returns the fault this load suffers, if any.
    func beginLoad(_ request: CheckoutWebRequest) -> CheckoutFaults.LoadFault? {
        requests.append(request)
        return remainingLoadFaults.isEmpty ? nil : remainingLoadFaults.removeFirst()
    }

    func remember(_ progress: CheckoutForm.Progress, token: String) { sessions[token] = progress }

    func progress(token: String) -> CheckoutForm.Progress? { sessions[token] }

    func pixelEventID() -> String { "sh-" + identifiers.uuidString() }

    /// Exchanges a card for a token; only brand, last four digits and the name survive.
    func vault(_ entry: CheckoutForm.CardEntry) -> VaultedCard {
        let token = "vt_" + identifiers.hexString(bytes: 12)
        vault[token] = TestCards.outcome(for: entry.number)
        return VaultedCard(token: token, brand: PaymentCard.brand(of: entry.number),
                           lastFour: PaymentCard.lastFour(of: entry.number), nameOnCard: entry.nameOnCard)
    }

    /// The test gateway's answer for a vaulted card; an unknown token is declined.
    func authorize(token: String) -> GatewayOutcome { vault[token] ?? .declined }

    /// The checkout token of a cart: stable, so every checkout of one cart is one session and
    /// placing its order is idempotent across retries and a recovery checkout.
    static func checkoutToken(cartId: String) -> String {
        SeededIdentifiers.hex(StableHash.fnv1a(cartId)) + SeededIdentifiers.hex(StableHash.fnv1a(cartId, seed: 0x84222325CBF29CE4))
    }
}
