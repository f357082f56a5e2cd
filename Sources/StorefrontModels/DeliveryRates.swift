import Foundation

/// The shop's delivery rates, the one table both the cart's delivery groups and the checkout
/// read, so the option a buyer picks on the cart costs the same at checkout. Domestic (the address
/// in the shop's country): standard, free from a threshold, express, and pick up in store;
/// anywhere else: international standard and express. Amounts are in the cart's currency; a
/// currency without minor units (JPY) has amounts a hundred times larger, in whole units.
public enum DeliveryRates {
    /// Domestic standard delivery is free from this merchandise total (after discounts), in major units.
    public static let freeShippingThreshold: Decimal = 75

    /// The options for an address in `country`, for merchandise worth `merchandise` (after discounts).
    public static func options(country: String, shopCountry: String, merchandise: Money) -> [CartDeliveryOption] {
        let currency = merchandise.currencyCode
        let scale: Decimal = Money.minorUnits(of: currency) == 0 ? 100 : 1
        func money(_ amount: String) -> Money { Money(amount: Decimal(string: amount)! * scale, currencyCode: currency) }
        func option(_ handle: String, _ title: String, _ days: String, _ type: String = "SHIPPING", cost: Money) -> CartDeliveryOption {
            CartDeliveryOption(handle: handle, code: handle.uppercased().replacingOccurrences(of: "-", with: "_"), title: title,
                               description: days, deliveryMethodType: type, estimatedCost: cost)
        }
        guard country.uppercased() == shopCountry.uppercased() else {
            return [option("international", "International", "6 to 12 business days", cost: money("19.90")),
                    option("international-express", "International Express", "2 to 4 business days", cost: money("39.90"))]
        }
        let threshold = money("\(freeShippingThreshold)")
        let free = merchandise.amount >= threshold.amount
        return [
            option("standard", "Standard", free ? "3 to 5 business days, free over \(threshold.formatted)" : "3 to 5 business days",
                   cost: free ? money("0") : money("5.90")),
            option("express", "Express", "1 to 2 business days", cost: money("14.90")),
            option("pickup", "Pick up in store", "Ready the next business day", "PICK_UP", cost: money("0")),
        ]
    }

    /// A delivery group's id follows the address it ships to, so picking another address starts
    /// a new group (and a new choice of option).
    package static func groupId(forAddressId id: String) -> String {
        id.replacingOccurrences(of: "gid://shopify/CartSelectableAddress/", with: "gid://shopify/CartDeliveryGroup/")
    }
}
