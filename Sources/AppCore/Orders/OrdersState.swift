import Foundation
import Storefront

/// "Your orders": the orders placed from this terminal, or the signed-in customer's; one of them
/// open with its lines.
public struct OrdersState: Hashable, Sendable {
    public var selectedIndex = 0
    public var firstVisibleIndex = 0
    /// The order whose details are shown (enter), by id.
    public var openOrderId: String?
    /// The signed-in customer's orders, newest first; nil until loaded.
    public var customerOrders: [CustomerOrder]?
    public var isLoading = false

    public init(selectedIndex: Int = 0, openOrderId: String? = nil, customerOrders: [CustomerOrder]? = nil, isLoading: Bool = false) {
        self.selectedIndex = selectedIndex; self.openOrderId = openOrderId
        self.customerOrders = customerOrders; self.isLoading = isLoading
    }

    /// The orders the screen lists, newest first: the customer's when signed in (once loaded),
    /// else those placed from this terminal.
    public func summaries(placed: [PlacedOrder], signedIn: Bool) -> [OrderSummary] {
        if signedIn, let customerOrders {
            return customerOrders.map(OrderSummary.init).sorted { $0.date > $1.date }
        }
        return placed.reversed().map(OrderSummary.init)
    }
}

/// One order as the list and its details show it.
public struct OrderSummary: Hashable, Sendable {
    public var id: String
    /// "#1001", or the id when the checkout gave no number.
    public var number: String
    public var date: Date
    /// "Paid · Unfulfilled" (the order's financial and fulfilment status), or "placed" where the
    /// shop does not say.
    public var status: String
    public var lines: [CustomerOrder.LineItem]
    public var total: Money?
    /// The ledger's figures, for an order placed here; an account server's order has none.
    public var breakdown: OrderBreakdown?

    public var itemCount: Int { lines.reduce(0) { $0 + $1.quantity } }

    init(_ order: PlacedOrder) {
        id = order.id; number = order.name ?? order.id; date = order.placedAt
        status = OrderStatus.summary(financial: order.financialStatus, fulfillment: order.fulfillmentStatus) ?? "placed here"
        lines = order.lines; total = order.total; breakdown = order.breakdown
    }

    init(_ order: CustomerOrder) {
        id = order.id; number = order.name; date = order.processedAt
        status = OrderStatus.summary(financial: order.financialStatus, fulfillment: order.fulfillmentStatus) ?? "placed"
        lines = order.lineItems; total = order.totalPrice
    }
}
