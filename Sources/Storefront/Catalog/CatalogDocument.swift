import Foundation

/// The catalog file as it is written by hand: options listed once per product, variants as
/// option-value arrays with prices as strings. `CatalogLoader` checks it and turns it into models.
///
/// ```json
/// { "format": "storefront-catalog", "version": 1,
///   "shop": { "name", "description", "domain", "currencyCode", "countryCode", ... },
///   "discountCodes": [ { "code": "WELCOME10", "type": "percentage", "value": "10" } ],
///   "collections": [ { "id": 4100, "handle": "coffee", "title": "Coffee", "products": ["house-blend"] } ],
///   "products": [ { "id": 8100, "handle": "house-blend", "title": "House Blend", ...,
///                   "options": [ { "name": "Size", "values": ["250 g", "1 kg"] } ],
///                   "variants": [ { "options": ["250 g"], "price": "12.50", "inventory": 20 } ] } ] }
/// ```
/// A product without options has one variant without `options` ("Default Title").
/// Variant ids default to product id × 1000 + position (1-based); `inventory` absent means the
/// shop does not track stock for that variant; `available: false` takes a variant off sale.
struct CatalogDocument: Decodable {
    var format: String?
    var version: Int?
    var shop: ShopEntry
    var discountCodes: [DiscountCodeEntry]?
    var collections: [CollectionEntry]
    var products: [ProductEntry]

    struct ShopEntry: Decodable {
        var name: String
        var description: String?
        var domain: String
        var currencyCode: String
        var countryCode: String
        var refundPolicyUrl: String?
        var shippingPolicyUrl: String?
        var contactEmail: String?
        var contactPhone: String?
    }

    struct DiscountCodeEntry: Decodable {
        var code: String
        var type: String
        var value: String
        var title: String?
        var minimumSubtotal: String?
        var startsAt: String?
        var endsAt: String?
    }

    struct ImageEntry: Decodable {
        var url: String
        var altText: String?
        var width: Int?
        var height: Int?
    }

    struct CollectionEntry: Decodable {
        var id: Int
        var handle: String
        var title: String
        var description: String?
        var image: ImageEntry?
        var updatedAt: String
        var products: [String]
    }

    struct OptionEntry: Decodable {
        var name: String
        var values: [String]
    }

    struct VariantEntry: Decodable {
        var id: Int?
        var options: [String]?
        var price: String
        var compareAtPrice: String?
        var sku: String?
        var inventory: Int?
        var available: Bool?
        var image: ImageEntry?
    }

    struct ProductEntry: Decodable {
        var id: Int
        var handle: String
        var title: String
        var vendor: String
        var productType: String
        var tags: [String]?
        var createdAt: String
        var updatedAt: String
        var description: String?
        var images: [ImageEntry]?
        var options: [OptionEntry]?
        var variants: [VariantEntry]
    }
}
