import Foundation
import Storefront

extension FuzzTarget {
    /// Catalog files: a small valid catalog with hostile values put in, keys taken out, or its
    /// text cut and spliced. Loading gives a catalog or one clear catalog error.
    public static let catalog = FuzzTarget(surface: .catalog, generate: { random in
        guard var document = try? JSONSerialization.jsonObject(with: Data(seedCatalog.utf8)) else { return seedCatalog }
        for _ in 0..<random.int(1...4) { document = mutate(document, &random, depth: 0) }
        var text = (try? JSONSerialization.data(withJSONObject: document)).map { String(decoding: $0, as: UTF8.self) } ?? seedCatalog
        if random.chance(0.15) {
            var characters = Array(text)
            let at = random.int(0...characters.count)
            if random.chance(0.5) { characters.removeSubrange(at...) } else { characters.insert(contentsOf: random.pick(HostileText.pieces), at: at) }
            text = String(characters)
        }
        return text
    }, check: { text in
        do {
            _ = try CatalogLoader.load(data: Data(text.utf8), file: "fuzz.json")
            return nil
        } catch StorefrontError.catalog(let error) {
            if error.description.unicodeScalars.contains(where: TextSanitizer.isUnsafe) { return "the error holds a control character" }
            return nil
        } catch {
            return "not a catalog error: \(error)"
        }
    })

    static func hostileValue(_ random: inout FuzzRandom) -> Any {
        switch random.int(0...9) {
        case 0: return random.pick([Int.max, Int.min, Int.max / 1000, Int.max / 1000 + 1, Int.max / 1000 - 1, -1, 0, 1 << 53])
        case 1: return random.pick([1e308, -1e308, 0.5, -0.0])
        case 2: return NSNull()
        case 3: return HostileText.string(&random)
        case 4: return String(repeating: random.pick(["a", "é", "\u{1B}[1m", "9"]), count: random.int(0...20_000))
        case 5: return [HostileText.string(&random)]
        case 6: return ["x": HostileText.string(&random)]
        case 7: return random.pick(["12.50", "-1", "1e400", "99999999999999999999999.9999", "0x10", "", " 1", "1.", "NaN"])
        case 8: return random.pick(["2025-02-30T00:00:00Z", "9999-12-31T23:59:59Z", "0000-01-01", "2025-01-01T25:61:00+99:00", ""])
        default: return random.chance(0.5)
        }
    }

    /// Changes one place in the JSON value: replaces a value, drops a key (a variant's id, often),
    /// or repeats an array element.
    static func mutate(_ value: Any, _ random: inout FuzzRandom, depth: Int) -> Any {
        if var object = value as? [String: Any], !object.isEmpty {
            let key = random.pick(object.keys.sorted())
            switch random.int(0...9) {
            case 0: object[key] = nil
            case 1: object[key] = hostileValue(&random)
            default: object[key] = mutate(object[key]!, &random, depth: depth + 1)
            }
            return object
        }
        if var array = value as? [Any], !array.isEmpty {
            let index = random.int(0...array.count - 1)
            switch random.int(0...5) {
            case 0: array.append(array[index])
            case 1: array.remove(at: index)
            default: array[index] = mutate(array[index], &random, depth: depth + 1)
            }
            return array
        }
        return depth > 0 && random.chance(0.7) ? hostileValue(&random) : value
    }

    static let seedCatalog = #"""
    {"format":"storefront-catalog","version":1,
     "shop":{"name":"Fuzz","domain":"fuzz.example","currencyCode":"EUR","countryCode":"NL"},
     "discountCodes":[{"code":"WELCOME10","type":"percentage","value":"10"},{"code":"FIVE","type":"fixedAmount","value":"5.00","minimumSubtotal":"20.00"}],
     "pages":[{"id":9100,"handle":"about-us","title":"About us","body":"<p>We roast.</p>","createdAt":"2024-01-10T09:00:00Z",
               "seo":{"title":"About","description":"Roasters"}}],
     "blogs":[{"id":9200,"handle":"journal","title":"Journal","articles":[
      {"id":9300,"handle":"ratio","title":"Ratio","author":{"name":"Ada Visser","email":"ada@fuzz.example","bio":"Roaster"},
       "tags":["brewing"],"publishedAt":"2025-05-14T06:45:00Z","excerptHtml":"<p>Fifteen grams.</p>","contentHtml":"<p>Grind.</p>",
       "image":{"url":"https://cdn.example/d.png","altText":"Dripper","width":100,"height":100}}]}],
     "collections":[{"id":4100,"handle":"coffee","title":"Coffee","description":"Beans","updatedAt":"2025-10-01T08:00:00Z","products":["blend","kettle"]}],
     "products":[
      {"id":8100,"handle":"blend","title":"Blend","vendor":"Roastery","productType":"Coffee","tags":["espresso"],
       "createdAt":"2023-02-04T11:44:00Z","updatedAt":"2023-03-01T02:02:00Z","description":"Dark.",
       "images":[{"url":"https://cdn.example/b.jpg","altText":"Blend","width":100,"height":100}],
       "options":[{"name":"Size","values":["250 g","1 kg"]}],
       "variants":[{"options":["250 g"],"price":"12.50","inventory":3},{"options":["1 kg"],"price":"42.00","compareAtPrice":"45.00"}]},
      {"id":8101,"handle":"kettle","title":"Kettle","vendor":"Co","productType":"Gear","createdAt":"2023-02-04T11:44:00Z",
       "updatedAt":"2023-03-01T02:02:00Z","variants":[{"id":77,"price":"30.00","sku":"K-1"}]}]}
    """#
}
