import Foundation
import StorefrontModels

/// A product as the documents select it. `model` cleans every text on the way in.
struct WireProduct: Decodable, Sendable {
    struct WireOption: Decodable, Sendable {
        var id: String
        var name: String
        var optionValues: [ProductOptionValue]
    }

    struct WireVariant: Decodable, Sendable {
        var id: String
        var title: String
        var sku: String?
        var availableForSale: Bool
        var quantityAvailable: Int?
        var selectedOptions: [SelectedOption]
        var price: Money
        var compareAtPrice: Money?
        var image: ProductImage?
    }

    var id: String
    var handle: String
    var title: String
    var description: String
    var vendor: String
    var productType: String
    var tags: [String]
    var createdAt: Date
    var updatedAt: Date
    var options: [WireOption]
    var variants: WireConnection<WireVariant>
    var images: WireConnection<ProductImage>
    var priceRange: PriceRange
    var compareAtPriceRange: PriceRange?
    /// Absent from a shop's answer to an older document.
    var requiresSellingPlan: Bool?
    var sellingPlanGroups: WireConnection<WireSellingPlanGroup>?

    var model: Product {
        let line = TextSanitizer.cleanLine
        let variants = variants.elements.map { variant in
            ProductVariant(id: line(variant.id), title: line(variant.title), sku: variant.sku.map(line),
                           availableForSale: variant.availableForSale, quantityAvailable: variant.quantityAvailable,
                           selectedOptions: variant.selectedOptions.map(\.sanitized), price: variant.price,
                           compareAtPrice: variant.compareAtPrice, image: variant.image?.sanitized)
        }
        let options = options.map { option in
            ProductOption(id: line(option.id), name: line(option.name), optionValues: option.optionValues.map {
                ProductOptionValue(id: line($0.id), name: line($0.name))
            })
        }
        return Product(id: line(id), handle: line(handle), title: line(title), description: TextSanitizer.clean(description),
                       vendor: line(vendor), productType: line(productType), tags: tags.map(line),
                       createdAt: createdAt, updatedAt: updatedAt, options: options, variants: variants,
                       images: images.elements.map(\.sanitized), priceRange: priceRange,
                       compareAtPriceRange: compareAtPriceRange.flatMap(Self.meaningful),
                       sellingPlanGroups: (sellingPlanGroups?.elements ?? []).map(\.model).filter { !$0.sellingPlans.isEmpty },
                       requiresSellingPlan: requiresSellingPlan ?? false)
    }

    /// The API always answers a compare-at range; with no compare-at prices it is zero. The model
    /// says "none" with nil.
    private static func meaningful(_ range: PriceRange) -> PriceRange? {
        range.maxVariantPrice.amount == 0 ? nil : range
    }
}

extension ProductImage {
    var sanitized: ProductImage {
        ProductImage(id: id.map(TextSanitizer.cleanLine), url: TextSanitizer.cleanLine(url),
                     altText: altText.map(TextSanitizer.cleanLine), width: width, height: height,
                     pictureUrl: pictureUrl.map(TextSanitizer.cleanLine))
    }
}

extension SelectedOption {
    var sanitized: SelectedOption {
        SelectedOption(name: TextSanitizer.cleanLine(name), value: TextSanitizer.cleanLine(value))
    }
}
