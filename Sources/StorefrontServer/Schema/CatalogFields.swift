import Foundation
import Graphiti
import Storefront

// Catalog models in the Storefront API's shapes: ids, scalars, and the fields that take arguments.

extension Money {
    /// As the API writes a `Decimal`: no trailing zeros but one ("12.5", "10.0", "2400.0").
    var amountValue: DecimalAmount { DecimalAmount(unchecked: APIAmounts.shared.text(of: self)) }

    static func apiDecimal(_ text: String) -> String {
        guard let point = text.firstIndex(of: ".") else { return text + ".0" }
        var digits = text[text.index(after: point)...]
        while digits.count > 1, digits.last == "0" { digits = digits.dropLast() }
        return String(text[..<point]) + "." + (digits.isEmpty ? "0" : digits)
    }
    var currencyCodeValue: CurrencyCode { CurrencyCode(unchecked: currencyCode) }
}

/// The API's text of the amounts answered lately. A shop has few prices, and every product page,
/// collection and cart writes the same ones again and again; rounding a `Decimal` and writing it
/// out costs some twenty times a look-up. Equal amounts in one currency write alike, so an amount
/// is its own key. At most `capacity` are kept: past that the table starts again (cart totals
/// make new amounts without end).
final class APIAmounts: Sendable {
    static let shared = APIAmounts()
    static let capacity = 4096

    private struct Key: Hashable, Sendable {
        let amount: Decimal
        let currencyCode: String
    }
    private let texts = KeptTable<Key, String>(capacity: capacity)

    func text(of money: Money) -> String {
        // NaN is not equal to itself: it would never be found, only added.
        guard !money.amount.isNaN else { return Money.apiDecimal(money.amountString) }
        let key = Key(amount: money.amount, currencyCode: money.currencyCode)
        if let known = texts[key] { return known }
        let text = Money.apiDecimal(money.amountString)
        texts.keep(text, for: key)
        return text
    }

    var count: Int { texts.count }
}

extension ProductImage {
    var idValue: GraphID? { id.map(GraphID.init(unchecked:)) }
    var urlValue: URLValue { URLValue(unchecked: url) }

    /// `url(transform:)`: the image as the CDN would transform it, which `serve` answers for the
    /// catalog's own pictures (size and PNG honoured; a crop or scale is not applied).
    func url(context: RequestContext, arguments: ImageURLArguments) -> URLValue {
        guard let transform = arguments.transform else { return urlValue }
        let scale = max(1, min(3, transform.scale ?? 1))
        return URLValue(unchecked: ProductImage.transformed(url, maxWidth: transform.maxWidth.map { $0 * scale },
                                                            maxHeight: transform.maxHeight.map { $0 * scale },
                                                            png: transform.preferredContentType == .png))
    }
}

struct ImageURLArguments: Decodable, Sendable {
    var transform: ImageTransformInput?
}

/// `ImageTransformInput`.
struct ImageTransformInput: Decodable, Sendable {
    var maxWidth: Int?
    var maxHeight: Int?
    var crop: CropRegion?
    var scale: Int?
    var preferredContentType: ImageContentType?
}

enum ImageContentType: String, Codable, CaseIterable, Sendable {
    case png = "PNG", jpg = "JPG", webp = "WEBP"
}

enum CropRegion: String, Codable, CaseIterable, Sendable {
    case center = "CENTER", top = "TOP", bottom = "BOTTOM", left = "LEFT", right = "RIGHT"
}

extension ProductOption {
    var idValue: GraphID { GraphID(unchecked: id) }
}

extension ProductOptionValue {
    var idValue: GraphID { GraphID(unchecked: id) }
}

extension Product {
    var idValue: GraphID { GraphID(unchecked: id) }
    var createdAtValue: DateTimeValue { DateTimeValue(createdAt) }
    var updatedAtValue: DateTimeValue { DateTimeValue(updatedAt) }
    var descriptionHTML: HTMLValue { HTMLValue(unchecked: Self.html(description)) }
    var featuredImage: ProductImage? { images.first }

    /// Never null in the API: without compare-at prices it is zero in the product's currency.
    var compareAtPriceRangeValue: PriceRange {
        compareAtPriceRange ?? PriceRange(minVariantPrice: .zero(priceRange.minVariantPrice.currencyCode),
                                          maxVariantPrice: .zero(priceRange.minVariantPrice.currencyCode))
    }

    func description(context: RequestContext, arguments: TruncateArguments) -> String {
        guard let limit = arguments.truncateAt, limit >= 0, description.count > limit else { return description }
        return String(description.prefix(limit)) + "…"
    }

    func options(context: RequestContext, arguments: FirstArguments) -> [ProductOption] {
        arguments.first.map { Array(options.prefix(max(0, $0))) } ?? options
    }

    /// Plain text as HTML paragraphs.
    static func html(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
        return escaped.components(separatedBy: "\n\n").map { "<p>\($0)</p>" }.joined()
    }
}

extension VariantNode {
    var idValue: GraphID { GraphID(unchecked: variant.id) }
    var title: String { variant.title }
    var sku: String? { variant.sku }
    var availableForSale: Bool { variant.availableForSale }
    var currentlyNotInStock: Bool { !variant.availableForSale }
    /// Stock, for a token with the inventory scope.
    func quantityAvailable(context: RequestContext, arguments: NoArguments) throws -> Int? {
        try context.scopes.require(.productInventory, for: "quantityAvailable")
        return variant.quantityAvailable
    }
    var selectedOptions: [SelectedOption] { variant.selectedOptions }
    var price: Money { variant.price }
    var compareAtPrice: Money? { variant.compareAtPrice }
    /// The variant's own image. (The API falls back to the product's image here; the embedded
    /// models keep "no image of its own" apart, and clients fall back themselves.)
    var image: ProductImage? { variant.image }
}

extension Storefront.Collection {
    var idValue: GraphID { GraphID(unchecked: id) }
    var updatedAtValue: DateTimeValue { DateTimeValue(updatedAt) }
    var descriptionHTML: HTMLValue { HTMLValue(unchecked: Product.html(description)) }

    func description(context: RequestContext, arguments: TruncateArguments) -> String {
        guard let limit = arguments.truncateAt, limit >= 0, description.count > limit else { return description }
        return String(description.prefix(limit)) + "…"
    }

    func products(context: RequestContext, arguments: CollectionProductsArguments) async throws -> Listing<Product> {
        let filters = try ProductFilterInput.models(arguments.filters, argument: "filters")
        return try await arguments.listing { page in
            try await context.storefront.collectionProducts(handle: handle, page: page, sortKey: arguments.sortKey ?? .collectionDefault,
                                                            reverse: arguments.reverse ?? false, filters: filters)
        }
    }
}

extension Shop {
    var idValue: GraphID { GraphID(unchecked: "gid://shopify/Shop/\(domain)") }
    var primaryDomain: DomainNode { DomainNode(host: domain) }
    var paymentSettings: PaymentSettingsNode {
        PaymentSettingsNode(currencyCode: CurrencyCode(unchecked: currencyCode), countryCode: CountryCode(unchecked: countryCode))
    }
    var refundPolicy: ShopPolicyNode? { policy(.refund).map(ShopPolicyNode.init) }
    var shippingPolicy: ShopPolicyNode? { policy(.shipping).map(ShopPolicyNode.init) }
    var privacyPolicy: ShopPolicyNode? { policy(.privacy).map(ShopPolicyNode.init) }
    var termsOfService: ShopPolicyNode? { policy(.termsOfService).map(ShopPolicyNode.init) }
}
