import Foundation
import StorefrontModels
import Testing

/// `Product` and `ProductVariant` keep their fields in one shared object until a copy is changed:
/// they must still behave as values, and encode and decode exactly as their fields do.
struct ProductValueTests {
    static func variant(_ n: Int, stock: Int? = 5) -> ProductVariant {
        ProductVariant(id: "gid://shopify/ProductVariant/\(n)", title: "Size \(n)", sku: n.isMultiple(of: 2) ? "SKU-\(n)" : nil,
                       availableForSale: true, quantityAvailable: stock,
                       selectedOptions: [SelectedOption(name: "Size", value: "\(n)")],
                       price: Money(amount: Decimal(10 + n), currencyCode: "EUR"),
                       compareAtPrice: n == 2 ? Money(amount: 20, currencyCode: "EUR") : nil)
    }

    static func product() -> Product {
        Product(id: "gid://shopify/Product/1", handle: "a-product-with-a-long-handle", title: "A product", description: "Described",
                vendor: "Vendor", productType: "Coffee", tags: ["one", "two"], createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                updatedAt: Date(timeIntervalSince1970: 1_700_000_500),
                options: [ProductOption(id: "gid://shopify/ProductOption/1", name: "Size", optionValues: [])],
                variants: [variant(1), variant(2), variant(3, stock: nil)])
    }

    @Test func aChangedCopyLeavesTheOriginalAsItWas() {
        let original = Self.product()
        var copy = original
        copy.variants[0].quantityAvailable = 0
        copy.variants[1].price = Money(amount: 99, currencyCode: "EUR")
        copy.title = "Changed"
        copy.tags.append("three")
        #expect(original.variants[0].quantityAvailable == 5)
        #expect(original.variants[1].price == Money(amount: 12, currencyCode: "EUR"))
        #expect(original.title == "A product" && original.tags == ["one", "two"])
        #expect(copy.variants[0].quantityAvailable == 0 && copy.title == "Changed" && copy.tags.count == 3)
        #expect(copy != original)

        var variant = original.variants[2]
        let kept = variant
        variant.sku = "NEW"
        #expect(kept.sku == nil && variant.sku == "NEW")
    }

    @Test func equalValuesAreEqualAndHashAlikeWhateverTheyShare() {
        let a = Self.product(), b = Self.product()
        #expect(a == b && a.hashValue == b.hashValue)
        var c = a
        c.vendor = "Other"
        #expect(a != c)
        c.vendor = "Vendor"
        #expect(a == c && a.hashValue == c.hashValue)
        #expect(Set([a, b, c]).count == 1)
        // The range the initializer works out from the variants is kept.
        #expect(a.priceRange.minVariantPrice.amount == 11 && a.priceRange.maxVariantPrice.amount == 13)
        #expect(a.compareAtPriceRange?.minVariantPrice.amount == 20)
    }

    @Test func theyEncodeTheirFieldsAndDecodeToTheSameValue() throws {
        let product = Self.product()
        let data = try JSONEncoder().encode(product)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["id", "handle", "title", "description", "vendor", "productType", "tags", "createdAt",
                                     "updatedAt", "options", "variants", "images", "priceRange", "compareAtPriceRange",
                                     "sellingPlanGroups", "requiresSellingPlan"])
        let variants = try #require(object["variants"] as? [[String: Any]])
        // A nil optional is left out, as the encoder Swift makes of the fields leaves it out.
        #expect(variants[0]["compareAtPrice"] == nil && variants[0]["image"] == nil && variants[2]["quantityAvailable"] == nil)
        #expect(variants[1]["sku"] as? String == "SKU-2")
        #expect(try JSONDecoder().decode(Product.self, from: data) == product)

        // An optional field that is missing decodes as nil; a required one that is missing is refused.
        var trimmed = object
        trimmed["compareAtPriceRange"] = nil
        let withoutRange = try JSONDecoder().decode(Product.self, from: JSONSerialization.data(withJSONObject: trimmed))
        #expect(withoutRange.compareAtPriceRange == nil && withoutRange.variants == product.variants)
        trimmed["handle"] = nil
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Product.self, from: JSONSerialization.data(withJSONObject: trimmed))
        }
    }
}
