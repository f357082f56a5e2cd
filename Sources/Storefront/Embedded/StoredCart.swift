import Foundation
import StorefrontModels

/// A cart as the embedded storefront keeps it: references to variants, not snapshots, so prices
/// and stock always come from the catalog. `Cart` values are built from it on every read.
struct StoredCart: Hashable, Sendable, Codable {
    struct Line: Hashable, Sendable, Codable {
        var id: String
        var merchandiseId: String
        var quantity: Int
        var attributes: [Attribute]
        /// The selling plan the line is bought on (absent in lines kept before plans: bought once).
        var sellingPlanId: String? = nil
    }

    var token: String
    var key: String
    var createdAt: Date
    var updatedAt: Date
    var lines: [Line]
    var buyerIdentity: BuyerIdentity
    var discountCodes: [String]
    var note: String?
    var attributes: [Attribute]
    /// Set when an order completed it or it was marked expired; open otherwise (expiry by age is
    /// decided when reading, from `updatedAt`).
    var state: CartCheckoutState
    var nextLineNumber: Int
    // Added after the first carts were saved: absent in those, read as none.
    var deliveryAddresses: [CartSelectableAddress]?
    /// The delivery option handle the buyer picked, by delivery group id.
    var selectedDeliveryOptions: [String: String]?
    var nextAddressNumber: Int?
    /// The catalog ids of the gift cards applied, in order.
    var giftCardIds: [String]?
    var metafields: [CartMetafield]?
    var nextMetafieldNumber: Int?

    var id: String { "gid://shopify/Cart/\(token)?key=\(key)" }

    mutating func newLineId() -> String {
        defer { nextLineNumber += 1 }
        return "gid://shopify/CartLine/\(nextLineNumber)?cart=\(token)"
    }

    /// One delivery group, for the selected address, while the cart has lines.
    var deliveryGroupIds: [String] {
        guard !lines.isEmpty, let selected = deliveryAddresses?.first(where: \.selected) else { return [] }
        return [DeliveryRates.groupId(forAddressId: selected.id)]
    }

    mutating func newAddressId() -> String {
        let number = nextAddressNumber ?? 1
        nextAddressNumber = number + 1
        return "gid://shopify/CartSelectableAddress/\(number)?cart=\(token)"
    }

    mutating func newMetafieldId() -> String {
        let number = nextMetafieldNumber ?? 1
        nextMetafieldNumber = number + 1
        return "gid://shopify/Metafield/\(number)?cart=\(token)"
    }

    /// The token and key of a cart id "gid://shopify/Cart/<token>?key=<key>".
    static func parse(id: String) -> (token: String, key: String)? {
        let prefix = "gid://shopify/Cart/"
        guard id.hasPrefix(prefix) else { return nil }
        let rest = id.dropFirst(prefix.count)
        let parts = rest.split(separator: "?", maxSplits: 1)
        guard parts.count == 2, parts[1].hasPrefix("key="), !parts[0].isEmpty else { return nil }
        let key = parts[1].dropFirst(4)
        guard !key.isEmpty else { return nil }
        return (String(parts[0]), String(key))
    }
}
