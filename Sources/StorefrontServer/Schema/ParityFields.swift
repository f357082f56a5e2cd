import Foundation
import Graphiti
import Storefront

// Fields real storefronts select that the catalog has little or no data for: each answers what a
// real shop without that data answers (null, an empty list, a default), never an unknown field.

/// `SEO`: the catalog sets no SEO overrides, so both are null (a storefront falls back to the
/// title and description, as it does for a real shop without them).
struct SEONode: Sendable {
    var title: String?
    var description: String?
}

/// `Metafield`: a custom field of a node, its value always a string whatever its `type`. It refers
/// to no other resource (`reference` and `references` are null).
struct MetafieldNode: Sendable {
    /// Where a metafield given without a namespace lives: the API's app-reserved namespace.
    static let appNamespace = "$app"

    var metafield: Metafield
    var parent: any MetafieldParentValue

    var idValue: GraphID { GraphID(unchecked: metafield.id) }
    var namespace: String { metafield.namespace }
    var key: String { metafield.key }
    var value: String { metafield.value }
    var type: String { metafield.type }
    var description: String? { metafield.description }
    var createdAtValue: DateTimeValue { DateTimeValue(metafield.createdAt) }
    var updatedAtValue: DateTimeValue { DateTimeValue(metafield.updatedAt) }
    var reference: (any MetafieldReferenceValue)? { nil }
}

/// `MetafieldParentResource`: what a metafield belongs to (of the API's union, the kinds that
/// have metafields here).
protocol MetafieldParentValue: Sendable {}

/// `MetafieldReference`: what a reference metafield points at; the catalog's metafields point at
/// nothing, so this is always null.
protocol MetafieldReferenceValue: Sendable {}

/// `UnitPriceMeasurement`, `ProductOptionValueSwatch`, `Brand`: never present in the catalog.
struct UnitPriceMeasurementNode: Sendable {
    var measuredType: String?
    var quantityValue: Double
}

struct SwatchNode: Sendable {
    var color: ColorValue?
}

struct BrandNode: Sendable {
    var slogan: String?
    var shortDescription: String?
}

/// `WeightUnit`. The catalog holds no weights; a variant without one says kilograms, as a shop
/// using metric units does.
enum WeightUnit: String, Codable, Sendable, CaseIterable {
    case grams = "GRAMS", kilograms = "KILOGRAMS", ounces = "OUNCES", pounds = "POUNDS"
}

struct MetafieldArguments: Decodable, Sendable {
    var namespace: String?
    var key: String
}

struct MetafieldIdentifierInput: Decodable, Sendable {
    var namespace: String?
    var key: String
}

struct MetafieldsArguments: Decodable, Sendable {
    var identifiers: [MetafieldIdentifierInput]
}

struct SelectedOptionInput: Decodable, Sendable {
    var name: String
    var value: String
}

/// `variantBySelectedOptions`, `selectedOrFirstAvailableVariant`, `adjacentVariants`.
struct SelectedOptionsArguments: Decodable, Sendable {
    var selectedOptions: [SelectedOptionInput]?
    var ignoreUnknownOptions: Bool?
    var caseInsensitiveMatch: Bool?
}

/// `variantBySelectedOptions`, whose options are required.
struct RequiredSelectedOptionsArguments: Decodable, Sendable {
    var selectedOptions: [SelectedOptionInput]
    var ignoreUnknownOptions: Bool?
    var caseInsensitiveMatch: Bool?
}

struct HandleArguments: Decodable, Sendable {
    var handle: String
}

/// `HasMetafields`: a node with metafields of its own, which `metafield(namespace:, key:)` and
/// `metafields(identifiers:)` look up by namespace and key (`metafieldField`, `metafieldsField`).
protocol HasMetafields: Sendable {
    func metafieldNodes(context: RequestContext) async throws -> [MetafieldNode]
}

extension HasMetafields {
    func metafield(context: RequestContext, arguments: MetafieldArguments) async throws -> MetafieldNode? {
        Self.find(in: try await metafieldNodes(context: context), namespace: arguments.namespace, key: arguments.key)
    }

