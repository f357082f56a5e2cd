import CheckoutSheet

/// The checkout sheet as the app knows it.
public struct CheckoutState: Hashable, Sendable {
    /// True from `present` until the sheet reports it is dismissed.
    public var isPresented: Bool
    /// The page the sheet shows; nil when no sheet is up.
    public var page: CheckoutPage?
    /// The checkout URL preloaded and still valid (cleared when the cart changes).
    public var preloadedURL: String?
    /// Set when this presentation placed an order.
    public var completedOrderId: String?
    /// The last failure of this presentation.
    public var lastError: CheckoutError?

    public init(isPresented: Bool = false, page: CheckoutPage? = nil, preloadedURL: String? = nil,
                completedOrderId: String? = nil, lastError: CheckoutError? = nil) {
        self.isPresented = isPresented; self.page = page; self.preloadedURL = preloadedURL
        self.completedOrderId = completedOrderId; self.lastError = lastError
    }
}
