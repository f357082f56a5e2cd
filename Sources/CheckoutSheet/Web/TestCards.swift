/// What the simulated gateway does with a card, decided by the number as payment gateways' test
/// modes do. Any other valid number is approved.
package enum TestCards {
    /// Always approved.
    package static let approved = "4242424242424242"
    /// Always declined: an inline payment error the buyer can fix with another card.
    package static let declined = "4000000000000002"
    /// The gateway fails to process it: the checkout fails (recoverably).
    package static let gatewayError = "4000000000000119"

    package static func outcome(for digits: String) -> GatewayOutcome {
        switch digits {
        case declined: return .declined
        case gatewayError: return .gatewayError
        default: return .approved
        }
    }
}
