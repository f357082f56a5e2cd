import Foundation

/// The shop itself (`Shop` in the Storefront API).
public struct Shop: Hashable, Sendable, Codable {
    public var name: String
    public var description: String
    /// The shop's domain, e.g. "aurora-outfitters.example" (`primaryDomain.host`).
    public var domain: String
    public var currencyCode: String
    public var countryCode: String
    /// The policies the shop publishes, in `ShopPolicy.Kind` order.
    public var policies: [ShopPolicy]
    public var contactEmail: String?
    public var contactPhone: String?
    /// The terms of the shop's subscriptions (`subscriptionPolicy`), when it publishes them.
    public var subscriptionPolicy: SubscriptionPolicy?

    public init(name: String, description: String, domain: String, currencyCode: String, countryCode: String,
                policies: [ShopPolicy] = [], contactEmail: String? = nil, contactPhone: String? = nil,
                subscriptionPolicy: SubscriptionPolicy? = nil) {
        self.name = name; self.description = description; self.domain = domain
        self.currencyCode = currencyCode; self.countryCode = countryCode
        self.policies = policies
        self.contactEmail = contactEmail; self.contactPhone = contactPhone
        self.subscriptionPolicy = subscriptionPolicy
    }
}

/// An image (`Image`): `url` replaces the deprecated `src`.
public struct ProductImage: Hashable, Sendable, Codable {
    public var id: String?
    public var url: String
    public var altText: String?
    public var width: Int?
    public var height: Int?
    /// The picture the terminal draws: this image as a PNG no larger than `pictureSize` on a side
    /// (`url(transform: {maxWidth:, maxHeight:, preferredContentType: PNG})`).
    public var pictureUrl: String?

    public init(id: String? = nil, url: String, altText: String? = nil, width: Int? = nil, height: Int? = nil,
                pictureUrl: String? = nil) {
        self.id = id; self.url = url; self.altText = altText; self.width = width; self.height = height
        self.pictureUrl = pictureUrl
    }

    /// The largest side of the pictures the terminal asks for, in pixels: plenty for a picture of
    /// 60x30 cells drawn with sextants.
    public static let pictureSize = 320

    /// `url` with an image transform, as a CDN spells it (`?width=…&height=…&format=png`).
    public static func transformed(_ url: String, maxWidth: Int?, maxHeight: Int?, png: Bool) -> String {
        guard maxWidth != nil || maxHeight != nil || png else { return url }
        // Every picture of every page asks for one: written in one string, the separator found by
        // its byte (not by Foundation's substring search).
        var transformed = url
        var separator = url.utf8.contains(UInt8(ascii: "?")) ? "&" : "?"
        func add(_ item: String) {
            transformed += separator
            transformed += item
            separator = "&"
        }
        if let maxWidth { add("width=\(maxWidth)") }
        if let maxHeight { add("height=\(maxHeight)") }
        if png { add("format=png") }
        return transformed
    }
}

/// A collection of products (`Collection`). `productsPreview` holds the first few products when the
/// collection list was fetched with a preview (one request per screen, no n+1).
public struct Collection: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var handle: String
    public var title: String
    public var description: String
    public var image: ProductImage?
    public var updatedAt: Date
    public var productsPreview: [Product]

    public init(id: String, handle: String, title: String, description: String, image: ProductImage? = nil,
                updatedAt: Date, productsPreview: [Product] = []) {
        self.id = id; self.handle = handle; self.title = title; self.description = description
        self.image = image; self.updatedAt = updatedAt; self.productsPreview = productsPreview
    }
}

/// One value of a product option (`ProductOptionValue`).
public struct ProductOptionValue: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    public init(id: String, name: String) { self.id = id; self.name = name }
}

/// A product option such as Size or Colour (`ProductOption` with `optionValues`).
public struct ProductOption: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    public var optionValues: [ProductOptionValue]
    public init(id: String, name: String, optionValues: [ProductOptionValue]) {
        self.id = id; self.name = name; self.optionValues = optionValues
    }
}

/// `SelectedOption`: an option name and the value a variant has for it.
public struct SelectedOption: Hashable, Sendable, Codable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { self.name = name; self.value = value }
}

