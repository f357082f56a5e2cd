import CheckoutSheet
import Storefront

/// A request of the checkout page (protocol 2025-10) the shopper answers: the choices shown over
/// the sheet and the one selected. Enter answers with it, esc declines.
public struct CheckoutRequestPicker: Hashable, Sendable {
    public enum Option: Hashable, Sendable {
        case address(MailingAddress)
        case card(CheckoutPaymentCard)

        /// One line for the list: the card only by its last four digits.
        public var label: String {
            switch self {
            case .address(let address):
                let lines = [address.name, address.address1, address.address2, address.city, address.postalCode, address.countryCode]
                return lines.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            case .card(let card):
                return "\(card.nameOnCard), \(card.description), expires \(card.expiry)"
            }
        }

        var answer: CheckoutRequestAnswer {
            switch self {
            case .address(let address): return .address(address)
            case .card(let card): return .paymentCard(card)
            }
        }
    }

    public var request: CheckoutRequest
    public var options: [Option]
    public var selection: Int

    public init(request: CheckoutRequest, options: [Option], selection: Int = 0) {
        self.request = request; self.options = options; self.selection = selection
    }

    public var title: String {
        request.kind == .paymentMethodChange ? "Choose a payment method" : "Choose a shipping address"
    }

    /// Why the list is empty, shown in its place.
    public var emptyText: String {
        request.kind == .paymentMethodChange ? "No saved payment methods."
            : "No saved addresses: log in (a) to use your account's address."
    }

    /// The picker for `request`, fed by the signed-in customer's address or the saved test cards;
    /// nil for a request the shopper does not answer here.
    static func make(for request: CheckoutRequest, customer: Customer?) -> CheckoutRequestPicker? {
        switch request.kind {
        case .addressChange:
            return CheckoutRequestPicker(request: request, options: customer?.defaultAddress.map { [.address($0)] } ?? [])
        case .paymentMethodChange:
            return CheckoutRequestPicker(request: request, options: savedCards.map(Option.card))
        case .submit:
            return nil
        }
    }

    /// The saved cards of the simulated checkout: one the gateway approves, one it declines.
    static let savedCards = [
        CheckoutPaymentCard(number: TestCards.approved, expiry: "12/30", securityCode: "123", nameOnCard: "Test Approved"),
        CheckoutPaymentCard(number: TestCards.declined, expiry: "12/30", securityCode: "123", nameOnCard: "Test Declined"),
    ]
}
