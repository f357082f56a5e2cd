import Determinism
import Foundation
@testable import Storefront

/// A catalog of a few thousand products made up from small word lists, the same on every run:
/// large enough for the search index's word-sized and parallel paths, with words that occur in
/// titles, descriptions or both, accents and CJK. Loaded once for all the tests that use it.
enum GeneratedCatalog {
    static let productCount = 1_200

    static let catalog: StoreCatalog = {
        do { return try CatalogLoader.load(data: Data(json().utf8), file: "generated.json") } catch {
            fatalError("the generated catalog does not load: \(error)")
        }
    }()

    private static let adjectives = ["Linen", "Café", "Stoneware", "Hand-Thrown", "Walnut", "Tea", "Smørrebrød", "Enamel", "Oak"]
    private static let nouns = ["Mug", "Kettle", "Tea Towel", "Teapot", "Grinder", "抹茶 Matcha", "Board", "Linen Apron", "Mug Set"]
    private static let places = ["Kyoto", "Lyon", "Oslo", "Zürich", "Porto"]
    private static let sentences = [
        "A mug for tea and coffee.", "Hand thrown in small batches.", "Washed linen, soft from the first day.",
        "Brews a kettle of tea in minutes.", "Grinds beans evenly; café quality.", "Stone-ground 抹茶 from Uji.", "Oiled oak, made to last.",
    ]
    private static let tags = ["sale", "gift", "organic", "new", "handmade"]
    private static let vendors = ["Kestrel Roastery", "Linnea Home", "Yamane", "Nordvik Trä"]
    private static let types = ["Tea", "Kitchenware", "Coffee", "Textiles"]

    static func json() -> String {
        var random = SeededRandom(seed: 7)
        func next(_ n: Int) -> Int { random.below(n) }
        func pick(_ words: [String]) -> String { words[next(words.count)] }
        var products: [String] = []
        for p in 0..<productCount {
            let title = "\(pick(adjectives)) \(pick(nouns)) \(pick(places))"
            let description = (0...next(2)).map { _ in pick(sentences) }.joined(separator: " ")
            let tagList = Set((0..<next(3)).map { _ in pick(tags) }).sorted().map { "\"\($0)\"" }.joined(separator: ",")
            let day = 1 + next(28), month = 1 + next(12)
            let date = "2024-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)T10:00:00Z"
            let price = 300 + next(9_000)
            let variants = (0...next(2)).map { v in
                #"{"options":["\#(["S", "M", "L"][v])"],"price":"\#((price + v * 100) / 100).\#(String(format: "%02d", (price + v * 100) % 100))","inventory":\#(next(4))}"#
            }
            let sizes = ["S", "M", "L"].prefix(variants.count).map { "\"\($0)\"" }.joined(separator: ",")
            products.append(#"{"id":\#(p + 1),"handle":"p-\#(p)","title":"\#(title)","vendor":"\#(pick(vendors))","productType":"\#(pick(types))","tags":[\#(tagList)],"createdAt":"\#(date)","updatedAt":"\#(date)","description":"\#(description)","options":[{"name":"Size","values":[\#(sizes)]}],"variants":[\#(variants.joined(separator: ","))]}"#)
        }
        return #"{"shop":{"name":"Generated","domain":"generated.example","currencyCode":"EUR","countryCode":"NL"},"collections":[],"products":[\#(products.joined(separator: ",\n"))]}"#
    }
}
