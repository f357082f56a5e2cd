import Foundation
import StorefrontModels

/// A collection as the documents select it, with its product preview when one was asked for.
struct WireCollection: Decodable, Sendable {
    var id: String
    var handle: String
    var title: String
    var description: String
    var image: ProductImage?
    var updatedAt: Date
    var products: WireConnection<WireProduct>?

    var model: Collection {
        Collection(id: TextSanitizer.cleanLine(id), handle: TextSanitizer.cleanLine(handle),
                   title: TextSanitizer.cleanLine(title), description: TextSanitizer.clean(description),
                   image: image?.sanitized, updatedAt: updatedAt,
                   productsPreview: products?.elements.map(\.model) ?? [])
    }
}
