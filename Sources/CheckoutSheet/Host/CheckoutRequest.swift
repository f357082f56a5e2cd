import Storefront

/// A request the page sends the host in protocol 2025-10, only for what the host declared
/// (`CheckoutConfiguration.delegations`). The delegate answers through `CheckoutRequestReply`
/// before `requestDeadline`; otherwise the step fails on the page and the checkout goes on.
public struct CheckoutRequest: Hashable, Sendable {
    public var kind: CheckoutDelegation
    /// The JSON-RPC id the answer goes back with.
    public var id: String
    /// For an address change: which address (`shipping`).
    public var addressType: String?
    /// For a submit: the checkout session.
    public var sessionId: String?

    public init(kind: CheckoutDelegation, id: String, addressType: String? = nil, sessionId: String? = nil) {
        self.kind = kind; self.id = id; self.addressType = addressType; self.sessionId = sessionId
    }

    /// The event name, as the 4.0 kit's methods: addressChangeStart, paymentMethodChangeStart, submitStart.
    public var eventName: String {
        switch kind {
        case .addressChange: return "addressChangeStart"
        case .paymentMethodChange: return "paymentMethodChangeStart"
        case .submit: return "submitStart"
        }
    }
}

/// A saved payment card the host hands to the page (a test card in the simulation). Its number is
/// written only into the page's card form, never into an event or a log.
public struct CheckoutPaymentCard: Hashable, Sendable, CustomStringConvertible {
    public var number: String
    public var expiry: String
    public var securityCode: String
    public var nameOnCard: String
    public init(number: String, expiry: String, securityCode: String, nameOnCard: String) {
        self.number = number; self.expiry = expiry; self.securityCode = securityCode; self.nameOnCard = nameOnCard
    }
    public var description: String { "card ending \(String(number.suffix(4)))" }
}

/// The host's answer to a `CheckoutRequest`: what changes in the checkout, or why it cannot.
public enum CheckoutRequestAnswer: Hashable, Sendable {
    case address(MailingAddress)
    case paymentCard(CheckoutPaymentCard)
    /// Go ahead with the payment (a submit).
    case proceed
    case errors([String])
}

/// How a request ended, as the `answer` event tells it.
public struct CheckoutRequestOutcome: Hashable, Sendable {
    public enum Result: String, Hashable, Sendable {
        /// The host answered with a change (or, for a submit, its go-ahead).
        case answered
        /// The host answered with errors.
        case error
        /// No answer before the deadline.
        case timeout
    }
    public var request: CheckoutRequest
    public var result: Result
    /// The errors, or why the step failed.
    public var message: String?
    public init(request: CheckoutRequest, result: Result, message: String? = nil) {
        self.request = request; self.result = result; self.message = message
    }
}
