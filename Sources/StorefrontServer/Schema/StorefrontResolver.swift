import Foundation
import Graphiti
import Storefront

/// The root fields: each asks the storefront in the request context.
public struct StorefrontResolver: Sendable {
    public init() {}

    // MARK: Queries

    func shop(context: RequestContext, arguments: NoArguments) async throws -> Shop {
        try await context.storefront.shop()
    }

    func collections(context: RequestContext,
                     arguments: SortedConnectionArguments<CollectionSortKeys>) async throws -> Listing<Storefront.Collection> {
        try await arguments.listing { page in
            try await context.storefront.collections(page, query: arguments.query, sortKey: arguments.sortKey ?? .id,
                                                     reverse: arguments.reverse ?? false)
        }
    }

    func collection(context: RequestContext, arguments: HandleOrIDArguments) async throws -> Storefront.Collection? {
        switch (arguments.handle, arguments.id) {
        case (let handle?, nil): return try await context.storefront.collection(handle: handle)
        case (nil, let id?): return try await findCollection(id: id.text, in: context.storefront)
        default: throw StorefrontError.invalidArgument("Pass exactly one of handle or id.")
        }
    }

    /// All products: a listing without storefront filters (the API offers them on collections and search).
    func products(context: RequestContext, arguments: SortedConnectionArguments<ProductSortKeys>) async throws -> Listing<Product> {
        try Task.checkCancellation()
        let page = try await context.storefront.products(arguments.page, query: arguments.query, sortKey: arguments.sortKey ?? .id,
                                                         reverse: arguments.reverse ?? false)
        // `ProductConnection` has no count: the page's own stands in, unseen.
        return Listing(page: page, totalCount: page.edges.count)
    }

    func product(context: RequestContext, arguments: HandleOrIDArguments) async throws -> Product? {
        switch (arguments.handle, arguments.id) {
        case (let handle?, nil): return try await context.storefront.product(handle: handle)
        case (nil, let id?): return try await context.storefront.product(id: id.text)
        default: throw StorefrontError.invalidArgument("Pass exactly one of handle or id.")
        }
    }

    func productRecommendations(context: RequestContext, arguments: RecommendationsArguments) async throws -> [Product]? {
        let productId: String
        switch (arguments.productId, arguments.productHandle) {
        case (let id?, nil): productId = id.text
        case (nil, let handle?):
            guard let product = try await context.storefront.product(handle: handle) else { return nil }
            productId = product.id
        default: throw StorefrontError.invalidArgument("Pass exactly one of productId or productHandle.")
        }
        return try await context.storefront.productRecommendations(productId: productId)
    }

    /// Products, then pages, then articles, of the `types` asked for (all three by default).
    /// `productFilters`, `unavailableProducts`, `sortKey` and `reverse` order and narrow the
    /// products; as the API says of `productFilters` ("a subset of products"), pages and articles
    /// are neither filtered nor sorted by them and follow the products in their own order.
    func search(context: RequestContext, arguments: SearchArguments) async throws -> SearchResults {
        let filters = try ProductFilterInput.models(arguments.productFilters, argument: "productFilters")
        let types = Set(arguments.types ?? SearchType.allCases)
        let content = context.content
        let pages = types.contains(.page) ? try content.pages(matching: arguments.query).map(SearchHit.page) : []
        let articles = types.contains(.article) ? try content.articles(matching: arguments.query).map(SearchHit.article) : []
        let storefront = context.storefront, query = arguments.query
        let sortKey: ProductSortKeys = arguments.sortKey == .price ? .price : .relevance
        let reverse = arguments.reverse ?? false, unavailable = arguments.unavailableProducts ?? .last
        let pager = SearchPager(products: { page in
            guard types.contains(.product) else { return Listing(page: .empty, totalCount: 0) }
            return try await storefront.search(query: query, page: page, sortKey: sortKey, reverse: reverse,
                                               unavailableProducts: unavailable, filters: filters)
        }, content: pages + articles)
        let (page, products) = try await pager.results(arguments.page)
        return SearchResults(page: page, products: products, contentCount: pages.count + articles.count)
    }

