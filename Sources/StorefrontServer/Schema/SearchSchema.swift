import Foundation
import Graphiti
import Storefront

/// `SearchResultItem`, its connection, `PredictiveSearchResult`; `QueryRoot.search` and `predictiveSearch`.
final class SearchSchema: PartialSchema<StorefrontResolver, RequestContext> {
    @TypeDefinitions
    override var types: Types {
        Union(SearchResultItem.self, members: Product.self, ShopPage.self, Article.self)
        searchResultsType()
        edgeType(SearchConnection.self, named: "SearchResultItemEdge")
        Type(PredictiveSearchResult.self) {
            keyField("products", at: \.products)
            keyField("collections", at: \.collections)
            keyField("queries", at: \.queries)
            keyField("pages", at: \.pages)
            keyField("articles", at: \.articles)
        }
        Type(SearchQuerySuggestionNode.self, as: "SearchQuerySuggestion") {
            keyField("text", at: \.text)
            keyField("styledText", at: \.styledText)
            keyField("trackingParameters", at: \.trackingParameters)
        }
        Enum(UnavailableProducts.self, as: "SearchUnavailableProductsType") {
            Value(.hide)
            Value(.last)
            Value(.show)
        }
        Enum(SearchPrefixQueryType.self) {
            Value(.last)
            Value(.none)
        }
        Enum(PredictiveSearchLimitScope.self) {
            Value(.all)
            Value(.each)
        }
    }

    @FieldDefinitions
    override var query: Fields {
        Field("search", at: StorefrontResolver.search) {
            Argument("query", at: \.query)
            Argument("first", at: \.first)
            Argument("after", at: \.after)
            Argument("last", at: \.last)
            Argument("before", at: \.before)
            Argument("types", at: \.types)
            Argument("sortKey", at: \.sortKey).defaultValue(.relevance)
            Argument("reverse", at: \.reverse).defaultValue(false)
            Argument("productFilters", at: \.productFilters)
            Argument("unavailableProducts", at: \.unavailableProducts)
            Argument("prefix", at: \.prefix)
        }
        Field("predictiveSearch", at: StorefrontResolver.predictiveSearch) {
            Argument("query", at: \.query)
            Argument("limit", at: \.limit)
            Argument("limitScope", at: \.limitScope)
            Argument("types", at: \.types)
            Argument("unavailableProducts", at: \.unavailableProducts)
        }
    }
}
