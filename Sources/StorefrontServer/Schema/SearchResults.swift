import Foundation
import Graphiti
import Storefront

/// `SearchResultItemConnection`: a page of results, how many there are in all (products, pages and
/// articles), and the filters of the products among them.
struct SearchResults: Sendable {
    var items: SearchConnection
    var totalCount: Int
    var productFilters: @Sendable () -> [ListingFilter]

    /// A page of `SearchPager.results`: the product listing counts the products and offers their
    /// filters; every matching page and article adds one to the count.
    init(page: Page<SearchHit>, products: Listing<Product>, contentCount: Int) {
        items = SearchConnection(page: page, upcast: \.item)
        totalCount = products.totalCount + contentCount
        productFilters = products.filters
    }

    var edges: [SearchConnection.ItemEdge] { items.edges }
    var nodes: [any SearchResultItem] { items.nodes }
    var pageInfo: Storefront.PageInfo { items.pageInfo }
    var productFilterList: [ListingFilter] { productFilters() }
}

func searchResultsType() -> SchemaType<SearchResults> {
    SchemaType(SearchResults.self, as: "SearchResultItemConnection") {
        keyField("edges", at: \.edges)
        keyField("nodes", at: \.nodes)
        keyField("pageInfo", at: \.pageInfo)
        keyField("productFilters", at: \.productFilterList)
        keyField("totalCount", at: \.totalCount)
    }
}
