import Foundation
import StorefrontModels

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
struct CatalogDocument {
    var format: String?
    var version: Int?
    var shop: ShopEntry
    var discountCodes: [DiscountCodeEntry]?
    var giftCards: [GiftCardEntry]?
    var collections: [CollectionEntry]
    /// Where each product is in the file: `CatalogBuilder` reads them, on all cores.
    var products: CatalogJSONReader.Elements
    /// The shop's pages and blogs (see `ContentCatalog`).
    var pages: [ContentCatalog.PageEntry]? = nil
    var blogs: [ContentCatalog.BlogEntry]? = nil

    /// A date as read: its instant, or its text when that is not an ISO 8601 date (for the error).
    enum DateEntry {
        case instant(Double)
        case text(String)
    }

    struct ShopEntry {
        var name: String
        var description: String?
        var domain: String
        var currencyCode: String
        var countryCode: String
        /// Only the address of a policy whose text the catalog does not hold (older catalogs).
        var refundPolicyUrl: String?
        var shippingPolicyUrl: String?
        var contactEmail: String?
        var contactPhone: String?
        /// `"refundPolicy": {"title", "body", ...}` and the other three, under the API's names.
        var policies: [ShopPolicy.Kind: PolicyEntry] = [:]
        /// `"subscriptionPolicy"`: the terms of the shop's subscriptions.
        var subscriptionPolicy: PolicyEntry?
    }

    /// A policy: `body` is HTML; handle, title, url and id default to what a shop's admin gives.
    struct PolicyEntry {
        var id: Int?
        var handle: String?
        var title: String?
        var body: String
        var url: String?
    }

    /// `{ "code": "GIFT-1234-ABCD", "balance": "25.00" }`.
    struct GiftCardEntry {
        var code: String
        var balance: String
    }

    struct DiscountCodeEntry {
        var code: String
        var type: String
        var value: String
        var title: String?
        var minimumSubtotal: String?
        var startsAt: DateEntry?
        var endsAt: DateEntry?
        /// Only for a customer who has not ordered before.
        var firstOrderOnly: Bool?
        /// `{"orderDiscounts": true}`: combines with other order discounts that allow it too.
        var combinesWithOrderDiscounts: Bool?
    }

    struct ImageEntry {
        var url: String
        var altText: String?
        var width: Int?
        var height: Int?
    }

    struct CollectionEntry {
        var id: Int
        var handle: String
        var title: String
        var description: String?
        var image: ImageEntry?
        var updatedAt: DateEntry
        var products: [String]
    }

    struct OptionEntry {
        var name: String
        var values: [String]
    }

    struct VariantEntry {
        var id: Int?
        var options: [String]?
        var price: String
        var compareAtPrice: String?
        var sku: String?
        var inventory: Int?
        var available: Bool?
        var image: ImageEntry?
    }

    struct ProductEntry {
        var id: Int
        var handle: String
        var title: String
        var vendor: String
        var productType: String
        var tags: [String]?
        var createdAt: DateEntry
        var updatedAt: DateEntry
        var description: String?
        var images: [ImageEntry]?
        var options: [OptionEntry]?
        var variants: [VariantEntry]
    }
}

// MARK: - Reading

/// A part of the catalog that reads itself from the JSON.
protocol CatalogEntry {
    init(reading reader: inout CatalogJSONReader) throws
}

extension CatalogDocument: CatalogEntry {}
extension CatalogDocument.ShopEntry: CatalogEntry {}
extension CatalogDocument.PolicyEntry: CatalogEntry {}
extension CatalogDocument.DiscountCodeEntry: CatalogEntry {}
extension CatalogDocument.GiftCardEntry: CatalogEntry {}
extension CatalogDocument.ImageEntry: CatalogEntry {}
extension CatalogDocument.CollectionEntry: CatalogEntry {}
extension CatalogDocument.OptionEntry: CatalogEntry {}
extension CatalogDocument.VariantEntry: CatalogEntry {}
extension CatalogDocument.ProductEntry: CatalogEntry {}

// Each entry reads its own fields; null counts as absent, an unknown field is an error (it is
// usually a typo that would otherwise be ignored silently), a missing required one too.

