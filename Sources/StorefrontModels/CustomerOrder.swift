import Foundation

/// An order as the customer's account lists it: what, when, how much. Dates travel as ISO 8601.
public struct CustomerOrder: Hashable, Sendable, Codable, Identifiable {
    public struct LineItem: Hashable, Sendable, Codable {
        public var title: String
        public var quantity: Int
        public init(title: String, quantity: Int) { self.title = title; self.quantity = quantity }
    }

    public var id: String
    /// "#1001".
    public var name: String
    public var processedAt: Date
    public var totalPrice: Money
    public var lineItems: [LineItem]
    /// `Order.financialStatus` and `Order.fulfillmentStatus` of the Customer Account API ("PAID",
    /// "UNFULFILLED"); nil from an account server that does not say.
    public var financialStatus: String?
    public var fulfillmentStatus: String?

    public init(id: String, name: String, processedAt: Date, totalPrice: Money, lineItems: [LineItem],
                financialStatus: String? = nil, fulfillmentStatus: String? = nil) {
        self.id = id; self.name = name; self.processedAt = processedAt; self.totalPrice = totalPrice
        self.lineItems = lineItems; self.financialStatus = financialStatus; self.fulfillmentStatus = fulfillmentStatus
    }

    public init(_ order: Order) {
        self.init(id: order.id, name: order.name, processedAt: order.processedAt, totalPrice: order.draft.total,
                  lineItems: order.draft.lineItems.map { LineItem(title: $0.title, quantity: $0.quantity) },
                  financialStatus: order.financialStatus, fulfillmentStatus: order.fulfillmentStatus)
    }

    /// The same order with its text cleaned: it comes from an account server.
    public func sanitized() -> CustomerOrder {
        CustomerOrder(id: TextSanitizer.cleanLine(id), name: TextSanitizer.cleanLine(name), processedAt: processedAt,
                      totalPrice: totalPrice,
                      lineItems: lineItems.map { LineItem(title: TextSanitizer.cleanLine($0.title), quantity: $0.quantity) },
                      financialStatus: financialStatus.map(TextSanitizer.cleanLine),
                      fulfillmentStatus: fulfillmentStatus.map(TextSanitizer.cleanLine))
    }
}
