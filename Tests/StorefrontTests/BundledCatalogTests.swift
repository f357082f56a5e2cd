import Foundation
import Testing
@testable import Storefront

@Suite struct BundledCatalogTests {
    @Test func loadsAndMeetsTheShopsShape() throws {
        let catalog = try CatalogLoader.bundled()
        #expect(catalog.products.count >= 60)
        #expect(catalog.collections.count >= 6)
        #expect(catalog.shop.currencyCode == "EUR")
        #expect(catalog.products.contains { $0.title.contains("抹茶") })
        #expect(catalog.products.contains { $0.title.count >= 80 })
        #expect(catalog.products.contains { !$0.availableForSale })
        #expect(catalog.products.contains { $0.variants.contains { $0.compareAtPrice != nil } })
        // Sanitised on the way in: no escape or bidi control survives.
        for product in catalog.products {
            #expect(!product.description.unicodeScalars.contains { TextSanitizer.isUnsafe($0) }, "\(product.handle)")
            #expect(!product.title.contains("\t"))
        }
    }
}