extension CatalogDocument {
    init(reading r: inout CatalogJSONReader) throws {
        var format: String?, version: Int?, shop: ShopEntry?, codes: [DiscountCodeEntry]?, giftCards: [GiftCardEntry]?
        var collections: [CollectionEntry]?, products: CatalogJSONReader.Elements?
        var pages: [ContentCatalog.PageEntry]?, blogs: [ContentCatalog.BlogEntry]?
        do {
            try r.object { r, key in
                if r.null() { return }
                switch key {
                case "format": format = try r.string()
                case "version": version = try r.int()
                case "shop": shop = try ShopEntry(reading: &r)
                case "discountCodes":
                    codes = try r.list(of: DiscountCodeEntry.self)
                case "giftCards":
                    giftCards = try r.list(of: GiftCardEntry.self)
                case "collections":
                    collections = try r.list(of: CollectionEntry.self)
                case "products":
                    products = try r.elements(of: ProductEntry.self)
                case "markets": try r.skip()   // read by `MarketCatalog`, after the products
                case "metafields": try r.skip()   // read by `CatalogMetafields`, after the products
                case "sellingPlanGroups": try r.skip()   // read by `CatalogSellingPlans`, after the products
                case "pages": pages = try r.list(of: ContentCatalog.PageEntry.self)
                case "blogs": blogs = try r.list(of: ContentCatalog.BlogEntry.self)
                default: throw r.unknownField(key)
                }
            }
            guard let shop else { throw r.missing("shop") }
            guard let collections else { throw r.missing("collections") }
            guard let products else { throw r.missing("products") }
            self.init(format: format, version: version, shop: shop, discountCodes: codes, giftCards: giftCards,
                      collections: collections, products: products, pages: pages, blogs: blogs)
        } catch {
            // The products were passed over, not read: one that does not read is further up the
            // file than what failed here, so its error comes first.
            if let products {
                var reader = CatalogJSONReader(r.shared, for: products)
                for k in 0..<products.count {
                    reader.seek(toElement: k, of: products)
                    _ = try reader.readElement(k, of: products) { try ProductEntry(reading: &$0) }
                }
            }
            throw error
        }
    }
}

extension CatalogDocument.ShopEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var name: String?, description: String?, domain: String?, currency: String?, country: String?
        var refund: String?, shipping: String?, email: String?, phone: String?
        var policies: [ShopPolicy.Kind: CatalogDocument.PolicyEntry] = [:]
        var subscriptionPolicy: CatalogDocument.PolicyEntry?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "refundPolicy": policies[.refund] = try CatalogDocument.PolicyEntry(reading: &r)
            case "shippingPolicy": policies[.shipping] = try CatalogDocument.PolicyEntry(reading: &r)
            case "privacyPolicy": policies[.privacy] = try CatalogDocument.PolicyEntry(reading: &r)
            case "termsOfService": policies[.termsOfService] = try CatalogDocument.PolicyEntry(reading: &r)
            case "subscriptionPolicy": subscriptionPolicy = try CatalogDocument.PolicyEntry(reading: &r)
            case "name": name = try r.string()
            case "description": description = try r.string()
            case "domain": domain = try r.string()
            case "currencyCode": currency = try r.string()
            case "countryCode": country = try r.string()
            case "refundPolicyUrl": refund = try r.string()
            case "shippingPolicyUrl": shipping = try r.string()
            case "contactEmail": email = try r.string()
            case "contactPhone": phone = try r.string()
            default: throw r.unknownField(key)
            }
        }
        guard let name else { throw r.missing("name") }
        guard let domain else { throw r.missing("domain") }
        guard let currency else { throw r.missing("currencyCode") }
        guard let country else { throw r.missing("countryCode") }
        self.init(name: name, description: description, domain: domain, currencyCode: currency, countryCode: country,
                  refundPolicyUrl: refund, shippingPolicyUrl: shipping, contactEmail: email, contactPhone: phone,
                  policies: policies, subscriptionPolicy: subscriptionPolicy)
    }
}

extension CatalogDocument.PolicyEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var id: Int?, handle: String?, title: String?, body: String?, url: String?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "id": id = try r.int()
            case "handle": handle = try r.string()
            case "title": title = try r.string()
            case "body": body = try r.string()
            case "url": url = try r.string()
            default: throw r.unknownField(key)
            }
        }
        guard let body else { throw r.missing("body") }
        self.init(id: id, handle: handle, title: title, body: body, url: url)
    }
}

extension CatalogDocument.GiftCardEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var code: String?, balance: String?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "code": code = try r.string()
            case "balance": balance = try r.string()
            default: throw r.unknownField(key)
            }
        }
        guard let code else { throw r.missing("code") }
        guard let balance else { throw r.missing("balance") }
        self.init(code: code, balance: balance)
    }
}

extension CatalogDocument.DiscountCodeEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var code: String?, type: String?, value: String?, title: String?, minimum: String?
        var starts: CatalogDocument.DateEntry?, ends: CatalogDocument.DateEntry?
        var firstOrderOnly: Bool?, combines: Bool?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "firstOrderOnly": firstOrderOnly = try r.bool()
            case "combinesWith":
                try r.object { r, key in
                    if r.null() { return }
                    switch key {
                    case "orderDiscounts": combines = try r.bool()
                    case "productDiscounts", "shippingDiscounts": _ = try r.bool()
                    default: throw r.unknownField(key)
                    }
                }
            case "code": code = try r.string()
            case "type": type = try r.string()
            case "value": value = try r.string()
            case "title": title = try r.string()
            case "minimumSubtotal": minimum = try r.string()
            case "startsAt": starts = try r.date()
            case "endsAt": ends = try r.date()
            default: throw r.unknownField(key)
            }
        }
        guard let code else { throw r.missing("code") }
        guard let type else { throw r.missing("type") }
        guard let value else { throw r.missing("value") }
        self.init(code: code, type: type, value: value, title: title, minimumSubtotal: minimum, startsAt: starts, endsAt: ends,
                  firstOrderOnly: firstOrderOnly, combinesWithOrderDiscounts: combines)
    }
}

