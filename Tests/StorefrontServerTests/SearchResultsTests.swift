import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// Paging through products followed by pages and articles: every result once, in order, whichever
/// way and however many at a time, with page info that says truly whether more come.
struct SearchResultsTests {
    static let catalog = Result { try CatalogLoader.bundled() }

    func results(query: String, content count: Int) throws -> (SearchPager, [String]) {
        let catalog = try Self.catalog.get()
        let storefront = EmbeddedStorefront(catalog: catalog)
        let content = Array((catalog.content.pages.map(SearchHit.page) + catalog.content.articles.map(SearchHit.article)).prefix(count))
        let results = SearchPager(products: { Listing(page: try await storefront.search(query: query, page: $0), totalCount: 0) }, content: content)
        let products = try catalog.products(matching: query).map { "product:\($0.handle)" }
        return (results, products + content.map(Self.name))
    }

    static func name(_ hit: SearchHit) -> String {
        switch hit {
        case .product(let product): "product:\(product.handle)"
        case .page(let page): "page:\(page.handle)"
        case .article(let article): "article:\(article.handle)"
        }
    }

    @Test(arguments: ["matcha", "zzzz-nothing", "kettle"], [0, 1, 3, 9])
    func everyResultOnceForwardAndBackward(query: String, contentCount: Int) async throws {
        let (results, expected) = try results(query: query, content: contentCount)
        for size in 1...4 {
            var forward: [String] = [], after: String?, pages = 0
            repeat {
                let page = try await results.page(PageArguments(first: size, after: after))
                forward += page.nodes.map(Self.name)
                #expect(page.pageInfo.hasPreviousPage == (after != nil))
                #expect(page.pageInfo.hasNextPage == (forward.count < expected.count), "size \(size) after \(forward.count)")
                after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : nil
                pages += 1
            } while after != nil && pages < 100
            #expect(forward == expected, "forward by \(size)")

            var backward: [String] = [], before: String?
            pages = 0
            repeat {
                let page = try await results.page(PageArguments(last: size, before: before))
                backward = page.nodes.map(Self.name) + backward
                #expect(page.pageInfo.hasNextPage == (before != nil))
                #expect(page.pageInfo.hasPreviousPage == (backward.count < expected.count), "size \(size) before \(backward.count)")
                before = page.pageInfo.hasPreviousPage ? page.pageInfo.startCursor : nil
                pages += 1
            } while before != nil && pages < 100
            #expect(backward == expected, "backward by \(size)")
        }
    }

    @Test func aWindowBetweenTwoCursorsAcrossProductsAndContent() async throws {
        let (results, expected) = try results(query: "matcha", content: 3)
        let all = try await results.page(PageArguments(first: 250))
        #expect(all.nodes.map(Self.name) == expected)
        let cursors = all.edges.map(\.cursor)
        let (from, to) = (1, expected.count - 1)
        let window = try await results.page(PageArguments(first: 250, after: cursors[from], before: cursors[to]))
        #expect(window.nodes.map(Self.name) == Array(expected[(from + 1)..<to]))
        #expect(window.pageInfo.hasNextPage && window.pageInfo.hasPreviousPage)
        let tail = try await results.page(PageArguments(after: cursors[from], last: 2))
        #expect(tail.nodes.map(Self.name) == Array(expected.suffix(2)) && !tail.pageInfo.hasNextPage)
    }

    @Test func bothOrNeitherOfFirstAndLastIsRefused() async throws {
        let (results, _) = try results(query: "matcha", content: 2)
        await #expect(throws: StorefrontError.self) { try await results.page(PageArguments()) }
        await #expect(throws: StorefrontError.self) { try await results.page(PageArguments(first: 1, last: 1)) }
    }
}
