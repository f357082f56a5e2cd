import Foundation
import Storefront

/// An order placed through the checkout sheet during this run.
public struct PlacedOrder: Hashable, Sendable {
    public var id: String
    /// The buyer-facing name ("#1001") when the thank-you page showed it.
    public var name: String?
    public var placedAt: Date
    /// What was ordered, as the cart held it.
    public var lines: [CustomerOrder.LineItem]
    /// What the order came to: the checkout's total when it said, else the cart's.
    public var total: Money?
    /// As the shop records a completed checkout: paid, and not shipped yet.
    public var financialStatus: String? = OrderStatus.paid
    public var fulfillmentStatus: String? = OrderStatus.unfulfilled

    public init(id: String, name: String?, placedAt: Date, lines: [CustomerOrder.LineItem] = [], total: Money? = nil) {
        self.id = id; self.name = name; self.placedAt = placedAt; self.lines = lines; self.total = total
    }

    /// An order as the shop's ledger recorded it: its number, lines and the total it charged.
    public init(recorded order: Order) {
        self.init(id: order.id, name: order.name, placedAt: order.processedAt,
                  lines: order.draft.lineItems.map { line in
                      CustomerOrder.LineItem(title: line.variantTitle == "Default Title" ? line.title : "\(line.title) (\(line.variantTitle))",
                                             quantity: line.quantity)
                  },
                  total: order.draft.total)
        financialStatus = order.financialStatus
        fulfillmentStatus = order.fulfillmentStatus
    }

    /// The lines of `cart` as an order lists them: "Shirt (S / Red)" × 2.
    static func lines(of cart: Cart?) -> [CustomerOrder.LineItem] {
        (cart?.lines ?? []).map { line in
            let merchandise = line.merchandise
            let title = merchandise.title == "Default Title" ? merchandise.productTitle
                : "\(merchandise.productTitle) (\(merchandise.title))"
            return CustomerOrder.LineItem(title: title, quantity: line.quantity)
        }
    }
}