/// A purchasable variant of a product (`ProductVariant`).
public struct ProductVariant: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var title: String
    public var sku: String?
    public var availableForSale: Bool
    /// Units in stock; nil when the shop does not track inventory for this variant.
    public var quantityAvailable: Int?
    public var selectedOptions: [SelectedOption]
    public var price: Money
    public var compareAtPrice: Money?
    public var image: ProductImage?

    public init(id: String, title: String, sku: String? = nil, availableForSale: Bool, quantityAvailable: Int?,
                selectedOptions: [SelectedOption], price: Money, compareAtPrice: Money? = nil, image: ProductImage? = nil) {
        self.id = id; self.title = title; self.sku = sku; self.availableForSale = availableForSale
        self.quantityAvailable = quantityAvailable; self.selectedOptions = selectedOptions
        self.price = price; self.compareAtPrice = compareAtPrice; self.image = image
    }

    /// True when a compare-at price above the price marks this variant as on sale.
    public var isOnSale: Bool { (compareAtPrice.map { $0 > price }) ?? false }
}

/// The lowest and highest variant price (`ProductPriceRange`).
public struct PriceRange: Hashable, Sendable, Codable {
    public var minVariantPrice: Money
    public var maxVariantPrice: Money
    public init(minVariantPrice: Money, maxVariantPrice: Money) {
        self.minVariantPrice = minVariantPrice; self.maxVariantPrice = maxVariantPrice
    }
}

/// A product (`Product`).
public struct Product: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var handle: String
    public var title: String
    public var description: String
    public var vendor: String
    public var productType: String
    public var tags: [String]
    public var createdAt: Date
    public var updatedAt: Date
    public var options: [ProductOption]
    public var variants: [ProductVariant]
    public var images: [ProductImage]
    public var priceRange: PriceRange
    public var compareAtPriceRange: PriceRange?
    /// The subscriptions (and other plans) it is sold on, from the catalog's `sellingPlanGroups`.
    public var sellingPlanGroups: [SellingPlanGroup]
    /// Sold on a plan only: a one-time purchase is refused.
    public var requiresSellingPlan: Bool

    public init(id: String, handle: String, title: String, description: String, vendor: String, productType: String,
                tags: [String], createdAt: Date, updatedAt: Date, options: [ProductOption], variants: [ProductVariant],
                images: [ProductImage] = [], priceRange: PriceRange? = nil, compareAtPriceRange: PriceRange? = nil,
                sellingPlanGroups: [SellingPlanGroup] = [], requiresSellingPlan: Bool = false) {
        self.id = id; self.handle = handle; self.title = title; self.description = description
        self.vendor = vendor; self.productType = productType; self.tags = tags
        self.createdAt = createdAt; self.updatedAt = updatedAt; self.options = options
        self.variants = variants; self.images = images
        self.sellingPlanGroups = sellingPlanGroups; self.requiresSellingPlan = requiresSellingPlan
        let prices = variants.map(\.price)
        let fallback = Money.zero(variants.first?.price.currencyCode ?? "USD")
        self.priceRange = priceRange ?? PriceRange(minVariantPrice: prices.min() ?? fallback,
                                                   maxVariantPrice: prices.max() ?? fallback)
        if let compareAtPriceRange {
            self.compareAtPriceRange = compareAtPriceRange
        } else {
            let compare = variants.compactMap(\.compareAtPrice)
            self.compareAtPriceRange = compare.isEmpty ? nil
                : PriceRange(minVariantPrice: compare.min()!, maxVariantPrice: compare.max()!)
        }
    }

    /// A product is available when any of its variants is.
    public var availableForSale: Bool { variants.contains { $0.availableForSale } }

    /// The variant whose selected options match `selection` exactly (every option named).
    public func variant(matching selection: [SelectedOption]) -> ProductVariant? {
        variants.first { variant in
            selection.allSatisfy { wanted in variant.selectedOptions.contains(wanted) }
                && variant.selectedOptions.count == selection.count
        }
    }

    public func variant(id: String) -> ProductVariant? { variants.first { $0.id == id } }
}
