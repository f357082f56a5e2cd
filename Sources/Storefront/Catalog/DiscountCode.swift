import Foundation

/// A discount code the embedded storefront accepts, from the catalog's `discountCodes`.
public struct DiscountCode: Hashable, Sendable, Codable {
    public enum Kind: Hashable, Sendable, Codable {
        /// A percentage of the cart subtotal, e.g. 10 for 10 %.
        case percentage(Decimal)
        /// A fixed amount off the cart, never below zero.
        case fixedAmount(Money)
    }

    public var code: String
    public var title: String
    public var kind: Kind
    /// The subtotal the cart must reach for the code to apply.
    public var minimumSubtotal: Money?
    public var startsAt: Date?
    public var endsAt: Date?

    public init(code: String, title: String, kind: Kind, minimumSubtotal: Money? = nil, startsAt: Date? = nil, endsAt: Date? = nil) {
        self.code = code; self.title = title; self.kind = kind; self.minimumSubtotal = minimumSubtotal
        self.startsAt = startsAt; self.endsAt = endsAt
    }

    /// Whether the code applies to a cart with this subtotal at this moment.
    public func applies(toSubtotal subtotal: Money, at now: Date) -> Bool {
        if let startsAt, now < startsAt { return false }
        if let endsAt, now >= endsAt { return false }
        if let minimumSubtotal, subtotal.amount < minimumSubtotal.amount { return false }
        return subtotal.amount > 0
    }

    /// The amount this code takes off a subtotal, rounded to the currency and capped at the subtotal.
    public func reduction(ofSubtotal subtotal: Money) -> Money {
        let off: Money
        switch kind {
        case .percentage(let percent): off = subtotal.multiplied(by: percent / 100)
        case .fixedAmount(let amount): off = Money(amount: amount.amount, currencyCode: subtotal.currencyCode).rounded()
        }
        return off.amount > subtotal.amount ? subtotal : off
    }
}
