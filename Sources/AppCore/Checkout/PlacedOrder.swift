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
    /// The ledger's figures (line prices, shipping, taxes), once the ledger has answered.
    public var breakdown: OrderBreakdown?

    public init(id: String, name: String?, placedAt: Date, lines: [CustomerOrder.LineItem] = [], total: Money? = nil,
                breakdown: OrderBreakdown? = nil) {
        self.id = id; self.name = name; self.placedAt = placedAt; self.lines = lines; self.total = total
        self.breakdown = breakdown
    }

    /// An order as the shop's ledger recorded it: its number, lines and the total it charged.
    public init(recorded order: Order) {
        self.init(id: order.id, name: order.name, placedAt: order.processedAt,
                  lines: order.draft.lineItems.map { line in
                      CustomerOrder.LineItem(title: line.variantTitle == "Default Title" ? line.title : "\(line.title) (\(line.variantTitle))",
                                             quantity: line.quantity)
                  },
                  total: order.draft.total, breakdown: OrderBreakdown(order.draft))
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

/// An order's figures as the shop's ledger recorded them: each line's variant, quantity, unit
/// and line price, then subtotal, discounts, shipping, taxes and total.
public struct OrderBreakdown: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var title: String
        /// Nil for a product with one variant ("Default Title").
        public var variantTitle: String?
        public var quantity: Int
        public var unitPrice: Money
        public var total: Money
    }

    public var lines: [Line]
    public var subtotal: Money
    public var discounts: Money
    public var shipping: Money
    /// "Standard", "Express": the delivery option the order ships by.
    public var shippingMethod: String?
    public var taxes: Money
    /// "VAT", "Sales tax", "Consumption tax": the tax of the country the order ships to.
    public var taxName: String
    /// The taxes are part of the prices (VAT in Europe) rather than added to the total.
    public var taxesIncluded: Bool
    public var total: Money

    public init(_ draft: OrderDraft) {
        lines = draft.lineItems.map { line in
            Line(title: line.title, variantTitle: line.variantTitle.isEmpty || line.variantTitle == "Default Title" ? nil : line.variantTitle,
                 quantity: line.quantity, unitPrice: line.price, total: (line.price * line.quantity).rounded())
        }
        subtotal = draft.subtotal; discounts = draft.discounts; shipping = draft.shipping; shippingMethod = draft.shippingMethod
        taxes = draft.taxes; total = draft.total
        taxName = draft.shippingAddress?.countryCode.flatMap { ShippingCountry.named($0.uppercased()) }?.taxName ?? "Taxes"
        // Added taxes are in the total's sum; included ones are not (amounts compared as numbers:
        // the record is read, not trusted to hold one currency).
        let added = draft.subtotal.amount - draft.discounts.amount + draft.shipping.amount + draft.taxes.amount
        taxesIncluded = draft.taxes.amount == 0 || added != draft.total.amount
    }
}