extension CatalogDocument.ImageEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var url: String?, alt: String?, width: Int?, height: Int?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "url": url = try r.string()
            case "altText": alt = try r.string()
            case "width": width = try r.int()
            case "height": height = try r.int()
            default: throw r.unknownField(key)
            }
        }
        guard let url else { throw r.missing("url") }
        self.init(url: url, altText: alt, width: width, height: height)
    }
}

extension CatalogDocument.CollectionEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var id: Int?, handle: String?, title: String?, description: String?, image: CatalogDocument.ImageEntry?
        var updatedAt: CatalogDocument.DateEntry?, products: [String]?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "id": id = try r.int()
            case "handle": handle = try r.string()
            case "title": title = try r.string()
            case "description": description = try r.string()
            case "image": image = try CatalogDocument.ImageEntry(reading: &r)
            case "updatedAt": updatedAt = try r.date()
            case "products": products = try r.strings()
            default: throw r.unknownField(key)
            }
        }
        guard let id else { throw r.missing("id") }
        guard let handle else { throw r.missing("handle") }
        guard let title else { throw r.missing("title") }
        guard let updatedAt else { throw r.missing("updatedAt") }
        self.init(id: id, handle: handle, title: title, description: description, image: image, updatedAt: updatedAt,
                  products: products ?? [])
    }
}

extension CatalogDocument.OptionEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var name: String?, values: [String]?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "name": name = try r.string()
            case "values": values = try r.strings()
            default: throw r.unknownField(key)
            }
        }
        guard let name else { throw r.missing("name") }
        guard let values else { throw r.missing("values") }
        self.init(name: name, values: values)
    }
}

extension CatalogDocument.VariantEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var id: Int?, options: [String]?, price: String?, compareAt: String?, sku: String?
        var inventory: Int?, available: Bool?, image: CatalogDocument.ImageEntry?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "id": id = try r.int()
            case "options": options = try r.strings()
            case "price": price = try r.string()
            case "compareAtPrice": compareAt = try r.string()
            case "sku": sku = try r.string()
            case "inventory": inventory = try r.int()
            case "available": available = try r.bool()
            case "image": image = try CatalogDocument.ImageEntry(reading: &r)
            default: throw r.unknownField(key)
            }
        }
        guard let price else { throw r.missing("price") }
        self.init(id: id, options: options, price: price, compareAtPrice: compareAt, sku: sku, inventory: inventory,
                  available: available, image: image)
    }
}

extension CatalogDocument.ProductEntry {
    init(reading r: inout CatalogJSONReader) throws {
        var id: Int?, handle: String?, title: String?, vendor: String?, productType: String?, tags: [String]?
        var createdAt: CatalogDocument.DateEntry?, updatedAt: CatalogDocument.DateEntry?, description: String?
        var images: [CatalogDocument.ImageEntry]?, options: [CatalogDocument.OptionEntry]?
        var variants: [CatalogDocument.VariantEntry]?
        try r.object { r, key in
            if r.null() { return }
            switch key {
            case "id": id = try r.int()
            case "handle": handle = try r.string()
            case "title": title = try r.string()
            case "vendor": vendor = try r.string()
            case "productType": productType = try r.string()
            case "tags": tags = try r.strings()
            case "createdAt": createdAt = try r.date()
            case "updatedAt": updatedAt = try r.date()
            case "description": description = try r.string()
            case "images":
                images = try r.list(of: CatalogDocument.ImageEntry.self)
            case "options":
                options = try r.list(of: CatalogDocument.OptionEntry.self)
            case "variants":
                variants = try r.list(of: CatalogDocument.VariantEntry.self)
            default: throw r.unknownField(key)
            }
        }
        guard let id else { throw r.missing("id") }
        guard let handle else { throw r.missing("handle") }
        guard let title else { throw r.missing("title") }
        guard let createdAt else { throw r.missing("createdAt") }
        guard let updatedAt else { throw r.missing("updatedAt") }
        guard let variants else { throw r.missing("variants") }
        self.init(id: id, handle: handle, title: title, vendor: vendor ?? "", productType: productType ?? "", tags: tags,
                  createdAt: createdAt, updatedAt: updatedAt, description: description, images: images, options: options,
                  variants: variants)
    }
}
