import Foundation
import Storefront

/// The simulated store's shipping rates: domestic standard (free from a threshold) and express,
/// or international standard and express. Amounts are in the cart's currency; currencies without
/// minor units (JPY) use amounts a hundred times larger.
package enum ShippingRateTable {
    /// Domestic standard shipping is free from this subtotal (after discounts), in major units.
    package static let freeShippingThreshold: Decimal = 75

    package static func rates(country: String, shopCountry: String, subtotal: Money) -> [CheckoutPage.ShippingRate] {
        let currency = subtotal.currencyCode
        let scale: Decimal = Money.minorUnits(of: currency) == 0 ? 100 : 1
        func money(_ text: String) -> Money { Money(amount: Decimal(string: text)! * scale, currencyCode: currency) }
        if country == shopCountry {
            let free = subtotal.amount >= freeShippingThreshold * scale
            return [
                .init(id: "standard", title: "Standard", price: free ? money("0") : money("5.90"),
                      estimate: free ? "3 to 5 business days, free over \(money("75").formatted)" : "3 to 5 business days"),
                .init(id: "express", title: "Express", price: money("14.90"), estimate: "1 to 2 business days"),
            ]
        }
        return [
            .init(id: "international", title: "International", price: money("19.90"), estimate: "6 to 12 business days"),
            .init(id: "international-express", title: "International Express", price: money("39.90"),
                  estimate: "2 to 4 business days"),
        ]
    }
}
