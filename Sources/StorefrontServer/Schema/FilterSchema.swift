import Foundation
import Graphiti
import Storefront

/// Storefront filtering: `ProductFilter` and its parts as arguments, `Filter` and `FilterValue` as
/// answers (`ProductConnection.filters`, `SearchResultItemConnection.productFilters`).
final class FilterSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(ListingFilter.self, as: "Filter") {
            keyField("id", at: \.id)
            keyField("label", at: \.label)
            keyField("type", at: \.kind)
            keyField("presentation", at: \.presentation)
            keyField("values", at: \.values)
        }
        Type(ListingFilter.Value.self, as: "FilterValue") {
            keyField("id", at: \.id)
            keyField("label", at: \.label)
            keyField("count", at: \.count)
            keyField("input", at: \.inputValue)
            keyField("swatch", at: \.swatch)
            keyField("image", at: \.image)
        }
        Type(FilterSwatchNode.self, as: "Swatch") {
            keyField("color", at: \.color)
            keyField("image", at: \.image)
        }
        Enum(ListingFilter.Kind.self, as: "FilterType") {
            Value(.boolean)
            Value(.list)
            Value(.priceRange)
        }
        Enum(FilterPresentation.self) {
            Value(.image)
            Value(.swatch)
            Value(.text)
        }
        Input(ProductFilterInput.self, as: "ProductFilter") {
            InputField("available", at: \.available)
            InputField("category", at: \.category)
            InputField("price", at: \.price)
            InputField("productMetafield", at: \.productMetafield)
            InputField("productType", at: \.productType)
            InputField("productVendor", at: \.productVendor)
            InputField("tag", at: \.tag)
            InputField("taxonomyMetafield", at: \.taxonomyMetafield)
            InputField("variantMetafield", at: \.variantMetafield)
            InputField("variantOption", at: \.variantOption)
        }
        Input(PriceRangeFilterInput.self, as: "PriceRangeFilter") {
            InputField("max", at: \.max)
            InputField("min", at: \.min).defaultValue(0)
        }
        Input(VariantOptionFilterInput.self, as: "VariantOptionFilter") {
            InputField("name", at: \.name)
            InputField("value", at: \.value)
        }
        Input(CategoryFilterInput.self, as: "CategoryFilter") {
            InputField("id", at: \.id)
        }
        Input(MetafieldFilterInput.self, as: "MetafieldFilter") {
            InputField("key", at: \.key)
            InputField("namespace", at: \.namespace)
            InputField("value", at: \.value)
        }
        Input(TaxonomyMetafieldFilterInput.self, as: "TaxonomyMetafieldFilter") {
            InputField("key", at: \.key)
            InputField("namespace", at: \.namespace)
            InputField("value", at: \.value)
        }
    }
}

extension ListingFilter {
    /// Only list filters say how to show their values; this catalog has neither swatches nor images.
    var presentation: FilterPresentation? { kind == .list ? .text : nil }
}

extension ListingFilter.Value {
    var inputValue: JSONValue { JSONValue(unchecked: input) }
    var swatch: FilterSwatchNode? { nil }
    var image: MediaImageNode? { nil }
}

enum FilterPresentation: String, Codable, Sendable, CaseIterable {
    case image = "IMAGE", swatch = "SWATCH", text = "TEXT"
}

/// `Swatch`.
struct FilterSwatchNode: Sendable {
    var color: ColorValue?
    var image: MediaImageNode?
}

/// `ProductFilter`: categories and metafields are data this catalog does not hold, so a filter on
/// one matches no product.
struct ProductFilterInput: Decodable, Sendable {
    var available: Bool?
    var category: CategoryFilterInput?
    var price: PriceRangeFilterInput?
    var productMetafield: MetafieldFilterInput?
    var productType: String?
    var productVendor: String?
    var tag: String?
    var taxonomyMetafield: TaxonomyMetafieldFilterInput?
    var variantMetafield: MetafieldFilterInput?
    var variantOption: VariantOptionFilterInput?

    var model: ProductFilter {
        ProductFilter(available: available, price: price.map { ProductFilter.PriceRange(min: $0.min.map(Self.decimal), max: $0.max.map(Self.decimal)) },
                      productType: productType, productVendor: productVendor, tag: tag,
                      variantOption: variantOption.map { ProductFilter.VariantOption(name: $0.name, value: $0.value) },
                      onMissingData: category != nil || productMetafield != nil || taxonomyMetafield != nil || variantMetafield != nil)
    }

    /// A `Float` argument as the amount it was written as (12.5, not 12.4999…).
    private static func decimal(_ value: Double) -> Decimal { Decimal(string: String(value)) ?? Decimal(value) }

    /// The API's bound on the number of filters in one argument.
    static let maximumCount = 250

    static func models(_ filters: [ProductFilterInput]?, argument: String) throws -> [ProductFilter] {
        guard let filters else { return [] }
        guard filters.count <= maximumCount else {
            throw StorefrontError.invalidArgument("The input `\(argument)` must not contain more than \(maximumCount) values.")
        }
        return filters.map(\.model)
    }
}

struct PriceRangeFilterInput: Decodable, Sendable {
    var max: Double?
    var min: Double?
}

struct VariantOptionFilterInput: Decodable, Sendable {
    var name: String
    var value: String
}

struct CategoryFilterInput: Decodable, Sendable {
    var id: String
}

struct MetafieldFilterInput: Decodable, Sendable {
    var key: String
    var namespace: String
    var value: String
}

struct TaxonomyMetafieldFilterInput: Decodable, Sendable {
    var key: String
    var namespace: String
    var value: String
}
