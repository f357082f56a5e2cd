import Storefront

/// How completely a `completed` event was understood.
public enum CompletionDecoding: String, Hashable, Sendable, Codable {
    /// Every field of `orderDetails` was read.
    case full
    /// The order id was read, but some of `orderDetails` was missing or malformed.
    case partial
    /// Synthesised by a recovery checkout from the thank-you URL: only the order id is known.
    case recovery
}

/// `checkoutDidComplete(event:)`: the order that was placed.
public struct CheckoutCompletedEvent: Hashable, Sendable {
    public var orderDetails: OrderDetails
    public var decoded: CompletionDecoding
    /// Protocol 2025-10's `orderConfirmation` (nil in protocol 8.1 and for a recovered checkout).
    public var confirmation: OrderConfirmation?
    /// Protocol 2025-10's cart at completion.
    public var cart: CheckoutSnapshot?
    public init(orderDetails: OrderDetails, decoded: CompletionDecoding, confirmation: OrderConfirmation? = nil,
                cart: CheckoutSnapshot? = nil) {
        self.orderDetails = orderDetails; self.decoded = decoded; self.confirmation = confirmation; self.cart = cart
    }
    public var orderId: String { orderDetails.id }
}

/// A web pixel event (`checkoutDidEmitWebPixelEvent`): standard events carry `data`, custom events
/// carry `customData`, handed over as a JSON string for the app to decode into its own type.
public struct PixelEvent: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable { case standard, custom }
    public var kind: Kind
    public var name: String
    public var id: String?
    public var timestamp: String?
    public var context: JSONValue?
    public var data: JSONValue?
    public var customData: String?

    public init(kind: Kind, name: String, id: String? = nil, timestamp: String? = nil, context: JSONValue? = nil,
                data: JSONValue? = nil, customData: String? = nil) {
        self.kind = kind; self.name = name; self.id = id; self.timestamp = timestamp; self.context = context
        self.data = data; self.customData = customData
    }
}

/// Every lifecycle event of a checkout, as delivered to the delegate and on the event stream.
/// Both protocols share it: 8.1 delivers complete, cancel, fail, pixel, linkClick and recovery;
/// 2025-10 delivers start, update, complete, fail, dismiss, the requests and their answers (and
/// linkClick and recovery, which the sheet itself sees).
public enum CheckoutEvent: Hashable, Sendable {
    /// 2025-10: the checkout is ready (not replayed for a preloaded checkout).
    case started(CheckoutStartEvent)
    /// 2025-10: the checkout changed; an update identical to the one before is not delivered.
    case updated(CheckoutSnapshot)
    /// 2025-10: the sheet closed, whatever the reason (after a failure too).
    case dismissed(afterCompletion: Bool)
    /// 2025-10: the page asks the host for something it declared.
    case requested(CheckoutRequest)
    /// 2025-10: how that request ended (answered, refused, or timed out).
    case answered(CheckoutRequestOutcome)
    case completed(CheckoutCompletedEvent)
    /// The sheet closed. `afterCompletion` is true when an order was placed first (the normal way out).
    case canceled(afterCompletion: Bool)
    case failed(CheckoutError)
    case pixel(PixelEvent)
    case linkClicked(url: String)
    /// A recovery attempt starts (a fresh checkout without the bridge).
    case recoveryStarted

    /// The short name used in event logs and JSON lines: complete, cancel, fail, pixel, linkClick, recovery;
    /// start, update, dismiss, addressChangeStart, paymentMethodChangeStart, submitStart, answer.
    public var name: String {
        switch self {
        case .started: return "start"
        case .updated: return "update"
        case .dismissed: return "dismiss"
        case .requested(let request): return request.eventName
        case .answered: return "answer"
        case .completed: return "complete"
        case .canceled: return "cancel"
        case .failed: return "fail"
        case .pixel: return "pixel"
        case .linkClicked: return "linkClick"
        case .recoveryStarted: return "recovery"
        }
    }
}
