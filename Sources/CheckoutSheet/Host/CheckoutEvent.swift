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
    public init(orderDetails: OrderDetails, decoded: CompletionDecoding) {
        self.orderDetails = orderDetails; self.decoded = decoded
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
public enum CheckoutEvent: Hashable, Sendable {
    case completed(CheckoutCompletedEvent)
    /// The sheet closed. `afterCompletion` is true when an order was placed first (the normal way out).
    case canceled(afterCompletion: Bool)
    case failed(CheckoutError)
    case pixel(PixelEvent)
    case linkClicked(url: String)
    /// A recovery attempt starts (a fresh checkout without the bridge).
    case recoveryStarted

    /// The short name used in event logs and JSON lines: complete, cancel, fail, pixel, linkClick, recovery.
    public var name: String {
        switch self {
        case .completed: return "complete"
        case .canceled: return "cancel"
        case .failed: return "fail"
        case .pixel: return "pixel"
        case .linkClicked: return "linkClick"
        case .recoveryStarted: return "recovery"
        }
    }
}
