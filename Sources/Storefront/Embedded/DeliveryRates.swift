import Foundation

/// The ways the embedded shop delivers, priced in the shop's currency. Every address gets the
/// same choice; the buyer picks one per delivery group, and checkout charges it.
enum DeliveryRates {
    static func options(currencyCode: String) -> [CartDeliveryOption] {
        func money(_ amount: String) -> Money { Money(amount: Decimal(string: amount) ?? 0, currencyCode: currencyCode) }
        return [
            CartDeliveryOption(handle: "standard", code: "STANDARD", title: "Standard", description: "3 to 5 business days",
                               deliveryMethodType: "SHIPPING", estimatedCost: money("4.95")),
            CartDeliveryOption(handle: "express", code: "EXPRESS", title: "Express", description: "1 to 2 business days",
                               deliveryMethodType: "SHIPPING", estimatedCost: money("12.5")),
            CartDeliveryOption(handle: "pickup", code: "PICKUP", title: "Pick up in store", description: "Ready the next business day",
                               deliveryMethodType: "PICK_UP", estimatedCost: money("0")),
        ]
    }

    /// A delivery group's id follows the address it ships to, so picking another address starts
    /// a new group (and a new choice of option).
    static func groupId(forAddressId id: String) -> String {
        id.replacingOccurrences(of: "gid://shopify/CartSelectableAddress/", with: "gid://shopify/CartDeliveryGroup/")
    }
}
