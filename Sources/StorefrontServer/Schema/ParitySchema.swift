import Foundation
import Graphiti
import Storefront

/// The types behind the fields of `ParityFields` and `MenuFields`: SEO, metafields, swatches, unit
/// prices, brand, weight units, menus; `QueryRoot.menu`.
final class ParitySchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Interface(NodeValue.self, as: "Node") {
            Field("id", at: \.idValue)
        }
        Type(SEONode.self, as: "SEO") {
            Field("title", at: \.title)
            Field("description", at: \.description)
        }
        Type(MetafieldNode.self, as: "Metafield", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("namespace", at: \.namespace)
            Field("key", at: \.key)
            Field("value", at: \.value)
            Field("type", at: \.type)
            Field("description", at: \.description)
            Field("createdAt", at: \.createdAtValue)
            Field("updatedAt", at: \.updatedAtValue)
            Field("parentResource", at: \.parent)
            Field("reference", at: \.reference)
        }
        Union(MetafieldParentValue.self, as: "MetafieldParentResource", members: Product.self, VariantNode.self, Cart.self,
              Storefront.Collection.self, Customer.self, MarketNode.self, Shop.self, ShopPage.self, Blog.self, Article.self,
              SellingPlan.self)
        Union(MetafieldReferenceValue.self, as: "MetafieldReference", members: Product.self, VariantNode.self, Storefront.Collection.self,
              MediaImageNode.self, ShopPage.self, Article.self)
        Input(MetafieldIdentifierInput.self, as: "HasMetafieldsIdentifier") {
            InputField("namespace", at: \.namespace)
            InputField("key", at: \.key)
        }
        Input(SelectedOptionInput.self, as: "SelectedOptionInput") {
            InputField("name", at: \.name)
            InputField("value", at: \.value)
        }
        Type(UnitPriceMeasurementNode.self, as: "UnitPriceMeasurement") {
            Field("quantityValue", at: \.quantityValue)
        }
        Type(SwatchNode.self, as: "ProductOptionValueSwatch") {
            Field("color", at: \.color)
        }
        Type(BrandNode.self, as: "Brand") {
            Field("slogan", at: \.slogan)
            Field("shortDescription", at: \.shortDescription)
            Field("logo", at: \.logo)
            Field("squareLogo", at: \.squareLogo)
            Field("coverImage", at: \.coverImage)
        }
        Type(MediaImageNode.self, as: "MediaImage", interfaces: [NodeValue.self]) {
            Field("id", at: \.id)
            Field("alt", at: \.alt)
            Field("image", at: \.image)
        }
        Type(MenuNode.self, as: "Menu", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("handle", at: \.handle)
            Field("title", at: \.title)
            Field("items", at: \.items)
            Field("itemsCount", at: \.itemsCount)
        }
        Type(MenuItemNode.self, as: "MenuItem", interfaces: [NodeValue.self]) {
            Field("id", at: \.idValue)
            Field("title", at: \.title)
            Field("type", at: \.type)
            Field("url", at: \.urlValue)
            Field("resourceId", at: \.resourceIdValue)
            Field("tags", at: \.tags)
            Field("items", at: \.items)
        }
        Enum(MenuItemType.self) {
            Value(.article)
            Value(.blog)
            Value(.catalog)
            Value(.collection)
            Value(.collections)
            Value(.customerAccountPage)
            Value(.frontpage)
            Value(.http)
            Value(.metaobject)
            Value(.page)
            Value(.product)
            Value(.search)
            Value(.shopPolicy)
        }
        Enum(WeightUnit.self) {
            Value(.grams)
            Value(.kilograms)
            Value(.ounces)
            Value(.pounds)
        }
    }

    @FieldDefinitions
    override var query: Fields {
        Field("node", at: StorefrontResolver.node) {
            Argument("id", at: \.id)
        }
        Field("nodes", at: StorefrontResolver.nodes) {
            Argument("ids", at: \.ids)
        }
        Field("menu", at: StorefrontResolver.menu) {
            Argument("handle", at: \.handle)
        }
    }
}

/// `metafield(namespace:, key:)` and `metafields(identifiers:)` on a type that has metafields: the
/// one way every `HasMetafields` type gets them.
func metafieldField<Node: HasMetafields>(_ node: Node.Type) -> Field<Node, RequestContext, MetafieldNode?, MetafieldArguments> {
    Field("metafield", at: Node.metafield) {
        Argument("namespace", at: \.namespace)
        Argument("key", at: \.key)
    }
}

func metafieldsField<Node: HasMetafields>(_ node: Node.Type) -> Field<Node, RequestContext, [MetafieldNode?], MetafieldsArguments> {
    Field("metafields", at: Node.metafields) {
        Argument("identifiers", at: \.identifiers)
    }
}
