import Foundation
import StorefrontModels
@testable import StorefrontServer
import Testing

/// Cursors and picture URLs are written on every page: each as the API and the CDN spell them.
struct CursorAndTransformTests {
    @Test func aCursorNamesItsListingAndPositionAndLeadsBackToIt() throws {
        #expect(ListPager.cursor(listing: "variants:gid://shopify/Product/1", position: 42)
                == Data("variants:gid://shopify/Product/1#42".utf8).base64EncodedString())
        let items = Array(0..<10)
        let page = try ListPager.page(items, ConnectionArguments(first: 3, after: ListPager.cursor(listing: "l", position: 4)), listing: "l")
        #expect(page.nodes == [5, 6, 7])
        #expect(page.edges.map(\.cursor) == (5...7).map { ListPager.cursor(listing: "l", position: $0) })
        // Written as Foundation writes Base64, padding and all, whatever the length.
        for length in 0..<12 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 97 + 250) }
            #expect(Base64Text.encoded(bytes) == Data(bytes).base64EncodedString(), "\(length) bytes")
        }
        #expect(page.edges.map(\.cursor) == (5...7).map { Data("l#\($0)".utf8).base64EncodedString() })
    }

    @Test func aTransformIsAddedToTheURLsQuery() {
        #expect(ProductImage.transformed("https://cdn.example/a.png", maxWidth: 320, maxHeight: 200, png: true)
                == "https://cdn.example/a.png?width=320&height=200&format=png")
        #expect(ProductImage.transformed("https://cdn.example/a.png?v=2", maxWidth: nil, maxHeight: 64, png: false)
                == "https://cdn.example/a.png?v=2&height=64")
        #expect(ProductImage.transformed("https://cdn.example/a.png", maxWidth: nil, maxHeight: nil, png: true)
                == "https://cdn.example/a.png?format=png")
        #expect(ProductImage.transformed("https://cdn.example/a.png", maxWidth: nil, maxHeight: nil, png: false)
                == "https://cdn.example/a.png")
    }
}
