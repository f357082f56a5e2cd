import Foundation
import Graphiti
import Storefront

/// `Product`, `ProductVariant`, options, images, money and price ranges, with their connections;
/// `QueryRoot.products`, `product`, `productRecommendations`.
final class ProductSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(Product.self, interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("handle", at: \.handle)
            keyField("title", at: \.title)
            Field("description", at: Product.description(context:arguments:)) {
                Argument("truncateAt", at: \.truncateAt)
            }
            keyField("descriptionHtml", at: \.descriptionHTML)
            keyField("vendor", at: \.vendor)
            keyField("productType", at: \.productType)
            keyField("tags", at: \.tags)
            keyField("createdAt", at: \.createdAtValue)
            keyField("updatedAt", at: \.updatedAtValue)
            keyField("publishedAt", at: \.createdAtValue)
            keyField("availableForSale", at: \.availableForSale)
            Field("options", at: Product.optionNodes) {
                Argument("first", at: \.first)
            }
            keyField("seo", at: \.seo)
            keyField("isGiftCard", at: \.isGiftCard)
            keyField("requiresSellingPlan", at: \.requiresSellingPlan)
            connectionField("sellingPlanGroups", at: Product.sellingPlanGroupPage)
            keyField("trackingParameters", at: \.trackingParameters)
            Field("onlineStoreUrl", at: Product.onlineStoreUrl)
            Field("totalInventory", at: Product.totalInventory)
            keyField("encodedVariantExistence", at: \.encodedVariantExistence)
            keyField("encodedVariantAvailability", at: \.encodedVariantAvailability)
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
            keyField("featuredImage", at: \.featuredImage)
            keyField("priceRange", at: \.priceRange)
            keyField("compareAtPriceRange", at: \.compareAtPriceRangeValue)
        }
        Type(VariantNode.self, as: "ProductVariant", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("title", at: \.title)
            keyField("sku", at: \.sku)
            keyField("availableForSale", at: \.availableForSale)
            keyField("currentlyNotInStock", at: \.currentlyNotInStock)
            Field("quantityAvailable", at: VariantNode.quantityAvailable)
            keyField("selectedOptions", at: \.selectedOptions)
            keyField("price", at: \.price)
            keyField("compareAtPrice", at: \.compareAtPrice)
            keyField("image", at: \.image)
            keyField("product", at: \.product)
            keyField("requiresShipping", at: \.requiresShipping)
            keyField("weight", at: \.weight)
            keyField("weightUnit", at: \.weightUnit)
            keyField("unitPrice", at: \.unitPrice)
            keyField("unitPriceMeasurement", at: \.unitPriceMeasurement)
            keyField("barcode", at: \.barcode)
            connectionField("sellingPlanAllocations", at: VariantNode.sellingPlanAllocations)
            metafieldField(VariantNode.self)
            metafieldsField(VariantNode.self)
        }
        Type(ProductOptionNode.self, as: "ProductOption", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("name", at: \.name)
            keyField("optionValues", at: \.optionValues)
        }
        Type(OptionValueNode.self, as: "ProductOptionValue", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("name", at: \.name)
            keyField("swatch", at: \.swatch)
            keyField("firstSelectableVariant", at: \.firstSelectableVariant)
        }
        Type(SelectedOption.self) {
            keyField("name", at: \.name)
            keyField("value", at: \.value)
        }
        Type(ProductImage.self, as: "Image") {
            keyField("id", at: \.idValue)
            Field("url", at: ProductImage.url(context:arguments:)) {
                Argument("transform", at: \.transform)
            }
            keyField("altText", at: \.altText)
            keyField("width", at: \.width)
            keyField("height", at: \.height)
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
            keyField("amount", at: \.amountValue)
            keyField("currencyCode", at: \.currencyCodeValue)
        }
        Type(PriceRange.self, as: "ProductPriceRange") {
            keyField("minVariantPrice", at: \.minVariantPrice)
            keyField("maxVariantPrice", at: \.maxVariantPrice)
        }
        Type(Storefront.PageInfo.self) {
            keyField("hasNextPage", at: \.hasNextPage)
            keyField("hasPreviousPage", at: \.hasPreviousPage)
            keyField("startCursor", at: \.startCursor)
            keyField("endCursor", at: \.endCursor)
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
