import Foundation
import StorefrontCatalog
import StorefrontModels

/// How a buyer in one market sees the catalog's products and collections (the shop's own market
/// sees them as they are).
struct MarketView {
    let markets: Markets
    let context: BuyerContext
    var inMarket: Bool { context != .shop }

    func local(_ product: Product) -> Product { inMarket ? markets.localize(product, context) : product }
    /// The product in this market, or nil when the market does not sell it.
    func sold(_ product: Product) -> Product? { !inMarket || markets.sells(product, context) ? local(product) : nil }
    func local(_ collection: Collection) -> Collection { inMarket ? markets.localize(collection, context) : collection }
}

/// The reads a first screen makes, answered from the catalog's index while the catalog itself is
/// still being read: the shop, its localization, the collections (with their previews), a
/// collection, its products in the collection's order, a product by handle. Each is the answer the
/// catalog gives (the same order, cursors, stock and market), made from the index's rows; every
/// other read waits for the catalog.
extension EmbeddedStorefront {
    /// The answer from `index`, or nil when this read waits for the catalog. Throws the
    /// storefront's own errors (a bad page size, a cursor of another listing) as the catalog
    /// does, and any error of the index's file (the catalog answers then).
    nonisolated func answerFromIndex(_ request: StorefrontQuery, _ index: CatalogIndex) throws -> StorefrontAnswer? {
        let view = MarketView(markets: index.markets, context: request.context ?? .shop)
        switch request.read {
        case .shop:
            return .shop(index.shop)
        case .localization:
            return .localization(index.markets.localization(view.context))
        case .collections(let page, let sortKey, let preview):
            try Self.checkPreview(preview)
            let collections = try source.indexedCollections()
            let positions = try Paginator.page(ListedArray(elements: StoreCatalog.collectionOrder(collections, sortKey)),
                                               name: "collections.\(sortKey.rawValue)", arguments: page,
                                               id: { collections[$0].id }, node: { $0 })
            // The page's previews in one read of the index.
            let members = try positions.nodes.map { try index.members(ofCollection: $0, limit: preview).map(\.index) }
            let products = try IndexedProducts(index, reading: members.flatMap { $0 })
            var edges: [Edge<Collection>] = []
            for (edge, previewed) in zip(positions.edges, members) {
                var collection = collections[edge.node]
                collection.productsPreview = try previewed.map { stock.current(try products.product(at: $0)) }
                edges.append(Edge(cursor: edge.cursor, node: view.local(collection)))
            }
            return .collections(Page(edges: edges, pageInfo: positions.pageInfo))
        case .collection(let handle):
            return .collection(try source.indexedCollections().first { $0.handle == handle }.map(view.local))
        case .collectionProducts(let handle, let page, let sortKey, let reverse):
            // Orders other than the collection's own need the catalog's ranks.
            guard [.manual, .collectionDefault, .relevance].contains(sortKey) else { return nil }
            try Paginator.validate(page)
            guard let position = try source.indexedCollections().firstIndex(where: { $0.handle == handle }) else { return .products(.empty) }
            var members = try index.members(ofCollection: position)
            if reverse { members.reverse() }
            var name = "collection.\(handle).\(sortKey.rawValue).\(reverse ? "r" : "f")"
            // A market's own list (what it sells), as `collectionListing` makes it.
            let market = index.markets.market(for: view.context.country)
            if view.inMarket, !market.excluded.isEmpty {
                let sold = members.filter { market.sells($0.handle) }
                if sold.count != members.count { name += ".\(market.countryCode)" }
                members = sold
            }
            let listed = try productPage(members.map(\.index), name: name, arguments: page, from: index)
            return .products(view.inMarket ? index.markets.localize(listed, { view.local($0) }) : listed)
        case .productByHandle(let handle):
            return .product(try index.product(handle: handle).map(stock.current).flatMap(view.sold))
        default:
            return nil
        }
    }

    /// A product preview's size, checked as the API checks it.
    static func checkPreview(_ preview: Int) throws {
        guard (0...PageArguments.maximumPageSize).contains(preview) else {
            throw StorefrontError.invalidArgument("A product preview holds 0 to \(PageArguments.maximumPageSize) products (asked for \(preview)).")
        }
    }

    /// The page of the products at `order` (positions in the catalog) that `arguments` ask for, cut
    /// and named as `productPage` cuts them from the catalog, with the stock laid over.
    private nonisolated func productPage(_ order: [Int], name: String, arguments: PageArguments,
                                         from index: CatalogIndex) throws -> Page<Product> {
        let products = try IndexedProducts(index)
        let positions: Page<Int>
        do {
            positions = try Paginator.page(ListedArray(elements: order), name: name, arguments: arguments,
                                           id: { (try? products.product(at: $0))?.id ?? "" }, node: { $0 })
        } catch {
            // A product the index could not give is no reason to call a cursor invalid.
            try products.check()
            throw error
        }
        return Page(edges: try positions.edges.map { Edge(cursor: $0.cursor, node: stock.current(try products.product(at: $0.node))) },
                    pageInfo: positions.pageInfo)
    }
}

/// Products read from the index by position, each once.
private final class IndexedProducts {
    /// A position the index has no product at: the index is not the catalog's.
    struct Missing: Error { var position: Int }

    let index: CatalogIndex
    private var read: [Int: Product]
    private var failure: (any Error)?

    /// Reads `positions` at once; others are read as they are asked for.
    init(_ index: CatalogIndex, reading positions: [Int] = []) throws {
        self.index = index
        read = positions.isEmpty ? [:] : try index.products(byPosition: positions)
    }

    func product(at position: Int) throws -> Product {
        if let known = read[position] { return known }
        do {
            guard let found = try index.products(byPosition: [position])[position] else { throw Missing(position: position) }
            read[position] = found
            return found
        } catch {
            failure = failure ?? error
            throw error
        }
    }

    /// Throws the first error reading the index met, if any.
    func check() throws { if let failure { throw failure } }
}
