import Dispatch
import Foundation
import Synchronization
import Testing
@testable import Storefront
@testable import StorefrontCatalog
@testable import StorefrontModels

/// The embedded shop made over the catalog's index while the catalog is still being read: the
/// first screen's reads are the catalog's answers, request by request (order, cursors, stock,
/// market), cursors go on working once the catalog is there, and carts wait for the catalog.
@Suite struct EmbeddedStorefrontIndexTests {
    let directory = TemporaryDirectory()
    var cache: URL { directory.url.appendingPathComponent("cache") }
    var state: URL { directory.url.appendingPathComponent("state") }

    /// Opens when the test lets the catalog be read.
    final class Gate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func wait() { semaphore.wait() }
        func open() { semaphore.signal() }
    }

    /// The shipped catalog and its index, a shop over the catalog and one over the index whose
    /// catalog is read only once `gate` opens; both on a state directory where an order took stock.
    /// `onRead` is told when the catalog has been read, before the shop has it.
    func shops(onRead: @escaping @Sendable () -> Void = {}) async throws
        -> (catalog: StoreCatalog, reference: EmbeddedStorefront, indexed: EmbeddedStorefront, gate: Gate) {
        let path = try #require(CatalogLoader.bundledPath)
        let built = try CatalogIndexFiles.loadAndIndex(catalogPath: path, cache: cache)
        let index = try #require(built.index)
        let catalog = built.catalog
        // A tracked variant of a collection's first product, so previews and pages show the stock.
        let tracked = try #require(catalog.collectionProductIndices.lazy.compactMap { members in
            members.first.flatMap { catalog.products[$0].variants.first { ($0.quantityAvailable ?? 0) > 1 } }
        }.first)
        let seller = EmbeddedStorefront(catalog: catalog, stateDirectory: state)
        let cart = try #require(try await seller.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: tracked.id)])).cart)
        _ = try await seller.placeOrder(CheckoutCompletion(checkoutSessionId: "s1", cartId: cart.id, email: "ada@example.com",
                                                           payment: PaymentToken(vaultToken: "vault-test", brand: "Visa", lastFourDigits: "4242")))
        let gate = Gate()
        let indexed = EmbeddedStorefront(index: index, loading: {
            gate.wait()
            let read = try CatalogLoader.load(contentsOf: path)
            onRead()
            return read
        }, stateDirectory: state)
        return (catalog, EmbeddedStorefront(catalog: catalog, stateDirectory: state), indexed, gate)
    }

    /// Both answers, or both errors' descriptions.
    func answers(_ request: StorefrontQuery, _ a: EmbeddedStorefront, _ b: EmbeddedStorefront) async -> (String, String) {
        func text(_ shop: EmbeddedStorefront) async -> String {
            do { return Self.describe(try await shop.query(request)) } catch { return "error: \(error)" }
        }
        return (await text(a), await text(b))
    }

    /// An answer in full, for comparison.
    static func describe(_ answer: StorefrontAnswer) -> String {
        var text = ""
        switch answer {
        case .shop(let shop): dump(shop, to: &text)
        case .collections(let page): dump(page, to: &text)
        case .collection(let collection): dump(collection, to: &text)
        case .products(let page): dump(page, to: &text)
        case .product(let product): dump(product, to: &text)
        case .localization(let localization): dump(localization, to: &text)
        default: text = "another kind of answer: \(answer.name)"
        }
        return text
    }

    static func endCursor(_ answer: StorefrontAnswer) -> String? {
        switch answer {
        case .collections(let page): page.pageInfo.endCursor
        case .products(let page): page.pageInfo.endCursor
        default: nil
        }
    }

    /// The reads of a first screen, in every market of the shipped catalog.
    func requests(_ catalog: StoreCatalog) -> [StorefrontQuery] {
        let contexts = [BuyerContext.shop] + catalog.markets.all.map { BuyerContext(country: $0.countryCode, language: nil) }
            + [BuyerContext(country: "JP", language: "JA"), BuyerContext(country: "ZZ")]
        var reads: [StorefrontQuery.Read] = [.shop, .localization]
        for sortKey in CollectionSortKeys.allCases {
            for preview in [0, 5, 250, 251] { reads.append(.collections(PageArguments(first: 4), sortKey: sortKey, productPreview: preview)) }
            reads.append(.collections(PageArguments(last: 3), sortKey: sortKey, productPreview: 2))
        }
        reads.append(.collections(PageArguments(first: 0), sortKey: .id, productPreview: 5))
        reads.append(.collections(PageArguments(first: 2, after: "not a cursor"), sortKey: .id, productPreview: 5))
        for handle in catalog.collections.map(\.handle) + ["no-such-collection"] {
            reads.append(.collection(handle: handle))
            for sortKey in [ProductCollectionSortKeys.manual, .collectionDefault, .relevance] {
                for reverse in [false, true] {
                    reads.append(.collectionProducts(handle: handle, PageArguments(first: 3), sortKey: sortKey, reverse: reverse))
                }
            }
            reads.append(.collectionProducts(handle: handle, PageArguments(last: 2), sortKey: .collectionDefault, reverse: false))
        }
        for handle in catalog.products.map(\.handle) + ["no-such-product"] { reads.append(.productByHandle(handle)) }
        return contexts.flatMap { context in reads.map { StorefrontQuery($0, context: context == .shop ? nil : context) } }
    }

    @Test func theFirstScreensReadsAreTheCatalogsAnswersFromTheIndex() async throws {
        let (catalog, reference, indexed, gate) = try await shops()
        defer { gate.open() }
        var compared = 0, refused = 0
        for request in requests(catalog) {
            let (fromCatalog, fromIndex) = await answers(request, reference, indexed)
            #expect(fromIndex == fromCatalog, "\(request)")
            compared += 1
            if fromIndex.hasPrefix("error") { refused += 1 }
        }
        #expect(indexed.source.isReading, "every answer came from the index")
        // Mostly answers; the bad page sizes, previews and cursors asked on purpose are refused alike.
        #expect(compared > 1000 && refused > 0 && refused < compared / 10, "\(refused) of \(compared) refused")
        // The stock is the books': the ordered unit is gone in both.
        let sold = try #require(catalog.products.first { reference.stock.unitsSold(of: $0.variants.first?.id ?? "") > 0 })
        guard case .product(let fromIndex) = try await indexed.query(StorefrontQuery(.productByHandle(sold.handle))) else {
            Issue.record("not a product")
            return
        }
        #expect(fromIndex?.variants.first?.quantityAvailable == sold.variants.first?.quantityAvailable.map { $0 - 1 })
        #expect(indexed.source.isReading)
    }

    @Test func cursorsFromTheIndexGoOnOnceTheCatalogIsRead() async throws {
        let (catalog, reference, indexed, gate) = try await shops()
        let position = try #require(catalog.collectionProductIndices.firstIndex { $0.count >= 5 })
        let handle = catalog.collections[position].handle
        let contexts: [BuyerContext?] = [nil, BuyerContext(country: "US"), BuyerContext(country: "JP", language: "JA")]
        var firstPages: [(StorefrontQuery.Read, BuyerContext?, String)] = []
        for context in contexts {
            for read in [StorefrontQuery.Read.collections(PageArguments(first: 2), sortKey: .id, productPreview: 5),
                         .collectionProducts(handle: handle, PageArguments(first: 2), sortKey: .collectionDefault, reverse: false)] {
                let answer = try await indexed.query(StorefrontQuery(read, context: context))
                firstPages.append((read, context, try #require(Self.endCursor(answer))))
            }
        }
        gate.open()
        _ = try await indexed.source.loaded()
        #expect(!indexed.source.isReading)
        for (read, context, cursor) in firstPages {
            let next: StorefrontQuery.Read
            switch read {
            case .collections(_, let sortKey, let preview):
                next = .collections(PageArguments(first: 2, after: cursor), sortKey: sortKey, productPreview: preview)
            case .collectionProducts(let handle, _, let sortKey, let reverse):
                next = .collectionProducts(handle: handle, PageArguments(first: 2, after: cursor), sortKey: sortKey, reverse: reverse)
            default:
                continue
            }
            let (fromCatalog, fromIndexed) = await answers(StorefrontQuery(next, context: context), reference, indexed)
            #expect(!fromIndexed.hasPrefix("error"), "\(next)")
            #expect(fromIndexed == fromCatalog, "\(next)")
        }
    }

    @Test func theCatalogIsReadOnceTheFirstScreenIsAnsweredNotBefore() async throws {
        let path = try #require(CatalogLoader.bundledPath)
        let index = try #require(try CatalogIndexFiles.loadAndIndex(catalogPath: path, cache: cache).index)
        let indexed = EmbeddedStorefront(index: index, loading: { try CatalogLoader.load(contentsOf: path) }, stateDirectory: state)
        _ = try await indexed.query(StorefrontQuery(.localization))
        _ = try await indexed.query(StorefrontQuery(.shop))
        #expect(!indexed.source.readingStarted, "not read while the first screen is being answered")
        _ = try await indexed.query(StorefrontQuery(.collections(PageArguments(first: 5), sortKey: .id, productPreview: 5)))
        #expect(indexed.source.readingStarted, "read once the collections are answered")
        #expect(try await indexed.source.loaded().products.count == index.productCount)
    }

    @Test func aReadingThatWaitsBeginsAtOnceWhenTheCatalogIsNeeded() async throws {
        let path = try #require(CatalogLoader.bundledPath)
        let index = try #require(try CatalogIndexFiles.loadAndIndex(catalogPath: path, cache: cache).index)
        let indexed = EmbeddedStorefront(index: index, loading: { try CatalogLoader.load(contentsOf: path) }, stateDirectory: state)
        indexed.source.startReading(after: .seconds(600))
        try await Task.sleep(for: .milliseconds(100))
        #expect(indexed.source.isReading, "still waiting out its delay")
        let started = ContinuousClock.now
        // A read the index cannot answer needs the catalog.
        _ = try await indexed.query(StorefrontQuery(.search(query: "tea", PageArguments(first: 5))))
        #expect(!indexed.source.isReading)
        #expect(ContinuousClock.now - started < .seconds(300), "the delay was cut short")
    }

    @Test func cartsWaitForTheCatalog() async throws {
        // What happened, in order: the catalog read, the cart made.
        let events = Mutex<[String]>([])
        let (catalog, _, indexed, gate) = try await shops(onRead: { events.withLock { $0.append("catalog read") } })
        let variant = try #require(catalog.products.first?.variants.first)
        let creating = Task {
            let payload = try await indexed.mutate(CartMutation(.create(CartInput(lines: [CartLineInput(merchandiseId: variant.id)]))))
            events.withLock { $0.append("cart made") }
            return payload
        }
        gate.open()
        let payload = try await creating.value
        #expect(events.withLock { $0 } == ["catalog read", "cart made"], "no cart before the catalog is read")
        #expect(payload.userErrors.isEmpty)
        #expect(payload.cart?.lines.first?.merchandise.id == variant.id)
        #expect(payload.cart?.cost.subtotalAmount.amount == variant.price.amount)
    }

    @Test func aCatalogThatFailsToReadIsSaidByEveryReadThatNeedsIt() async throws {
        let path = try #require(CatalogLoader.bundledPath)
        let index = try #require(try CatalogIndexFiles.loadAndIndex(catalogPath: path, cache: cache).index)
        struct Unreadable: Error {}
        let indexed = EmbeddedStorefront(index: index, loading: { throw Unreadable() }, stateDirectory: state)
        await #expect(throws: Unreadable.self) {
            _ = try await indexed.query(StorefrontQuery(.search(query: "tea", PageArguments(first: 2))))
        }
        await #expect(throws: Unreadable.self) {
            _ = try await indexed.mutate(CartMutation(.create(CartInput())))
        }
        // What stands in is an empty shop of the same name: nothing to sell, no stop.
        #expect(indexed.catalog.products.isEmpty && indexed.catalog.shop == index.shop)
    }
}
