import Foundation
import Testing
@testable import Storefront
@testable import StorefrontCatalog

@Suite struct PaginationTests {
    let storefront: EmbeddedStorefront
    init() throws { storefront = try EmbeddedStorefront.fixture() }

    func page(_ arguments: PageArguments, query: String? = nil, sortKey: ProductSortKeys = .id,
              reverse: Bool = false) async throws -> Page<Product> {
        try await storefront.products(arguments, query: query, sortKey: sortKey, reverse: reverse)
    }

    @Test func forwardWithFirstAndAfter() async throws {
        let first = try await page(.first(3))
        #expect(first.nodes.map(\.handle) == Array(Fixtures.handles[0..<3]))
        #expect(first.pageInfo.hasNextPage && !first.pageInfo.hasPreviousPage)
        #expect(first.pageInfo.startCursor == first.edges.first?.cursor)
        #expect(first.pageInfo.endCursor == first.edges.last?.cursor)
        let second = try await page(.first(3, after: first.pageInfo.endCursor))
        #expect(second.nodes.map(\.handle) == Array(Fixtures.handles[3..<6]))
        #expect(second.pageInfo.hasNextPage && second.pageInfo.hasPreviousPage)
    }

    @Test func walkingForwardVisitsEveryProductOnce() async throws {
        var seen: [String] = [], after: String?, sizes: [Int] = []
        while true {
            let page = try await page(.first(4, after: after))
            seen += page.nodes.map(\.handle)
            sizes.append(page.edges.count)
            guard page.pageInfo.hasNextPage else { break }
            after = page.pageInfo.endCursor
        }
        #expect(seen == Fixtures.handles)
        #expect(sizes == [4, 4, 2])
    }

    @Test func backwardWithLastAndBefore() async throws {
        let last = try await page(.last(3))
        #expect(last.nodes.map(\.handle) == Array(Fixtures.handles[7..<10]))
        #expect(!last.pageInfo.hasNextPage && last.pageInfo.hasPreviousPage)
        let before = try await page(.last(3, before: last.pageInfo.startCursor))
        #expect(before.nodes.map(\.handle) == Array(Fixtures.handles[4..<7]))
        #expect(before.pageInfo.hasNextPage && before.pageInfo.hasPreviousPage)
        var seen: [String] = [], cursor: String? = nil
        while true {
            let page = try await page(.last(4, before: cursor))
            seen = page.nodes.map(\.handle) + seen
            guard page.pageInfo.hasPreviousPage else { break }
            cursor = page.pageInfo.startCursor
        }
        #expect(seen == Fixtures.handles)
    }

    @Test func boundaries() async throws {
        let everything = try await page(.first(250))
        #expect(everything.edges.count == 10 && !everything.pageInfo.hasNextPage && !everything.pageInfo.hasPreviousPage)
        let past = try await page(.first(5, after: everything.pageInfo.endCursor))
        #expect(past.edges.isEmpty && !past.pageInfo.hasNextPage && past.pageInfo.hasPreviousPage)
        #expect(past.pageInfo.startCursor == nil && past.pageInfo.endCursor == nil)
        let before = try await page(.last(5, before: everything.pageInfo.startCursor))
        #expect(before.edges.isEmpty && before.pageInfo.hasNextPage && !before.pageInfo.hasPreviousPage)
        let one = try await page(.first(1), query: "tag:gift")
        #expect(one.nodes.map(\.handle) == ["tea-sampler"] && one.pageInfo.hasNextPage)
        let empty = try await page(.first(5), query: "zebra")
        #expect(empty.edges.isEmpty && empty.pageInfo == .empty)
    }

    @Test func reverseAndSortKeys() async throws {
        #expect(try await page(.first(3), reverse: true).nodes.map(\.handle) == ["gift-card", "tea-sampler", "notebook"])
        #expect(try await page(.first(3), sortKey: .price).nodes.map(\.handle) == ["sencha", "brazil-cerrado", "cafe-creme"])
        #expect(try await page(.first(2), sortKey: .createdAt).nodes.map(\.handle) == ["brazil-cerrado", "gift-card"])
        #expect(try await page(.first(1), sortKey: .bestSelling).nodes.map(\.handle) == ["house-espresso"])
        let titles = try await page(.first(10), sortKey: .title).nodes.map { $0.title.lowercased() }
        #expect(titles.first == "brazil cerrado" && titles.last == "煎茶 sencha asamushi")
        let reversed = try await page(.first(10), sortKey: .title, reverse: true).nodes.map { $0.title.lowercased() }
        #expect(reversed == titles.reversed())
    }

