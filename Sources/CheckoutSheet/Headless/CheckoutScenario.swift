import Storefront

/// A scripted checkout for `checkout-demo`: what goes wrong (faults), what the buyer does (plan),
/// and how the sheet is opened.
package struct CheckoutScenario: Hashable, Sendable {
    /// How the checkout URL is opened.
    package enum Opening: Hashable, Sendable {
        /// `present` straight away.
        case present
        /// `preload` when the cart opens, `present` a little later.
        case preloadThenPresent
        /// Through a multipass login URL that returns to the checkout.
        case multipass
    }

    package var name: String
    package var summary: String
    package var faults: CheckoutFaults
    package var plan: ScriptedBuyer.Plan
    package var opening: Opening
    /// The cart was already paid in an earlier checkout (run silently first).
    package var paidEarlier: Bool
    /// How long the cart lies untouched before the checkout opens (carts expire after ten days).
    package var idle: Duration
    /// Protocol 2025-10: what the host declares it takes over.
    package var delegations: Set<CheckoutDelegation>
    /// Protocol 2025-10: how the host answers each kind of request; a kind left out is never answered.
    package var answers: [CheckoutDelegation: CheckoutRequestAnswer]

    package init(name: String, summary: String, faults: CheckoutFaults = .none, plan: ScriptedBuyer.Plan = .init(),
                opening: Opening = .present, paidEarlier: Bool = false, idle: Duration = .zero,
                delegations: Set<CheckoutDelegation> = [], answers: [CheckoutDelegation: CheckoutRequestAnswer] = [:]) {
        self.name = name; self.summary = summary; self.faults = faults; self.plan = plan
        self.opening = opening; self.paidEarlier = paidEarlier; self.idle = idle
        self.delegations = delegations; self.answers = answers
    }

    package static func named(_ name: String) -> CheckoutScenario? { all.first { $0.name == name } }

    /// The scenarios of `protocolVersion`.
    package static func all(for protocolVersion: CheckoutProtocol) -> [CheckoutScenario] {
        protocolVersion == .bridge81 ? all : embedded
    }

    package static func named(_ name: String, protocolVersion: CheckoutProtocol) -> CheckoutScenario? {
        all(for: protocolVersion).first { $0.name == name }
    }

    /// The saved address the demo host hands over when it picks the delivery address.
    package static let savedAddress = MailingAddress(firstName: "Ada", lastName: "Lovelace", address1: "12 St James's Square",
                                                    city: "London", countryCode: "GB", postalCode: "SW1Y 4JH")

    /// The saved card the demo host hands over when it picks the payment method.
    package static let savedCard = CheckoutPaymentCard(number: TestCards.approved, expiry: "12/30", securityCode: "123",
                                                      nameOnCard: "Ada Lovelace")

    /// The scenarios that make sense in protocol 2025-10: the 8.1 ones it shares (no pixels to show,
    /// so the pixel-only ones are left out), and the delegated requests.
    package static let embedded: [CheckoutScenario] = {
        let shared = ["complete", "cancel", "decline-then-complete", "expired", "already-completed", "unavailable",
                      "unrecoverable", "offline", "preload-hit"]
        var preloadHit = named("preload-hit")
        preloadHit?.summary = "preloaded when the cart opens; present shows it ready and does not replay start"
        return shared.compactMap { $0 == "preload-hit" ? preloadHit : named($0) } + [
            CheckoutScenario(name: "address-change", summary: "the host picks the delivery address from the buyer's saved ones",
                             delegations: [.addressChange], answers: [.addressChange: .address(savedAddress)]),
            CheckoutScenario(name: "payment-change", summary: "the host picks a saved card; the page vaults it and pays",
                             delegations: [.paymentMethodChange], answers: [.paymentMethodChange: .paymentCard(savedCard)]),
            CheckoutScenario(name: "submit-timeout",
                             summary: "the host takes over Pay now but never answers: the step fails, the buyer closes",
                             plan: .init(closeOnNotice: true), delegations: [.submit]),
            CheckoutScenario(name: "fail-before-start",
                             summary: "the store is password protected: fail before start, then dismiss",
                             faults: .init(passwordProtected: true)),
        ]
    }()

    package static let all: [CheckoutScenario] = [
        CheckoutScenario(name: "complete", summary: "the buyer fills every step and pays; the thank-you page stays up"),
        CheckoutScenario(name: "cancel", summary: "the buyer gives contact and address, then closes the sheet at shipping",
                         plan: .init(closeAt: .shipping)),
        CheckoutScenario(name: "cancel-after-complete", summary: "the buyer pays, then closes the thank-you page",
                         plan: .init(closeAfterCompletion: true)),
        CheckoutScenario(name: "decline", summary: "the card is declined (an inline error, not a failure); the buyer gives up",
                         plan: .init(cards: [TestCards.declined])),
        CheckoutScenario(name: "decline-then-complete", summary: "the first card is declined inline, the second one pays",
                         plan: .init(cards: [TestCards.declined, TestCards.approved])),
        CheckoutScenario(name: "double-submit", summary: "the buyer presses Pay now twice at once: one order, one completion",
                         plan: .init(doubleSubmit: true)),
        CheckoutScenario(name: "expired", summary: "the cart lay untouched for 11 days and expired: checkoutExpired, not recovered",
                         idle: .seconds(11 * 24 * 3600)),
        CheckoutScenario(name: "expired-410", summary: "the checkout answers HTTP 410: checkoutExpired (cart_expired)",
                         faults: .init(loads: [.httpStatus(410)])),
        CheckoutScenario(name: "already-completed", summary: "the cart was paid in an earlier checkout; opening it again fails",
                         paidEarlier: true),
        CheckoutScenario(name: "unavailable", summary: "the first load answers HTTP 503; one recovery checkout completes",
                         faults: .init(loads: [.httpStatus(503)]), plan: .init(closeAfterCompletion: true)),
        CheckoutScenario(name: "unrecoverable", summary: "the checkout answers HTTP 403: failed, no recovery",
                         faults: .init(loads: [.httpStatus(403)])),
        CheckoutScenario(name: "not-found", summary: "the checkout answers HTTP 404: failed, no recovery",
                         faults: .init(loads: [.httpStatus(404)])),
        CheckoutScenario(name: "offline", summary: "offline before the first load: a recoverable failure, recovered",
                         faults: .init(loads: [.offline]), plan: .init(closeAfterCompletion: true)),
        CheckoutScenario(name: "gateway-error", summary: "the payment gateway fails at Pay now; the recovery checkout pays",
                         plan: .init(cards: [TestCards.gatewayError, TestCards.approved], closeAfterCompletion: true)),
        CheckoutScenario(name: "password-protected", summary: "the store is password protected: configurationError",
                         faults: .init(passwordProtected: true)),
        CheckoutScenario(name: "multipass-unavailable", summary: "HTTP 503 on a multipass URL: multipass is never recovered",
                         faults: .init(loads: [.httpStatus(503)]), opening: .multipass),
        CheckoutScenario(name: "preload-hit", summary: "preloaded when the cart opens; present shows it ready, pixels start then",
                         opening: .preloadThenPresent),
        CheckoutScenario(name: "flash-sale", summary: "a flash-sale queue refuses the preload; present waits in the queue and pays",
                         faults: .init(flashSaleQueue: true), opening: .preloadThenPresent),
        CheckoutScenario(name: "slow-load", summary: "the page takes 4 s to load, with progress; then the buyer pays",
                         faults: .init(loadDuration: .seconds(4), loadSteps: 4)),
        CheckoutScenario(name: "link-click", summary: "the buyer opens the refund policy and the contact e-mail, then closes",
                         plan: .init(closeAt: .contact, openLinks: ["Refund policy", "Contact us"])),
    ]
}
