/// A checkout as protocol 2025-10 describes it: the cart as the Storefront API would return it
/// (lines, merchandise, cost, buyer identity, delivery groups, discounts, gift cards) and what the
/// page took for payment. `start` and every `update` carry a whole one.
public struct CheckoutSnapshot: Hashable, Sendable {
    public var cart: JSONValue
    public init(cart: JSONValue) { self.cart = cart }
}

/// `start`: the checkout is ready for the buyer. Not sent again when a preloaded checkout is presented.
public struct CheckoutStartEvent: Hashable, Sendable {
    public var snapshot: CheckoutSnapshot
    public var locale: String?
    public init(snapshot: CheckoutSnapshot, locale: String?) { self.snapshot = snapshot; self.locale = locale }
}

/// What protocol 2025-10 says about the order placed (`orderConfirmation`).
public struct OrderConfirmation: Hashable, Sendable {
    public var url: String?
    public var number: String?
    public var isFirstOrder: Bool?
    public init(url: String? = nil, number: String? = nil, isFirstOrder: Bool? = nil) {
        self.url = url; self.number = number; self.isFirstOrder = isFirstOrder
    }
}
