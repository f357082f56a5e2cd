import Foundation
import StorefrontCatalog
import StorefrontModels

/// Discount codes are written in the shop's currency; a cart in another market reads them in its own.
extension Market {
    /// What a code takes off a subtotal in this market: a percentage of it, or the fixed amount
    /// at the exchange rate, never more than the subtotal.
    func reduction(_ discount: DiscountCode, ofSubtotal subtotal: Money) -> Money {
        guard case .fixedAmount(let amount) = discount.kind, amount.currencyCode != currencyCode else {
            return discount.reduction(ofSubtotal: subtotal)
        }
        let off = exchange(amount)
        return off.amount > subtotal.amount ? subtotal : off
    }
}

extension DiscountRefusal {
    /// The refusal as a buyer in `market` reads it: the minimum in the market's currency.
    func `in`(_ market: Market) -> DiscountRefusal {
        guard case .minimum(let amount) = self, amount.currencyCode != market.currencyCode else { return self }
        return .minimum(market.price(amount))
    }
}
