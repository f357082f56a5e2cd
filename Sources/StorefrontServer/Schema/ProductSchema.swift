import Foundation
import Graphiti
import Storefront

/// `Product`, `ProductVariant`, options, images, money and price ranges, with their connections;
/// `QueryRoot.products`, `product`, `productRecommendations`.
final class ProductSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(Product.self, interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("handle", at: \.handle)
            Field("title", at: \.title)
            Field("description", at: Product.description(context:arguments:)) {
                Argument("truncateAt", at: \.truncateAt)
            }
            Field("descriptionHtml", at: \.descriptionHTML)
            Field("vendor", at: \.vendor)
            Field("productType", at: \.productType)
            Field("tags", at: \.tags)
            Field("createdAt", at: \.createdAtValue)
            Field("updatedAt", at: \.updatedAtValue)
            Field("publishedAt", at: \.createdAtValue)
            Field("availableForSale", at: \.availableForSale)
            Field("options", at: Product.optionNodes) {
                Argument("first", at: \.first)
            }
            Field("seo", at: \.seo)
            Field("isGiftCard", at: \.isGiftCard)
            Field("requiresSellingPlan", at: \.requiresSellingPlan)
            connectionField("sellingPlanGroups", at: Product.sellingPlanGroupPage)
            Field("trackingParameters", at: \.trackingParameters)
            Field("onlineStoreUrl", at: Product.onlineStoreUrl)
            Field("totalInventory", at: Product.totalInventory)
            Field("encodedVariantExistence", at: \.encodedVariantExistence)
            Field("encodedVariantAvailability", at: \.encodedVariantAvailability)
            metafieldField(Product.self)
            metafieldsField(Product.self)
            Field("variantBySelectedOptions", at: Product.variantBySelectedOptions) {
                Argument("selectedOptions", at: \.selectedOptions)
                Argument("ignoreUnknownOptions", at: \.ignoreUnknownOptions).defaultValue(false)
                Argument("caseInsensitiveMatch", at: \.caseInsensitiveMatch).defaultValue(false)
            }
            Field("selectedOrFirstAvailableVariant", at: Product.selectedOrFirstAvailableVariant) {
                Argument("selectedOptions", at: \.selectedOptions)
                Argument("ignoreUnknownOptions", at: \.ignoreUnknownOptions).defaultValue(true)
                Argument("caseInsensitiveMatch", at: \.caseInsensitiveMatch).defaultValue(false)
            }
            Field("adjacentVariants", at: Product.adjacentVariants) {
                Argument("selectedOptions", at: \.selectedOptions)
                Argument("ignoreUnknownOptions", at: \.ignoreUnknownOptions).defaultValue(true)
                Argument("caseInsensitiveMatch", at: \.caseInsensitiveMatch).defaultValue(false)
            }
            sortedConnectionField("variants", at: Product.variants, defaultSortKey: ProductVariantSortKeys.position, query: false)
            sortedConnectionField("images", at: Product.images, defaultSortKey: ProductImageSortKeys.position, query: false)
            Field("featuredImage", at: \.featuredImage)
            Field("priceRange", at: \.priceRange)
            Field("compareAtPriceRange", at: \.compareAtPriceRangeValue)
        }
        Type(VariantNode.self, as: "ProductVariant", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("title", at: \.title)
            Field("sku", at: \.sku)
            Field("availableForSale", at: \.availableForSale)
            Field("currentlyNotInStock", at: \.currentlyNotInStock)
            Field("quantityAvailable", at: VariantNode.quantityAvailable)
            Field("selectedOptions", at: \.selectedOptions)
            Field("price", at: \.price)
            Field("compareAtPrice", at: \.compareAtPrice)
            Field("image", at: \.image)
            Field("product", at: \.product)
            Field("requiresShipping", at: \.requiresShipping)
            Field("weight", at: \.weight)
            Field("weightUnit", at: \.weightUnit)
            Field("unitPrice", at: \.unitPrice)
            Field("unitPriceMeasurement", at: \.unitPriceMeasurement)
            Field("barcode", at: \.barcode)
            connectionField("sellingPlanAllocations", at: VariantNode.sellingPlanAllocations)
            metafieldField(VariantNode.self)
            metafieldsField(VariantNode.self)
        }
        Type(ProductOptionNode.self, as: "ProductOption", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("name", at: \.name)
            Field("optionValues", at: \.optionValues)
        }
        Type(OptionValueNode.self, as: "ProductOptionValue", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("name", at: \.name)
            Field("swatch", at: \.swatch)
            Field("firstSelectableVariant", at: \.firstSelectableVariant)
        }
        Type(SelectedOption.self) {
            Field("name", at: \.name)
            Field("value", at: \.value)
        }
        Type(ProductImage.self, as: "Image") {
            Field("id", at: \.idValue)
            Field("url", at: ProductImage.url(context:arguments:)) {
                Argument("transform", at: \.transform)
            }
            Field("altText", at: \.altText)
            Field("width", at: \.width)
            Field("height", at: \.height)
        }
        Input(ImageTransformInput.self) {
            InputField("maxWidth", at: \.maxWidth)
            InputField("maxHeight", at: \.maxHeight)
            InputField("crop", at: \.crop)
            InputField("scale", at: \.scale).defaultValue(1)
            InputField("preferredContentType", at: \.preferredContentType)
        }
        Enum(ImageContentType.self) {
            Value(.png)
            Value(.jpg)
            Value(.webp)
        }
        Enum(ProductVariantSortKeys.self) {
            Value(.id)
            Value(.position)
            Value(.relevance)
            Value(.sku)
            Value(.title)
        }
        Enum(ProductImageSortKeys.self) {
            Value(.createdAt)
            Value(.id)
            Value(.position)
            Value(.relevance)
        }
        Enum(CropRegion.self) {
            Value(.center)
            Value(.top)
            Value(.bottom)
            Value(.left)
            Value(.right)
        }
        Type(Money.self, as: "MoneyV2") {
            Field("amount", at: \.amountValue)
            Field("currencyCode", at: \.currencyCodeValue)
        }
        Type(PriceRange.self, as: "ProductPriceRange") {
            Field("minVariantPrice", at: \.minVariantPrice)
            Field("maxVariantPrice", at: \.maxVariantPrice)
        }
        Type(Storefront.PageInfo.self) {
            Field("hasNextPage", at: \.hasNextPage)
            Field("hasPreviousPage", at: \.hasPreviousPage)
            Field("startCursor", at: \.startCursor)
            Field("endCursor", at: \.endCursor)
        }
        productConnectionType()
        edgeType(of: Product.self, named: "ProductEdge")
        connectionType(of: VariantNode.self, named: "ProductVariantConnection")
        edgeType(of: VariantNode.self, named: "ProductVariantEdge")
        connectionType(of: ProductImage.self, named: "ImageConnection")
        edgeType(of: ProductImage.self, named: "ImageEdge")
    }

    @FieldDefinitions
    override var query: Fields {
        sortedConnectionField("products", at: StorefrontResolver.products, defaultSortKey: ProductSortKeys.id)
        Field("product", at: StorefrontResolver.product) {
            Argument("handle", at: \.handle)
            Argument("id", at: \.id)
        }
        Field("productByHandle", at: StorefrontResolver.productByHandle) {
            Argument("handle", at: \.handle)
        }
        Field("productRecommendations", at: StorefrontResolver.productRecommendations) {
            Argument("productId", at: \.productId)
            Argument("productHandle", at: \.productHandle)
            Argument("intent", at: \.intent).defaultValue(.related)
        }
    }
}
