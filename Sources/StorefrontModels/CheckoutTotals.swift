import Foundation

/// What a checkout charges for a cart: the merchandise after discounts, the delivery option's rate
/// and the taxes of the country it is for. The shop records an order at these figures, and the
/// checkout page shows the same ones while the buyer is still choosing (one rule for both).
public struct CheckoutTotals: Hashable, Sendable {
    public var subtotal: Money
    public var discounts: Money
    /// Nil until a delivery option is chosen.
    public var shipping: Money?
    /// Added taxes are nil until the address is known; included taxes are always known.
    public var taxes: Money?
    public var total: Money
    public var taxesIncluded: Bool

    /// - Parameters:
    ///   - subtotal: the lines' total before discounts; `discounts` what the cart's codes take off it.
    ///   - shipping: the chosen delivery option's rate, nil before one is chosen.
    ///   - shopCountry: whether prices include taxes follows the shop's country (VAT in Europe).
    ///   - taxCountry: the country whose rate applies (the address's, else the buyer's or the shop's).
    ///   - addressKnown: added taxes are unknown until the address is.
    /// Throws `StorefrontError.invalidArgument` when the amounts are in different currencies.
    public init(subtotal: Money, discounts: Money, shipping: Money?, shopCountry: String, taxCountry: String,
                addressKnown: Bool) throws {
        let currency = subtotal.currencyCode
        for other in [discounts, shipping].compactMap({ $0 }) where other.currencyCode != currency {
            throw StorefrontError.invalidArgument("An amount in \(other.currencyCode) cannot be charged on a \(currency) checkout.")
        }
        let zero = Money.zero(currency)
        let included = ShippingCountry.named(shopCountry)?.pricesIncludeTaxes ?? false
        let rate = ShippingCountry.named(taxCountry)?.taxRate ?? 0
        let taken = discounts.amount <= 0 ? zero : discounts.amount >= subtotal.amount ? subtotal : discounts
        let merchandise = subtotal - taken
        let taxes: Money?
        if included {
            taxes = (merchandise + (shipping ?? zero)).multiplied(by: rate / (1 + rate))
        } else {
            taxes = addressKnown ? merchandise.multiplied(by: rate) : nil
        }
        let total = merchandise + (shipping ?? zero) + (included ? zero : taxes ?? zero)
        guard total.amount.isFinite, total.amount < CheckoutTotals.largestTotal else {
            throw StorefrontError.invalidArgument("The order's total is larger than a checkout can charge.")
        }
        self.subtotal = subtotal; self.discounts = taken
        self.shipping = shipping; self.taxes = taxes; self.total = total; self.taxesIncluded = included
    }

    /// No order is charged this much or more, in any currency's major units.
    public static let largestTotal: Decimal = 1_000_000_000_000

    public var merchandise: Money { subtotal - discounts }
}
