import CheckoutSheet
import Storefront

/// A request of the checkout page (protocol 2025-10) the shopper answers: the choices shown over
/// the sheet and the one selected. Enter answers with it, esc declines. An address can also be
/// typed: the last row of the address list opens a form in the picker's place.
public struct CheckoutRequestPicker: Hashable, Sendable {
    public enum Option: Hashable, Sendable {
        case address(MailingAddress)
        case card(CheckoutPaymentCard)
        /// "Type an address…": opens the form.
        case typeAddress

        /// One line for the list: the card only by its last four digits.
        public var label: String {
            switch self {
            case .address(let address):
                let lines = [address.name, address.address1, address.address2, address.city, address.postalCode, address.countryCode]
                return lines.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
            case .card(let card):
                return "\(card.nameOnCard), \(card.description), expires \(card.expiry)"
            case .typeAddress:
                return "Type an address…"
            }
        }

        /// The answer this choice gives; nil for the row that opens the form.
        var answer: CheckoutRequestAnswer? {
            switch self {
            case .address(let address): return .address(address)
            case .card(let card): return .paymentCard(card)
            case .typeAddress: return nil
            }
        }
    }

    public var request: CheckoutRequest
    public var options: [Option]
    public var selection: Int
    /// The address being typed; kept when esc goes back to the list, so a second visit finds it.
    public var form: CheckoutAddressForm?
    /// True while the form is shown in place of the list.
    public var isTyping: Bool

    public init(request: CheckoutRequest, options: [Option], selection: Int = 0, form: CheckoutAddressForm? = nil,
                isTyping: Bool = false) {
        self.request = request; self.options = options; self.selection = selection; self.form = form
        self.isTyping = isTyping && form != nil
    }

    public var title: String {
        if isTyping { return "Type a shipping address" }
        return request.kind == .paymentMethodChange ? "Choose a payment method" : "Choose a shipping address"
    }

    /// Why the list is empty, shown in its place.
    public var emptyText: String {
        request.kind == .paymentMethodChange ? "No saved payment methods."
            : "No saved addresses: type one below, or log in to use your account's."
    }

    /// A line above an address list that has no saved address, only the row to type one.
    public var note: String? {
        guard request.kind == .addressChange, !options.isEmpty,
              !options.contains(where: { if case .address = $0 { true } else { false } }) else { return nil }
        return emptyText
    }

    /// The picker for `request`, fed by the signed-in customer's address (and, always, a typed one)
    /// or the saved test cards; nil for a request the shopper does not answer here.
    static func make(for request: CheckoutRequest, customer: Customer?) -> CheckoutRequestPicker? {
        switch request.kind {
        case .addressChange:
            let saved = customer?.defaultAddress.map { [Option.address($0)] } ?? []
            return CheckoutRequestPicker(request: request, options: saved + [.typeAddress])
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
