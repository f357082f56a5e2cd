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
    /// One line the sheet shows above its page: why it looks different ("reloaded after an error").
    public var notice: String?
    /// The error bar text the checkout put up, so the checkout takes down its own error (and no other)
    /// once the buyer is past it.
    public var errorBarMessage: String?
    /// A request of the page the shopper is answering; shown over the sheet.
    public var picker: CheckoutRequestPicker?
    /// What the app gave the sheet this presentation (its load, each input, each answer) that the
    /// sheet has not yet reported done (`CheckoutSheetUpdate.settled`): while above 0, the page may
    /// still report something for it. Meaningful while presented.
    public var sheetWork = 0

    public init(isPresented: Bool = false, page: CheckoutPage? = nil, preloadedURL: String? = nil,
                completedOrderId: String? = nil, lastError: CheckoutError? = nil, notice: String? = nil,
                errorBarMessage: String? = nil, picker: CheckoutRequestPicker? = nil) {
        self.isPresented = isPresented; self.page = page; self.preloadedURL = preloadedURL
        self.completedOrderId = completedOrderId; self.lastError = lastError; self.notice = notice
        self.errorBarMessage = errorBarMessage; self.picker = picker
    }
}
