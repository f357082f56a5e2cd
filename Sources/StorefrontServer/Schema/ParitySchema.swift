import Foundation
import Graphiti
import Storefront

/// The types behind the fields of `ParityFields` and `MenuFields`: SEO, metafields, swatches, unit
/// prices, brand, weight units, menus; `QueryRoot.menu`.
final class ParitySchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Interface(NodeValue.self, as: "Node") {
            keyField("id", at: \.idValue)
        }
        Type(SEONode.self, as: "SEO") {
            keyField("title", at: \.title)
            keyField("description", at: \.description)
        }
        Type(MetafieldNode.self, as: "Metafield", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("namespace", at: \.namespace)
            keyField("key", at: \.key)
            keyField("value", at: \.value)
            keyField("type", at: \.type)
            keyField("description", at: \.description)
            keyField("createdAt", at: \.createdAtValue)
            keyField("updatedAt", at: \.updatedAtValue)
            keyField("parentResource", at: \.parent)
            keyField("reference", at: \.reference)
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
            keyField("quantityValue", at: \.quantityValue)
        }
        Type(SwatchNode.self, as: "ProductOptionValueSwatch") {
            keyField("color", at: \.color)
        }
        Type(BrandNode.self, as: "Brand") {
            keyField("slogan", at: \.slogan)
            keyField("shortDescription", at: \.shortDescription)
            keyField("logo", at: \.logo)
            keyField("squareLogo", at: \.squareLogo)
            keyField("coverImage", at: \.coverImage)
        }
        Type(MediaImageNode.self, as: "MediaImage", interfaces: [NodeValue.self]) {
            keyField("id", at: \.id)
            keyField("alt", at: \.alt)
            keyField("image", at: \.image)
        }
        Type(MenuNode.self, as: "Menu", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("handle", at: \.handle)
            keyField("title", at: \.title)
            keyField("items", at: \.items)
            keyField("itemsCount", at: \.itemsCount)
        }
        Type(MenuItemNode.self, as: "MenuItem", interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("title", at: \.title)
            keyField("type", at: \.type)
            keyField("url", at: \.urlValue)
            keyField("resourceId", at: \.resourceIdValue)
            keyField("tags", at: \.tags)
            keyField("items", at: \.items)
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