    func predictiveSearch(context: RequestContext, arguments: PredictiveSearchArguments) async throws -> PredictiveSearchResult? {
        // `EACH`: up to the limit of every type; `ALL`: the limit shared, products first.
        let types = Set(arguments.types ?? PredictiveSearchType.allCases)
        var remaining = min(max(arguments.limit ?? 10, 0), 250)
        let shared = arguments.limitScope ?? .all == .all
        let matches = (arguments.unavailableProducts ?? .show)
            .arrange(try await context.storefront.predictiveSearch(query: arguments.query, limit: max(remaining, 10)))
        var result = PredictiveSearchResult(products: [])
        if types.contains(.product) {
            result.products = Array(matches.prefix(remaining))
            if shared { remaining -= result.products.count }
        }
        if types.contains(.query) {
            result.queries = PredictiveSuggestions.queries(for: arguments.query, in: matches, limit: remaining)
            if shared { remaining -= result.queries.count }
        }
        if types.contains(.collection) {
            result.collections = try await PredictiveSuggestions.collections(for: arguments.query, in: context.storefront, limit: remaining)
            if shared { remaining -= result.collections.count }
        }
        if types.contains(.page) {
            result.pages = context.content.predictivePages(arguments.query, limit: remaining)
            if shared { remaining -= result.pages.count }
        }
        if types.contains(.article) {
            result.articles = context.content.predictiveArticles(arguments.query, limit: remaining)
        }
        return result
    }

    func cart(context: RequestContext, arguments: IDArguments) async throws -> Cart? {
        try await context.storefront.cart(id: arguments.id.text)
    }

    // MARK: Mutations

    func cartCreate(context: RequestContext, arguments: CartCreateArguments) async throws -> CartMutationPayload<CartCreateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartCreate(arguments.input?.model ?? CartInput()))
    }

    func cartLinesAdd(context: RequestContext, arguments: CartLinesAddArguments) async throws -> CartMutationPayload<CartLinesAddKind>? {
        CartMutationPayload(payload: try await context.storefront.cartLinesAdd(cartId: arguments.cartId.text,
                                                                               lines: arguments.lines.map(\.model)))
    }

    func cartLinesUpdate(context: RequestContext, arguments: CartLinesUpdateArguments) async throws -> CartMutationPayload<CartLinesUpdateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartLinesUpdate(cartId: arguments.cartId.text,
                                                                                  lines: arguments.lines.map(\.model)))
    }

    func cartLinesRemove(context: RequestContext, arguments: CartLinesRemoveArguments) async throws -> CartMutationPayload<CartLinesRemoveKind>? {
        CartMutationPayload(payload: try await context.storefront.cartLinesRemove(cartId: arguments.cartId.text,
                                                                                  lineIds: arguments.lineIds.map(\.text)))
    }

    func cartBuyerIdentityUpdate(context: RequestContext,
                                 arguments: CartBuyerIdentityUpdateArguments) async throws -> CartMutationPayload<CartBuyerIdentityUpdateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartBuyerIdentityUpdate(cartId: arguments.cartId.text,
                                                                                          buyerIdentity: arguments.buyerIdentity.model))
    }

    func cartDiscountCodesUpdate(context: RequestContext,
                                 arguments: CartDiscountCodesUpdateArguments) async throws -> CartMutationPayload<CartDiscountCodesUpdateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartDiscountCodesUpdate(cartId: arguments.cartId.text,
                                                                                          discountCodes: arguments.discountCodes))
    }

    func cartNoteUpdate(context: RequestContext, arguments: CartNoteUpdateArguments) async throws -> CartMutationPayload<CartNoteUpdateKind>? {
        CartMutationPayload(payload: try await context.storefront.cartNoteUpdate(cartId: arguments.cartId.text, note: arguments.note))
    }

    /// The storefront protocol looks collections up by handle only; by id, the list is searched.
    func findCollection(id: String, in storefront: any StorefrontClient) async throws -> Storefront.Collection? {
        var page = PageArguments.first(PageArguments.maximumPageSize)
        while true {
            let collections = try await storefront.collections(page, sortKey: .id, productPreview: 0)
            if let found = collections.nodes.first(where: { $0.id == id }) { return found }
            guard collections.pageInfo.hasNextPage, let end = collections.pageInfo.endCursor else { return nil }
            page = .first(PageArguments.maximumPageSize, after: end)
        }
    }
}
