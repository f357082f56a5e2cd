import Foundation
import Pictures
import Storefront
import StorefrontServer
import Testing

/// Product pictures over HTTP: the transform the client asks for, the route that serves it, and
/// the same bytes as the embedded storefront reads.
struct PictureTests {
    @Test func aProductsPictureArrivesOverHTTPAsThePNGTheEmbeddedStoreHas() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.client().product(handle: "enamel-camp-mug"))
            let image = try #require(product.images.first)
            #expect(image.pictureUrl == image.url + "?width=320&height=320&format=png")
            let overHTTP = try await server.client().pictureData(url: try #require(image.pictureUrl), maxBytes: 1 << 20)
            let embedded = try await server.embedded.pictureData(url: image.url, maxBytes: 1 << 20)
            #expect(overHTTP == embedded, "a picture smaller than the transform is served as it is")
            let decoded = try RGBAImage(png: overHTTP)
            #expect(decoded.width == image.width && decoded.height == image.height)
        }
    }

    @Test func eachColourOfAVariantHasItsOwnPicture() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.client().product(handle: "enamel-camp-mug"))
            let urls = product.variants.compactMap { $0.image?.pictureUrl }
            #expect(urls.count == product.variants.count && Set(urls).count == product.variants.count)
            for url in urls { _ = try RGBAImage(png: try await server.client().pictureData(url: url, maxBytes: 1 << 20)) }
        }
    }

    @Test func aSmallerTransformIsScaledDownAndPNG() async throws {
        try await withServer { server async throws in
            let product = try #require(try await server.embedded.product(handle: "house-espresso-blend"))
            let url = ProductImage.transformed(try #require(product.images.first).url, maxWidth: 32, maxHeight: 32, png: true)
            let picture = try RGBAImage(png: try await server.client().pictureData(url: url, maxBytes: 1 << 20))
            #expect(picture.width == 32 && picture.height == 32)
        }
    }

    @Test func unknownOrEscapingNamesAreNotFound() async throws {
        try await withServer { server async throws in
            let base = "https://cdn.kestrel-and-co.example/products/"
            for name in ["no-such-picture.png", "..%2F..%2Fcatalog.json", "catalog.json"] {
                await #expect(throws: StorefrontError.self) {
                    _ = try await server.client().pictureData(url: base + name, maxBytes: 1 << 20)
                }
            }
        }
    }
}
