import Clocks
import Determinism
import Foundation
import Testing
@testable import Storefront

/// A small catalog written for the tests: every product is there to exercise something
/// (stock limits, a sold-out product and variant, no tags, escape sequences, CJK, emoji...).
enum Fixtures {
    static let catalogJSON = #"""
    {
      "format": "storefront-catalog", "version": 1,
      "shop": {"name": "Test Shop", "description": "Tests.", "domain": "test-shop.example", "currencyCode": "EUR",
               "countryCode": "NL", "contactEmail": "hello@test-shop.example"},
      "discountCodes": [
        {"code": "WELCOME10", "type": "percentage", "value": "10", "combinesWith": {"orderDiscounts": true}},
        {"code": "SAVE15", "type": "percentage", "value": "15"},
        {"code": "FIKA5", "type": "fixedAmount", "value": "5.00", "minimumSubtotal": "40.00", "combinesWith": {"orderDiscounts": true}},
        {"code": "OLD15", "type": "percentage", "value": "15", "endsAt": "2024-01-01T00:00:00Z"},
        {"code": "FIRST10", "type": "percentage", "value": "10", "firstOrderOnly": true}
      ],
      "giftCards": [{"code": "GIFT-AAAA-1111", "balance": "20.00"}, {"code": "gift-bbbb-2222", "balance": "50"},
                    {"code": "GIFT-EMPTY-0000", "balance": "0"}],
      "collections": [
        {"id": 101, "handle": "coffee", "title": "Coffee", "updatedAt": "2024-06-01T00:00:00Z",
         "products": ["house-espresso", "cafe-creme", "brazil-cerrado"]},
        {"id": 102, "handle": "tea", "title": "Tea", "updatedAt": "2024-05-01T00:00:00Z", "products": ["sencha", "tea-sampler"]},
        {"id": 103, "handle": "kitchen", "title": "Kitchen", "updatedAt": "2024-07-01T00:00:00Z",
         "products": ["tea-towel", "red-mug", "gooseneck-kettle"]},
        {"id": 104, "handle": "gifts", "title": "Gifts", "updatedAt": "2024-04-01T00:00:00Z",
         "products": ["gift-card", "tea-sampler", "notebook"]}
      ],
      "products": [
        {"id": 1, "handle": "sencha", "title": "煎茶 Sencha Asamushi", "vendor": "Yamane Tea Garden", "productType": "Tea",
         "tags": ["japanese", "green-tea"], "createdAt": "2024-03-01T10:00:00Z", "updatedAt": "2024-06-15T10:00:00Z",
         "description": "A lightly steamed green tea from Shizuoka.",
         "options": [{"name": "Size", "values": ["50 g", "100 g"]}],
         "variants": [{"options": ["50 g"], "price": "9.50", "inventory": 20}, {"options": ["100 g"], "price": "17.00", "inventory": 20}]},
        {"id": 2, "handle": "cafe-creme", "title": "Café Crème Blend", "vendor": "Kestrel Roastery", "productType": "Coffee",
         "tags": ["blend", "sale"], "createdAt": "2024-05-01T08:00:00Z", "updatedAt": "2024-05-01T08:00:00Z",
         "description": "A gentle blend for long coffees.",
         "variants": [{"price": "11.50", "compareAtPrice": "13.00", "sku": "KR-CREME", "inventory": 30}]},
        {"id": 3, "handle": "house-espresso", "title": "House Espresso Blend", "vendor": "Kestrel Roastery", "productType": "Coffee",
         "tags": ["espresso", "blend", "bestseller"], "createdAt": "2024-01-15T09:00:00Z", "updatedAt": "2024-01-15T09:00:00Z",
         "description": "Chocolate and hazelnut. Roasted weekly.",
         "options": [{"name": "Size", "values": ["250 g", "1 kg"]}],
         "variants": [{"options": ["250 g"], "price": "12.50", "sku": "KR-HOUSE-250", "inventory": 3},
                      {"options": ["1 kg"], "price": "42.00", "sku": "KR-HOUSE-1000", "inventory": 10}]},
        {"id": 4, "handle": "brazil-cerrado", "title": "Brazil Cerrado", "vendor": "Kestrel Roastery", "productType": "Coffee",
         "tags": ["single-origin"], "createdAt": "2023-11-01T09:00:00Z", "updatedAt": "2023-11-01T09:00:00Z",
         "description": "Peanut and dark chocolate.", "variants": [{"price": "11.00", "inventory": 0}]},
        {"id": 5, "handle": "tea-towel", "title": "Linen Tea Towel", "vendor": "Linnea Home", "productType": "Kitchenware",
         "tags": [], "createdAt": "2024-05-01T23:30:00Z", "updatedAt": "2024-05-01T23:30:00Z",
         "description": "Heavy linen, stonewashed.", "variants": [{"price": "19.00"}]},
        {"id": 6, "handle": "gooseneck-kettle", "title": "Gooseneck Kettle", "vendor": "Kestrel & Co.", "productType": "Brewing Equipment",
         "tags": ["kettle", "pour-over"], "createdAt": "2024-02-10T12:00:00Z", "updatedAt": "2024-02-10T12:00:00Z",
         "description": "A slow, precise pour.",
         "options": [{"name": "Finish", "values": ["Steel", "Copper"]}],
         "variants": [{"options": ["Steel"], "price": "54.00", "inventory": 5}, {"options": ["Copper"], "price": "69.00", "inventory": 0}]},
        {"id": 7, "handle": "red-mug", "title": "Enamel Mug ☕", "vendor": "Trailhead Goods", "productType": "Kitchenware",
         "tags": ["mug", "camping"], "createdAt": "2024-04-01T12:00:00Z", "updatedAt": "2024-04-01T12:00:00Z",
         "description": "Keeps it \u001b[31mhot\u001b[0m.\u001b]52;c;ZXZpbA==\u0007 Enamelled\u202e steel.\r\nDishwasher safe.",
         "variants": [{"price": "14.00", "inventory": 50}]},
        {"id": 8, "handle": "notebook", "title": "Dot-Grid\tNotebook A5", "vendor": "Papeterie Lumière", "productType": "Notebook",
         "tags": ["notebook", "sale"], "createdAt": "2024-07-01T12:00:00Z", "updatedAt": "2024-07-01T12:00:00Z",
         "description": "Dot grid paper. Tea stains welcome.", "variants": [{"price": "16.00", "inventory": 40}]},
        {"id": 9, "handle": "tea-sampler", "title": "Tea Sampler", "vendor": "Kettle & Leaf", "productType": "Tea",
         "tags": ["gift"], "createdAt": "2025-01-10T12:00:00Z", "updatedAt": "2025-01-10T12:00:00Z",
         "description": "Five loose-leaf teas in a box.", "variants": [{"price": "24.00", "inventory": 15}]},
        {"id": 10, "handle": "gift-card", "title": "Gift Card", "vendor": "Kestrel & Co.", "productType": "Gift Card",
         "tags": ["gift"], "createdAt": "2023-12-01T12:00:00Z", "updatedAt": "2023-12-01T12:00:00Z",
         "description": "Spend it on anything.",
         "options": [{"name": "Amount", "values": ["€25", "€50"]}],
         "variants": [{"options": ["€25"], "price": "25.00"}, {"options": ["€50"], "price": "50.00"}]}
      ]
    }
    """#

    /// Handles in catalog (and id) order.
    static let handles = ["sencha", "cafe-creme", "house-espresso", "brazil-cerrado", "tea-towel", "gooseneck-kettle",
                          "red-mug", "notebook", "tea-sampler", "gift-card"]

    static func catalog() throws -> StoreCatalog {
        try CatalogLoader.load(data: Data(catalogJSON.utf8), file: "fixture.json")
    }

    /// 2025-03-01T12:00:00Z: after every product's dates.
    static let start = Date(timeIntervalSince1970: 1_740_830_400)

    static func variantId(_ handle: String, _ index: Int = 0) throws -> String {
        try #require(try catalog().product(handle: handle)).variants[index].id
    }
}

extension Fixtures {
    /// The fixtures' dates on `clock` (swift-clocks' `TestClock`): `start` until it is advanced.
    /// Every source made this way from one clock reads the same date, so a store reopened after
    /// the clock moved goes on from where the first one was.
    static func dates(_ clock: TestClock<Duration>) -> DateSource { .following(clock, from: start, at: TestClock.Instant()) }
}

extension TestClock<Duration> {
    /// The fixtures' date now.
    var date: Date { Fixtures.dates(self).now }
}

extension Duration {
    /// Days of 86,400 seconds (no calendar): how the fixtures' carts age.
    static func days(_ days: Double) -> Duration { .seconds(days * 86_400) }
}

/// A fresh state directory, removed when the value goes away.
final class TemporaryDirectory: Sendable {
    let url: URL
    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-tests-\(UUID().uuidString)")
    }
    deinit { try? FileManager.default.removeItem(at: url) }
}

extension EmbeddedStorefront {
    /// A storefront on the fixture catalog with its own state directory and clock.
    static func fixture(directory: TemporaryDirectory = TemporaryDirectory(), clock: TestClock<Duration> = TestClock()) throws -> EmbeddedStorefront {
        EmbeddedStorefront(catalog: try Fixtures.catalog(), stateDirectory: directory.url, now: Fixtures.dates(clock).closure)
    }
}
