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