    /// One entry per identifier, in their order, null where the node has no such metafield.
    func metafields(context: RequestContext, arguments: MetafieldsArguments) async throws -> [MetafieldNode?] {
        try InputSizeExceeded.check(arguments.identifiers.count, maximum: 250, argument: "identifiers")
        let all = try await metafieldNodes(context: context)
        return arguments.identifiers.map { Self.find(in: all, namespace: $0.namespace, key: $0.key) }
    }

    /// Without a namespace the API looks in the app-reserved one.
    private static func find(in metafields: [MetafieldNode], namespace: String?, key: String) -> MetafieldNode? {
        let namespace = namespace ?? MetafieldNode.appNamespace
        return metafields.first { $0.namespace == namespace && $0.key == key }
    }
}

extension Product: HasMetafields, MetafieldParentValue {
    func metafieldNodes(context: RequestContext) async throws -> [MetafieldNode] {
        try await context.storefront.metafields(ownerId: id).map { MetafieldNode(metafield: $0, parent: self) }
    }
}

extension VariantNode: HasMetafields, MetafieldParentValue {
    func metafieldNodes(context: RequestContext) async throws -> [MetafieldNode] {
        try await context.storefront.metafields(ownerId: variant.id).map { MetafieldNode(metafield: $0, parent: self) }
    }
}

/// The catalog keeps no metafields on collections or the shop.
extension Storefront.Collection: HasMetafields {
    func metafieldNodes(context: RequestContext) async throws -> [MetafieldNode] { [] }
}

extension Shop: HasMetafields {
    func metafieldNodes(context: RequestContext) async throws -> [MetafieldNode] { [] }
}

extension Product {
    var seo: SEONode { SEONode() }
    var isGiftCard: Bool { false }
    var trackingParameters: String? { nil }

    func onlineStoreUrl(context: RequestContext, arguments: NoArguments) async throws -> URLValue? {
        URLValue(unchecked: "https://\(try await context.storefront.shop().domain)/products/\(handle)")
    }

    /// Stock over the variants the shop tracks, for a token with the inventory scope.
    func totalInventory(context: RequestContext, arguments: NoArguments) throws -> Int? {
        try context.scopes.require(.productInventory, for: "totalInventory")
        let tracked = variants.compactMap(\.quantityAvailable)
        return tracked.isEmpty ? nil : tracked.reduce(0, +)
    }

    /// The variant with exactly these options (unknown option names ignored when asked).
    func variantBySelectedOptions(context: RequestContext, arguments: RequiredSelectedOptionsArguments) -> VariantNode? {
        matchingVariant(SelectedOptionsArguments(selectedOptions: arguments.selectedOptions, ignoreUnknownOptions: arguments.ignoreUnknownOptions,
                                                 caseInsensitiveMatch: arguments.caseInsensitiveMatch))
            .map { VariantNode(variant: $0, product: self) }
    }

    /// The variant these options select, else the first one for sale, else the first.
    func selectedOrFirstAvailableVariant(context: RequestContext, arguments: SelectedOptionsArguments) -> VariantNode? {
        let variant = matchingVariant(arguments) ?? variants.first(where: \.availableForSale) ?? variants.first
        return variant.map { VariantNode(variant: $0, product: self) }
    }

    /// The variants one option away from the selected one (or the first for sale): what a
    /// product page offers next to the current choice.
    func adjacentVariants(context: RequestContext, arguments: SelectedOptionsArguments) -> [VariantNode] {
        guard let current = matchingVariant(arguments) ?? variants.first(where: \.availableForSale) ?? variants.first else { return [] }
        return variants.filter { candidate in
            candidate.id != current.id
                && zip(candidate.selectedOptions, current.selectedOptions).filter { $0.value != $1.value }.count == 1
        }.map { VariantNode(variant: $0, product: self) }
    }

    func optionNodes(context: RequestContext, arguments: FirstArguments) -> [ProductOptionNode] {
        options(context: context, arguments: arguments).map { ProductOptionNode(option: $0, product: self) }
    }

