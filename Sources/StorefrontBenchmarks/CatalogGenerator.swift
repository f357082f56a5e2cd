import Determinism
import Foundation

/// A large, believable catalog as JSON, deterministic for a seed: the shape of the shipped
/// catalog (options, variants, prices as strings, tags, dates, images) at any size.
struct CatalogGenerator {
    private var random: SeededRandom

    init(seed: UInt64) { random = SeededRandom(seed: seed) }

    private mutating func int(_ range: Range<Int>) -> Int { range.lowerBound + Int(random.next() % UInt64(range.count)) }
    private mutating func pick<T>(_ items: [T]) -> T { items[int(0..<items.count)] }

    private static let adjectives = ["Ceramic", "Organic", "Hand-Thrown", "Stoneware", "Merino", "Linen", "Waxed", "Brass",
        "Copper", "Oak", "Walnut", "Enamel", "Glass", "Cast-Iron", "Bamboo", "Recycled", "Heavyweight", "Lightweight",
        "Café", "Nordic", "Smørrebrød", "Crème", "Müesli", "Alpine", "Coastal", "Everyday", "Travel", "Classic"]
    private static let nouns = ["Mug", "Kettle", "Grinder", "Dripper", "Teapot", "Notebook", "Pen", "Tote", "Beanie",
        "T-Shirt", "Hoodie", "Apron", "Bottle", "Blanket", "Bowl", "Board", "Spoon Set", "Tea Towel", "Planner",
        "Espresso Blend", "Filter Roast", "Green Tea", "Black Tea", "Herbal Blend", "抹茶 Matcha", "煎茶 Sencha",
        "Socks ☕", "Cap", "Headlamp", "Flask"]
    private static let places = ["Kyoto", "Huila", "Yirgacheffe", "Darjeeling", "Lisbon", "Oslo", "Lyon", "Amsterdam",
        "Shizuoka", "Nyeri", "Cederberg", "Fujian", "Porto", "Edinburgh", "Zürich"]
    private static let vendors = ["Kestrel Roastery", "Kettle & Leaf", "Yamane Tea Garden", "Kestrel & Co.", "Linnea Home",
        "Papeterie Lumière", "Trailhead Goods", "Nordvik Trä"] + (1...32).map { "Workshop \($0)" }
    private static let types = ["Coffee", "Tea", "Brewing Equipment", "Kitchenware", "T-Shirt", "Hoodie", "Hat", "Socks",
        "Notebook", "Pen", "Camping", "Hydration", "Gift Set", "Apron", "Bag", "Planner", "Ink", "Lighting"]
    private static let tags = ["organic", "gift", "sale", "bestseller", "new", "decaf", "single-origin", "blend", "japanese",
        "handmade", "limited", "vegan", "fair-trade", "travel", "winter", "summer", "espresso", "filter", "ceramic",
        "linen", "merino", "brass", "outdoor", "kitchen", "desk", "seasonal", "classic", "small-batch"]
    private static let sentences = [
        "Made in a small workshop by people who care about the details.",
        "Hand thrown and glazed in small batches, so every piece is a little different.",
        "Roasted twice a week and shipped within two days of roasting.",
        "A gentle, round cup with notes of almond, brown sugar and cocoa.",
        "Built to last a decade of daily use, and repairable when it does not.",
        "Packed in recycled paper without plastic.",
        "Machine wash cold and hang to dry.",
        "Fits in a bag and goes wherever you do.",
        "Stone-ground from shade-grown leaves picked in the first flush.",
        "Finished with food-safe linseed oil; wash by hand.",
    ]

    mutating func json(products count: Int) -> Data {
        var out = ""
        out.reserveCapacity(count * 900)
        out += #"{"format":"storefront-catalog","version":1,"shop":{"name":"Bench Shop","domain":"bench.example","currencyCode":"EUR","countryCode":"NL"},"#
        out += #""discountCodes":[{"code":"WELCOME10","type":"percentage","value":"10"}],"collections":["#
        for c in 0..<20 {
            let members = stride(from: c, to: count, by: 97).prefix(500).map { "\"p-\($0)\"" }.joined(separator: ",")
            out += (c > 0 ? "," : "") + #"{"id":\#(100 + c),"handle":"collection-\#(c)","title":"Collection \#(c)","updatedAt":"2025-01-01T00:00:00Z","products":[\#(members)]}"#
        }
        out += #"],"products":["#
        for p in 0..<count {
            if p > 0 { out += "," }
            product(p, into: &out)
        }
        out += "]}"
        return Data(out.utf8)
    }

    private mutating func product(_ p: Int, into out: inout String) {
        let title = "\(pick(Self.adjectives)) \(pick(Self.nouns)) \(pick(Self.places))"
        let tagCount = int(0..<5)
        var tags = Set<String>()
        for _ in 0..<tagCount { tags.insert(pick(Self.tags)) }
        let description = (0..<int(2..<5)).map { _ in pick(Self.sentences) }.joined(separator: " ")
        let created = "20\(int(22..<26))-\(pad(int(1..<13)))-\(pad(int(1..<29)))T\(pad(int(0..<24))):\(pad(int(0..<60))):00Z"
        let base = int(300..<15_000)
        out += #"{"id":\#(p + 1),"handle":"p-\#(p)","title":"\#(title)","vendor":"\#(pick(Self.vendors))","productType":"\#(pick(Self.types))","#
        out += #""tags":[\#(tags.sorted().map { "\"\($0)\"" }.joined(separator: ","))],"createdAt":"\#(created)","updatedAt":"\#(created)","#
        out += #""description":"\#(description)","images":[{"url":"https://cdn.bench.example/p-\#(p).jpg","width":800,"height":800}],"#
        let sizes = ["S", "M", "L", "XL"].prefix(int(0..<4) + 1)
        if sizes.count == 1 {
            out += #""variants":[{"price":"\#(amount(base))","sku":"SKU-\#(p)","inventory":\#(int(0..<30))}]}"#
            return
        }
        out += #""options":[{"name":"Size","values":[\#(sizes.map { "\"\($0)\"" }.joined(separator: ","))]}],"variants":["#
        out += sizes.enumerated().map { k, size in
            #"{"options":["\#(size)"],"price":"\#(amount(base + k * 200))","sku":"SKU-\#(p)-\#(size)","inventory":\#(int(0..<30))}"#
        }.joined(separator: ",")
        out += "]}"
    }

    private func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    private func amount(_ cents: Int) -> String { "\(cents / 100).\(pad(cents % 100))" }
}
