import Foundation
import StorefrontModels

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
    /// Only for a customer's first order (the cart must name the customer: a login or an email).
    public var firstOrderOnly: Bool
    /// Whether it combines with other order discounts; as in Shopify, two order discounts stack
    /// only when both allow it.
    public var combinesWithOrderDiscounts: Bool

    public init(code: String, title: String, kind: Kind, minimumSubtotal: Money? = nil, startsAt: Date? = nil, endsAt: Date? = nil,
                firstOrderOnly: Bool = false, combinesWithOrderDiscounts: Bool = false) {
        self.code = code; self.title = title; self.kind = kind; self.minimumSubtotal = minimumSubtotal
        self.startsAt = startsAt; self.endsAt = endsAt
        self.firstOrderOnly = firstOrderOnly; self.combinesWithOrderDiscounts = combinesWithOrderDiscounts
    }

    /// Whether the code applies to a cart with this subtotal at this moment (the customer and the
    /// other codes aside: see `DiscountDecision`).
    public func applies(toSubtotal subtotal: Money, at now: Date) -> Bool {
        refusal(subtotal: subtotal, at: now) == nil
    }

    /// Why the code does not apply to this subtotal at this moment, or nil when it does.
    package func refusal(subtotal: Money, at now: Date) -> DiscountRefusal? {
        if let startsAt, now < startsAt { return .inactive("starts \(Self.day(startsAt))") }
        if let endsAt, now >= endsAt { return .inactive("ended \(Self.day(endsAt))") }
        if let minimumSubtotal, subtotal.amount < minimumSubtotal.amount {
            return .minimum(Money(amount: minimumSubtotal.amount, currencyCode: subtotal.currencyCode))
        }
        if subtotal.amount <= 0 { return .minimum(Money.zero(subtotal.currencyCode)) }
        return nil
    }

    /// "2024-09-01" (UTC), for when a code starts or ended.
    static func day(_ date: Date) -> String {
        let (year, month, day) = ISODate.civil(fromDays: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
        return String(format: "%04d-%02d-%02d", year, month, day)
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
