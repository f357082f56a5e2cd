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
    @inlinable public var id: String { get { fields.value.id } _modify { yield &fields.value.id } }
    @inlinable public var title: String { get { fields.value.title } _modify { yield &fields.value.title } }
    @inlinable public var sku: String? { get { fields.value.sku } _modify { yield &fields.value.sku } }
    @inlinable public var availableForSale: Bool { get { fields.value.availableForSale } _modify { yield &fields.value.availableForSale } }
    /// Units in stock; nil when the shop does not track inventory for this variant.
    @inlinable public var quantityAvailable: Int? { get { fields.value.quantityAvailable } _modify { yield &fields.value.quantityAvailable } }
    @inlinable public var selectedOptions: [SelectedOption] { get { fields.value.selectedOptions } _modify { yield &fields.value.selectedOptions } }
    @inlinable public var price: Money { get { fields.value.price } _modify { yield &fields.value.price } }
    @inlinable public var compareAtPrice: Money? { get { fields.value.compareAtPrice } _modify { yield &fields.value.compareAtPrice } }
    @inlinable public var image: ProductImage? { get { fields.value.image } _modify { yield &fields.value.image } }

    /// The fields, in one object the copies share until one of them changes a field (see `CopyOnWrite`).
    @usableFromInline struct Fields: Hashable, Sendable, Codable {
        @usableFromInline var id: String
        @usableFromInline var title: String
        @usableFromInline var sku: String?
        @usableFromInline var availableForSale: Bool
        @usableFromInline var quantityAvailable: Int?
        @usableFromInline var selectedOptions: [SelectedOption]
        @usableFromInline var price: Money
        @usableFromInline var compareAtPrice: Money?
        @usableFromInline var image: ProductImage?
    }

    @usableFromInline var fields: CopyOnWrite<Fields>

    public init(id: String, title: String, sku: String? = nil, availableForSale: Bool, quantityAvailable: Int?,
                selectedOptions: [SelectedOption], price: Money, compareAtPrice: Money? = nil, image: ProductImage? = nil) {
        fields = CopyOnWrite(Fields(id: id, title: title, sku: sku, availableForSale: availableForSale, quantityAvailable: quantityAvailable,
                                    selectedOptions: selectedOptions, price: price, compareAtPrice: compareAtPrice, image: image))
    }

    public static func == (a: ProductVariant, b: ProductVariant) -> Bool { a.fields == b.fields }

    public func hash(into hasher: inout Hasher) { fields.value.hash(into: &hasher) }

    // Encoded and decoded as the fields themselves: the same keys, a nil optional left out.
    public init(from decoder: any Decoder) throws { fields = CopyOnWrite(try Fields(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try fields.value.encode(to: encoder) }

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
    @inlinable public var id: String { get { fields.value.id } _modify { yield &fields.value.id } }
    @inlinable public var handle: String { get { fields.value.handle } _modify { yield &fields.value.handle } }
    @inlinable public var title: String { get { fields.value.title } _modify { yield &fields.value.title } }
    @inlinable public var description: String { get { fields.value.description } _modify { yield &fields.value.description } }
    @inlinable public var vendor: String { get { fields.value.vendor } _modify { yield &fields.value.vendor } }
    @inlinable public var productType: String { get { fields.value.productType } _modify { yield &fields.value.productType } }
    @inlinable public var tags: [String] { get { fields.value.tags } _modify { yield &fields.value.tags } }
    @inlinable public var createdAt: Date { get { fields.value.createdAt } _modify { yield &fields.value.createdAt } }
    @inlinable public var updatedAt: Date { get { fields.value.updatedAt } _modify { yield &fields.value.updatedAt } }
    @inlinable public var options: [ProductOption] { get { fields.value.options } _modify { yield &fields.value.options } }
    @inlinable public var variants: [ProductVariant] { get { fields.value.variants } _modify { yield &fields.value.variants } }
    @inlinable public var images: [ProductImage] { get { fields.value.images } _modify { yield &fields.value.images } }
    @inlinable public var priceRange: PriceRange { get { fields.value.priceRange } _modify { yield &fields.value.priceRange } }
    @inlinable public var compareAtPriceRange: PriceRange? { get { fields.value.compareAtPriceRange } _modify { yield &fields.value.compareAtPriceRange } }
    /// The subscriptions (and other plans) it is sold on, from the catalog's `sellingPlanGroups`.
    @inlinable public var sellingPlanGroups: [SellingPlanGroup] { get { fields.value.sellingPlanGroups } _modify { yield &fields.value.sellingPlanGroups } }
    /// Sold on a plan only: a one-time purchase is refused.
    @inlinable public var requiresSellingPlan: Bool { get { fields.value.requiresSellingPlan } _modify { yield &fields.value.requiresSellingPlan } }

    /// The fields, in one object the copies share until one of them changes a field (see `CopyOnWrite`).
    @usableFromInline struct Fields: Hashable, Sendable, Codable {
        @usableFromInline var id: String
        @usableFromInline var handle: String
        @usableFromInline var title: String
        @usableFromInline var description: String
        @usableFromInline var vendor: String
        @usableFromInline var productType: String
        @usableFromInline var tags: [String]
        @usableFromInline var createdAt: Date
        @usableFromInline var updatedAt: Date
        @usableFromInline var options: [ProductOption]
        @usableFromInline var variants: [ProductVariant]
        @usableFromInline var images: [ProductImage]
        @usableFromInline var priceRange: PriceRange
        @usableFromInline var compareAtPriceRange: PriceRange?
        @usableFromInline var sellingPlanGroups: [SellingPlanGroup]
        @usableFromInline var requiresSellingPlan: Bool
    }

    @usableFromInline var fields: CopyOnWrite<Fields>

    public init(id: String, handle: String, title: String, description: String, vendor: String, productType: String,
                tags: [String], createdAt: Date, updatedAt: Date, options: [ProductOption], variants: [ProductVariant],
                images: [ProductImage] = [], priceRange: PriceRange? = nil, compareAtPriceRange: PriceRange? = nil,
                sellingPlanGroups: [SellingPlanGroup] = [], requiresSellingPlan: Bool = false) {
        let prices = variants.map(\.price)
        let fallback = Money.zero(variants.first?.price.currencyCode ?? "USD")
        let range = priceRange ?? PriceRange(minVariantPrice: prices.min() ?? fallback, maxVariantPrice: prices.max() ?? fallback)
        var compareAtRange = compareAtPriceRange
        if compareAtRange == nil {
            let compare = variants.compactMap(\.compareAtPrice)
            compareAtRange = compare.isEmpty ? nil : PriceRange(minVariantPrice: compare.min()!, maxVariantPrice: compare.max()!)
        }
        fields = CopyOnWrite(Fields(id: id, handle: handle, title: title, description: description, vendor: vendor,
                                    productType: productType, tags: tags, createdAt: createdAt, updatedAt: updatedAt,
                                    options: options, variants: variants, images: images, priceRange: range,
                                    compareAtPriceRange: compareAtRange, sellingPlanGroups: sellingPlanGroups,
                                    requiresSellingPlan: requiresSellingPlan))
    }

    public static func == (a: Product, b: Product) -> Bool { a.fields == b.fields }

    public func hash(into hasher: inout Hasher) { fields.value.hash(into: &hasher) }

    // Encoded and decoded as the fields themselves: the same keys, a nil optional left out.
    public init(from decoder: any Decoder) throws { fields = CopyOnWrite(try Fields(from: decoder)) }

    public func encode(to encoder: any Encoder) throws { try fields.value.encode(to: encoder) }

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
