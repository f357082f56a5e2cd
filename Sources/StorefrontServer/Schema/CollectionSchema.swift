import Foundation
import Graphiti
import Storefront

/// `Collection` and its connection; `QueryRoot.collections` and `collection`.
final class CollectionSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Type(Storefront.Collection.self, interfaces: [NodeValue.self]) {
            keyField("id", at: \.idValue)
            keyField("handle", at: \.handle)
            keyField("title", at: \.title)
            Field("description", at: Storefront.Collection.description(context:arguments:)) {
                Argument("truncateAt", at: \.truncateAt)
            }
            keyField("descriptionHtml", at: \.descriptionHTML)
            keyField("image", at: \.image)
            keyField("updatedAt", at: \.updatedAtValue)
            keyField("seo", at: \.seo)
            keyField("trackingParameters", at: \.trackingParameters)
            Field("onlineStoreUrl", at: Storefront.Collection.onlineStoreUrl)
            metafieldField(Storefront.Collection.self)
            metafieldsField(Storefront.Collection.self)
            Field("products", at: Storefront.Collection.products) {
                Argument("first", at: \.first)
                Argument("after", at: \.after)
                Argument("last", at: \.last)
                Argument("before", at: \.before)
                Argument("sortKey", at: \.sortKey).defaultValue(.collectionDefault)
                Argument("reverse", at: \.reverse).defaultValue(false)
                Argument("filters", at: \.filters)
            }
        }
        collectionConnectionType()
        edgeType(of: Storefront.Collection.self, named: "CollectionEdge")
    }

    @FieldDefinitions
    override var query: Fields {
        sortedConnectionField("collections", at: StorefrontResolver.collections, defaultSortKey: CollectionSortKeys.id)
        Field("collectionByHandle", at: StorefrontResolver.collectionByHandle) {
            Argument("handle", at: \.handle)
        }
        Field("collection", at: StorefrontResolver.collection) {
            Argument("handle", at: \.handle)
            Argument("id", at: \.id)
        }
    }
}
