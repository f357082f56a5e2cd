import Foundation
import StorefrontCatalog
import StorefrontModels

/// Listings as a storefront page shows them: a collection's products and search results through
/// storefront filters, and collections found by a query, each with its total count.
extension EmbeddedStorefront {
    public nonisolated func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys, reverse: Bool,
                                               filters: [ProductFilter]) async throws -> Listing<Product> {
        try collectionListing(handle: handle, page: page, sortKey: sortKey, reverse: reverse, filters: filters, context: .shop)
    }

    public nonisolated func search(query: String, page: PageArguments, sortKey: ProductSortKeys, reverse: Bool,
                                   unavailableProducts: UnavailableProducts, filters: [ProductFilter]) async throws -> Listing<Product> {
        try searchListing(query: query, page: page, sortKey: sortKey, reverse: reverse, unavailableProducts: unavailableProducts,
                          filters: filters, context: .shop)
    }

    public nonisolated func collections(_ page: PageArguments, query: String?, sortKey: CollectionSortKeys,
                                        reverse: Bool) async throws -> Listing<Collection> {
        try Paginator.validate(page)
        var order = try catalog.collectionOrder(query: query, sortKey: sortKey)
        if reverse { order.reverse() }
        // Without a query or reversal, the cursors of `collections(_:sortKey:productPreview:)`.
        let name = query == nil && !reverse ? "collections.\(sortKey.rawValue)"
            : "collections.\(sortKey.rawValue).\(reverse ? "r" : "f").\(SearchIndex.fingerprint(query ?? ""))"
        let result = try Paginator.page(ListedArray(elements: order), name: name, arguments: page,
                                        id: { catalog.collections[$0].id }, node: { catalog.collections[$0] })
        return Listing(page: result, totalCount: order.count)
    }

    nonisolated func collectionListing(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys, reverse: Bool,
                                       filters: [ProductFilter], context: BuyerContext) throws -> Listing<Product> {
        try Paginator.validate(page)
        guard let index = catalog.collectionIndexByHandle[handle] else { return Listing(page: .empty, totalCount: 0) }
        var order = catalog.collectionProductOrder(index, sortKey: sortKey)
        if reverse { order.reverse() }
        // A market lists only what it sells, as the Storefront API leaves the rest out.
        let (sold, cut) = soldIn(context, order)
        return try filtered(sold, name: "collection.\(handle).\(sortKey.rawValue).\(reverse ? "r" : "f")\(cut)", page: page,
                            filters: filters, context: context)
    }

    nonisolated func searchListing(query: String, page: PageArguments, sortKey: ProductSortKeys, reverse: Bool,
                                   unavailableProducts: UnavailableProducts, filters: [ProductFilter],
                                   context: BuyerContext) throws -> Listing<Product> {
        try Paginator.validate(page)
        let listing = try catalog.searchIndex.listing(query: query, sortKey: sortKey, reverse: reverse)
        // Shown in relevance order, the cursors of `search(query:page:)`.
        // The count and the filters need every match, not only the page's; a market's only what it sells.
        let (matches, cut) = soldIn(context, listing.all())
        let market = catalog.markets.market(for: context.country)
        let name = (sortKey == .relevance && !reverse ? "search.\(SearchIndex.fingerprint(query))"
            : "search.\(sortKey.rawValue).\(reverse ? "r" : "f").\(SearchIndex.fingerprint(query))") + cut
        guard unavailableProducts == .show, filters.isEmpty, cut.isEmpty else {
            var order: [Int] = [], unavailable: [Int] = []
            order.reserveCapacity(matches.count)
            for p in matches {
                let canBuy = market.sells(catalog.products[p].handle) && catalog.products[p].variants.contains(where: stock.isAvailable)
                if canBuy || unavailableProducts == .show { order.append(p) } else { unavailable.append(p) }
            }
            if unavailableProducts == .last { order += unavailable }
            return try filtered(order, name: "\(name).\(unavailableProducts.rawValue)", page: page, filters: filters, context: context)
        }
        return Listing(page: try productPage(listing, name: name, arguments: page), totalCount: matches.count) { [self] in
            ListingFilters([]).offered(over: facts(of: matches, in: market))
        }
    }

    /// The products of `order` the buyer's market sells, and what the listing's cursor name gains
    /// when that leaves some out (a cursor belongs to one market's list then).
    private nonisolated func soldIn(_ context: BuyerContext, _ order: [Int]) -> ([Int], String) {
        let market = catalog.markets.market(for: context.country)
        // The shop's own market (and most others) sells everything: no pass over the listing.
        guard !market.excluded.isEmpty else { return (order, "") }
        let sold = order.filter { market.sells(catalog.products[$0].handle) }
        return sold.count == order.count ? (order, "") : (sold, ".\(market.countryCode)")
    }

    /// The page of `order` that passes `filters`, as the buyer in `context` sees prices and
    /// availability; the listing's filters are worked out only if asked for.
    private nonisolated func filtered(_ order: [Int], name: String, page: PageArguments, filters: [ProductFilter],
                                      context: BuyerContext) throws -> Listing<Product> {
        let selection = ListingFilters(filters)
        let market = catalog.markets.market(for: context.country)
        let facts = selection.isEmpty ? nil : self.facts(of: order, in: market)
        let kept = facts.map { facts in order.indices.filter { selection.matches(facts[$0]) }.map { order[$0] } } ?? order
        // A cursor belongs to one set of filters in one market (what is available differs).
        let listed = selection.isEmpty ? name : "\(name).\(Self.fingerprint(filters)).\(market.countryCode)"
        let result = try productPage(ListedArray(elements: kept), name: listed, arguments: page)
        return Listing(page: result, totalCount: kept.count) { [self] in
            selection.offered(over: facts ?? self.facts(of: order, in: market))
        }
    }

    private nonisolated func facts(of order: [Int], in market: Market) -> [FilterFacts] {
        order.map { FilterFacts(catalog.products[$0], market: market, stock: stock) }
    }

    private static func fingerprint(_ filters: [ProductFilter]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text = (try? encoder.encode(filters)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
        return SearchIndex.fingerprint(text)
    }
}