    @Test func invalidArguments() async throws {
        for arguments in [PageArguments(first: 3, last: 3), PageArguments(), .first(0), .first(251), .last(-1)] {
            await #expect(throws: StorefrontError.self, "\(arguments)") { _ = try await page(arguments) }
        }
        await #expect {
            _ = try await page(PageArguments(first: 2, last: 2))
        } throws: { error in
            guard case StorefrontError.invalidArgument(let message) = error else { return false }
            return message.contains("first") && message.contains("last")
        }
    }

    @Test func foreignCursorsAreRejected() async throws {
        let byId = try await page(.first(3))
        let cursor = try #require(byId.pageInfo.endCursor)
        func rejects(_ body: () async throws -> Void) async {
            await #expect { try await body() } throws: { error in
                if case StorefrontError.invalidCursor = error { return true }
                return false
            }
        }
        await rejects { _ = try await page(.first(3, after: "not-a-cursor")) }
        await rejects { _ = try await page(.first(3, after: "c2ZjMXxwcm9kdWN0c3w5OTl8eA")) }   // well-formed, foreign
        await rejects { _ = try await page(.first(3, after: cursor), sortKey: .title) }
        await rejects { _ = try await page(.first(3, after: cursor), reverse: true) }
        await rejects { _ = try await page(.first(3, after: cursor), query: "tea") }
        await rejects { _ = try await storefront.collections(.first(2, after: cursor), sortKey: .id, productPreview: 0) }
        await rejects { _ = try await storefront.search(query: "tea", page: .first(2, after: cursor)) }
        // A cursor from another catalog (same listing, different product at that place).
        let other = try EmbeddedStorefront.load(catalogData: Data(Fixtures.catalogJSON.replacingOccurrences(
            of: "\"id\": 3, \"handle\": \"house-espresso\"", with: "\"id\": 33, \"handle\": \"house-espresso\"").utf8))
        await rejects { _ = try await other.products(.first(3, after: cursor), query: nil, sortKey: .id, reverse: false) }
    }

    @Test func collectionsWithPreviewAndCollectionProducts() async throws {
        let collections = try await storefront.collections(.first(2), sortKey: .id, productPreview: 2)
        #expect(collections.nodes.map(\.handle) == ["coffee", "tea"])
        #expect(collections.nodes[0].productsPreview.map(\.handle) == ["house-espresso", "cafe-creme"])
        #expect(collections.pageInfo.hasNextPage)
        let rest = try await storefront.collections(.first(5, after: collections.pageInfo.endCursor), sortKey: .id, productPreview: 0)
        #expect(rest.nodes.map(\.handle) == ["kitchen", "gifts"] && rest.nodes.allSatisfy { $0.productsPreview.isEmpty })
        #expect(try await storefront.collections(.first(4), sortKey: .updatedAt, productPreview: 0).nodes.map(\.handle)
                == ["gifts", "tea", "coffee", "kitchen"])
        let manual = try await storefront.collectionProducts(handle: "coffee", page: .first(5), sortKey: .manual, reverse: false)
        #expect(manual.nodes.map(\.handle) == ["house-espresso", "cafe-creme", "brazil-cerrado"])
        let byPrice = try await storefront.collectionProducts(handle: "coffee", page: .first(2), sortKey: .price, reverse: true)
        #expect(byPrice.nodes.map(\.handle) == ["house-espresso", "cafe-creme"] && byPrice.pageInfo.hasNextPage)
        #expect(try await storefront.collectionProducts(handle: "nope", page: .first(5), sortKey: .manual, reverse: false) == .empty)
        #expect(try await storefront.collection(handle: "tea")?.title == "Tea")
        await #expect(throws: StorefrontError.self) {
            _ = try await storefront.collections(.first(2), sortKey: .id, productPreview: 251)
        }
    }

    @Test func cursorsAreOpaqueAndRoundTrip() throws {
        let cursor = PageCursor(listing: "products.ID.f.x", position: 12, nodeId: "gid://shopify/Product/13")
        #expect(!cursor.encoded.contains("gid"))
        #expect(PageCursor(decoding: cursor.encoded) == cursor)
        #expect(PageCursor(decoding: "") == nil)
        #expect(PageCursor(decoding: "%%%") == nil)
        for n in 0..<8 {
            let bytes = Array("abcdefgh".utf8.prefix(n))
            #expect(PageCursor.bytes(base64url: PageCursor.base64url(bytes)) == bytes)
        }
    }
}
