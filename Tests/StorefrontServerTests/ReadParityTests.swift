import Foundation
import Storefront
import StorefrontServer
import Testing

/// Every read over HTTP gives what the embedded storefront gives directly.
struct ReadParityTests {
    /// The Storefront API has no contact email or phone on `Shop`; everything else matches.
    @Test func shop() async throws {
        try await withServer { server async throws in
            var expected = try await server.embedded.shop()
            expected.contactEmail = nil
            expected.contactPhone = nil
            #expect(expected.policies.count == 4 && expected.policies.allSatisfy { !$0.body.isEmpty })
            #expect(try await server.client().shop() == expected)
        }
    }

    @Test func collectionsWithPreviewsPageByPage() async throws {
        try await withServer { server async throws in
            let client = server.client()
            let first = try await client.collections(.first(4), sortKey: .title, productPreview: 3)
            #expect(first == (try await server.embedded.collections(.first(4), sortKey: .title, productPreview: 3)))
            #expect(first.nodes.allSatisfy { !$0.productsPreview.isEmpty })
            let next = PageArguments.first(4, after: first.pageInfo.endCursor)
            #expect(try await client.collections(next, sortKey: .title, productPreview: 3)
                == (try await server.embedded.collections(next, sortKey: .title, productPreview: 3)))
            let back = PageArguments.last(2, before: first.pageInfo.endCursor)
            #expect(try await client.collections(back, sortKey: .title, productPreview: 0)
                == (try await server.embedded.collections(back, sortKey: .title, productPreview: 0)))
        }
    }
}

extension ReadParityTests {
    @Test func collectionByHandleAndMissingCollection() async throws {
        try await withServer { server async throws in
            let client = server.client()
            #expect(try await client.collection(handle: "tea") == (try await server.embedded.collection(handle: "tea")))
            #expect(try await client.collection(handle: "no-such-collection") == nil)
        }
    }

    @Test(arguments: [ProductCollectionSortKeys.collectionDefault, .price, .title, .bestSelling, .created])
    func collectionProductsInEveryOrderBothWays(sortKey: ProductCollectionSortKeys) async throws {
        try await withServer { server async throws in
            let client = server.client()
            for reverse in [false, true] {
                let first = try await client.collectionProducts(handle: "coffee", page: .first(3), sortKey: sortKey, reverse: reverse)
                #expect(first == (try await server.embedded.collectionProducts(handle: "coffee", page: .first(3),
                                                                              sortKey: sortKey, reverse: reverse)))
                let next = PageArguments.first(3, after: first.pageInfo.endCursor)
                #expect(try await client.collectionProducts(handle: "coffee", page: next, sortKey: sortKey, reverse: reverse)
                    == (try await server.embedded.collectionProducts(handle: "coffee", page: next, sortKey: sortKey, reverse: reverse)))
            }
            #expect(try await client.collectionProducts(handle: "nope", page: .first(3), sortKey: sortKey, reverse: false) == .empty)
        }
    }

    @Test(arguments: [nil, "tag:espresso", "product_type:Tea OR vendor:\"Kestrel Roastery\"", "price:<10 -tag:sale"])
    func productsWithQueries(query: String?) async throws {
        try await withServer { server async throws in
            for sortKey in [ProductSortKeys.title, .price, .id] {
                #expect(try await server.client().products(.first(5), query: query, sortKey: sortKey, reverse: sortKey == .price)
                    == (try await server.embedded.products(.first(5), query: query, sortKey: sortKey, reverse: sortKey == .price)))
            }
        }
    }

    @Test func productByHandleByIdAndMissing() async throws {
        try await withServer { server async throws in
            let client = server.client()
            let expected = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            #expect(try await client.product(handle: "house-espresso-blend") == expected)
            #expect(try await client.product(id: expected.id) == expected)
            #expect(expected.variants.count > 1 && expected.options.count == 2)
            #expect(!expected.description.contains("\u{1B}")) // the catalog's escape codes are gone at load
            #expect(try await client.product(handle: "no-such-product") == nil)
        }
    }

    @Test func recommendations() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let expected = try await server.embedded.productRecommendations(productId: product.id)
            #expect(!expected.isEmpty)
            #expect(try await server.client().productRecommendations(productId: product.id) == expected)
        }
    }

    @Test func searchPageByPageAndPredictiveSearch() async throws {
        try await withServer { server async throws in
            let client = server.client()
            let first = try await client.search(query: "coffee", page: .first(4))
            #expect(first == (try await server.embedded.search(query: "coffee", page: .first(4))))
            #expect(first.pageInfo.hasNextPage)
            let next = PageArguments.first(4, after: first.pageInfo.endCursor)
            #expect(try await client.search(query: "coffee", page: next) == (try await server.embedded.search(query: "coffee", page: next)))
            #expect(try await client.predictiveSearch(query: "ke", limit: 5) == (try await server.embedded.predictiveSearch(query: "ke", limit: 5)))
        }
    }
}
