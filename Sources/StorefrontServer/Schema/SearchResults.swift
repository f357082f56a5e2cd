import Foundation
import Graphiti
import Storefront

/// `SearchResultItemConnection`: a page of results, how many there are in all, and the filters
/// of the products among them.
struct SearchResults: Sendable {
    var items: SearchConnection
    var totalCount: Int
    var productFilters: @Sendable () -> [ListingFilter]

    init(listing: Listing<Product>) {
        items = SearchConnection(page: listing.page, upcast: { $0 })
        totalCount = listing.totalCount
        productFilters = listing.filters
    }

    var edges: [SearchConnection.ItemEdge] { items.edges }
    var nodes: [any SearchResultItem] { items.nodes }
    var pageInfo: Storefront.PageInfo { items.pageInfo }
    var productFilterList: [ListingFilter] { productFilters() }
}

func searchResultsType() -> SchemaType<SearchResults> {
    SchemaType(SearchResults.self, as: "SearchResultItemConnection") {
        Field("edges", at: \.edges)
        Field("nodes", at: \.nodes)
        Field("pageInfo", at: \.pageInfo)
        Field("productFilters", at: \.productFilterList)
        Field("totalCount", at: \.totalCount)
    }
}