    private func matchingVariant(_ arguments: SelectedOptionsArguments) -> ProductVariant? {
        guard var wanted = arguments.selectedOptions, !wanted.isEmpty else { return nil }
        let fold: (String) -> String = arguments.caseInsensitiveMatch == true ? { $0.lowercased() } : { $0 }
        if arguments.ignoreUnknownOptions == true {
            let names = Set(options.map { fold($0.name) })
            wanted = wanted.filter { names.contains(fold($0.name)) }
        }
        return variants.first { variant in
            wanted.allSatisfy { option in
                variant.selectedOptions.contains { fold($0.name) == fold(option.name) && fold($0.value) == fold(option.value) }
            }
        }
    }
}

/// `ProductOption` and `ProductOptionValue` with their product, for `firstSelectableVariant`.
struct ProductOptionNode: Sendable {
    var option: ProductOption
    var product: Product

    var idValue: GraphID { option.idValue }
    var name: String { option.name }
    var optionValues: [OptionValueNode] { option.optionValues.map { OptionValueNode(value: $0, optionName: option.name, product: product) } }
}

struct OptionValueNode: Sendable {
    var value: ProductOptionValue
    var optionName: String
    var product: Product

    var idValue: GraphID { value.idValue }
    var name: String { value.name }
    var swatch: SwatchNode? { nil }

    /// The first variant with this value that is for sale, else the first with it.
    var firstSelectableVariant: VariantNode? {
        let with = product.variants.filter { $0.selectedOptions.contains { $0.name == optionName && $0.value == value.name } }
        return (with.first(where: \.availableForSale) ?? with.first).map { VariantNode(variant: $0, product: product) }
    }
}

extension VariantNode {
    var requiresShipping: Bool { true }
    var weight: Double? { nil }
    var weightUnit: WeightUnit { .kilograms }
    var unitPrice: Money? { nil }
    var unitPriceMeasurement: UnitPriceMeasurementNode? { nil }
    var barcode: String? { nil }
}

extension Storefront.Collection {
    var seo: SEONode { SEONode() }
    var trackingParameters: String? { nil }

    func onlineStoreUrl(context: RequestContext, arguments: NoArguments) async throws -> URLValue? {
        URLValue(unchecked: "https://\(try await context.storefront.shop().domain)/collections/\(handle)")
    }
}

extension Shop {
    var brand: BrandNode? { nil }
    /// Null for a shop without a description, as the API answers.
    var describedAs: String? { description.isEmpty ? nil : description }

    /// How the shop's theme writes prices, in Liquid's placeholders.
    var moneyFormat: String {
        switch currencyCode {
        case "EUR": "€{{amount_with_comma_separator}}"
        case "USD", "CAD", "AUD": "${{amount}}"
        case "GBP": "£{{amount}}"
        case "JPY": "¥{{amount_no_decimals}}"
        default: "{{amount}} \(currencyCode)"
        }
    }
}

extension StorefrontResolver {
    /// The deprecated `productByHandle` and `collectionByHandle`, still answered.
    func productByHandle(context: RequestContext, arguments: HandleArguments) async throws -> Product? {
        try await context.storefront.product(handle: arguments.handle)
    }

    func collectionByHandle(context: RequestContext, arguments: HandleArguments) async throws -> Storefront.Collection? {
        try await context.storefront.collection(handle: arguments.handle)
    }
}

extension Product: MetafieldReferenceValue {}
extension VariantNode: MetafieldReferenceValue {}
extension Storefront.Collection: MetafieldReferenceValue {}
extension MediaImageNode: MetafieldReferenceValue {}
extension ShopPage: MetafieldReferenceValue {}
extension Article: MetafieldReferenceValue {}
// The API's other parents of a metafield; none of them has one here yet.
extension Storefront.Collection: MetafieldParentValue {}
extension Customer: MetafieldParentValue {}
extension MarketNode: MetafieldParentValue {}
extension Shop: MetafieldParentValue {}
extension ShopPage: MetafieldParentValue {}
extension Blog: MetafieldParentValue {}
extension Article: MetafieldParentValue {}
extension SellingPlan: MetafieldParentValue {}
