import Foundation
@testable import Storefront
@testable import StorefrontServer
import Testing

/// `encodedVariantExistence` and `encodedVariantAvailability` over HTTP, read back the way a
/// storefront reads them (Hydrogen's `decodeEncodedVariant`).
struct VariantEncodingTests {
    /// The combinations of option value indices an encoded string holds, read by the format's
    /// rules: "v1_", then indices and the control characters ":" (the index is a prefix: down one
    /// option), " " (an index of the last option, more follow), "-" (a range up to the next
    /// index) and "," (the end of a list of children: up one option).
    static func decode(_ encoded: String) throws -> Set<[Int]> {
        guard !encoded.isEmpty else { return [] }
        guard encoded.hasPrefix("v1_") else { throw DecodeError(text: encoded) }
        var result: Set<[Int]> = []
        var prefix: [Int] = []
        var number = ""
        var rangeStart: Int?
        func index() throws -> Int {
            guard let index = Int(number) else { throw DecodeError(text: encoded) }
            number = ""
            return index
        }
        func leaf() throws {
            let last = try index()
            guard (rangeStart ?? last) <= last else { throw DecodeError(text: encoded) }
            for index in (rangeStart ?? last)...last { result.insert(prefix + [index]) }
            rangeStart = nil
        }
        for character in encoded.dropFirst(3) {
            switch character {
            case "0"..."9": number.append(character)
            case ":": prefix.append(try index())
            case "-": rangeStart = try index()
            case " ": try leaf()
            case ",":
                if !number.isEmpty { try leaf() }
                guard !prefix.isEmpty else { throw DecodeError(text: encoded) }
                prefix.removeLast()
            default: throw DecodeError(text: encoded)
            }
        }
        if !number.isEmpty { try leaf() }
        guard prefix.isEmpty, rangeStart == nil else { throw DecodeError(text: encoded) }
        return result
    }

    struct DecodeError: Error { var text: String }

    @Test func theDecoderReadsTheAPIsOwnExamples() throws {
        #expect(try Self.decode("v1_0:0:0,1:0-1,,1:0:0-1,1:1,,2:0:1,1:0,,")
            == [[0, 0, 0], [0, 1, 0], [0, 1, 1], [1, 0, 0], [1, 0, 1], [1, 1, 1], [2, 0, 1], [2, 1, 0]])
        #expect(try Self.decode("v1_0:0-1,1:2,") == [[0, 0], [0, 1], [1, 2]])
        #expect(try Self.decode("v1_0-2 4") == [[0], [1], [2], [4]])
    }

    @Test func theEncodingIsTheAPIsForItsDocumentedExample() {
        let combinations = [[0, 0, 0], [0, 1, 0], [0, 1, 1], [1, 0, 0], [1, 0, 1], [1, 1, 1], [2, 0, 1], [2, 1, 0]]
        #expect(OptionValueEncoding.encode(combinations.reversed()) == "v1_0:0:0,1:0-1,,1:0:0-1,1:1,,2:0:1,1:0,,")
        #expect(OptionValueEncoding.encode([[0, 0], [0, 1], [1, 2]]) == "v1_0:0-1,1:2,")
        #expect(OptionValueEncoding.encode([[4], [0], [1], [2]]) == "v1_0-2 4")
        #expect(OptionValueEncoding.encode([[]]) == "" && OptionValueEncoding.encode([]) == "")
    }

    /// Three options, one combination without a variant, one variant sold out, one off sale.
    static let catalog = """
        {"shop": {"name": "S", "domain": "s.example", "currencyCode": "EUR", "countryCode": "NL"}, "collections": [],
         "products": [{"id": 9, "handle": "hoodie", "title": "Hoodie", "createdAt": "2024-01-01", "updatedAt": "2024-01-01",
           "options": [{"name": "Size", "values": ["S", "M", "L"]}, {"name": "Colour", "values": ["Red", "Blue"]},
                       {"name": "Fabric", "values": ["Cotton", "Wool"]}],
           "variants": [
             {"options": ["S", "Red", "Cotton"], "price": "50.00", "inventory": 3},
             {"options": ["S", "Blue", "Cotton"], "price": "50.00", "inventory": 0},
             {"options": ["S", "Blue", "Wool"], "price": "60.00", "inventory": 2},
             {"options": ["M", "Red", "Cotton"], "price": "50.00"},
             {"options": ["M", "Red", "Wool"], "price": "60.00", "available": false},
             {"options": ["L", "Blue", "Wool"], "price": "60.00", "inventory": 1},
             {"options": ["L", "Red", "Wool"], "price": "60.00", "inventory": 4}]}]}
        """

    static let query = """
        query($handle: String!, $country: CountryCode) @inContext(country: $country) {
          product(handle: $handle) {
            encodedVariantExistence encodedVariantAvailability
            options { name optionValues { name } }
            variants(first: 50) { nodes { availableForSale selectedOptions { name value } } }
          }
        }
        """

    /// What the answer's own options and variants say the two strings must hold.
    func check(_ product: [String: Any]) throws -> (existence: Set<[Int]>, availability: Set<[Int]>) {
        let options = try #require(product["options"] as? [[String: Any]])
        let values = options.map { ($0["optionValues"] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "" } }
        let variants = try #require((product["variants"] as? [String: Any])?["nodes"] as? [[String: Any]])
        var all: Set<[Int]> = [], available: Set<[Int]> = []
        for variant in variants {
            let selected = try #require(variant["selectedOptions"] as? [[String: String]])
            let combination = try options.indices.map { k in
                try #require(values[k].firstIndex(of: selected[k]["value"] ?? ""))
            }
            // A product without options has nothing to encode.
            guard !combination.isEmpty else { continue }
            all.insert(combination)
            if variant["availableForSale"] as? Bool == true { available.insert(combination) }
        }
        let existence = try Self.decode(try #require(product["encodedVariantExistence"] as? String))
        let availability = try Self.decode(try #require(product["encodedVariantAvailability"] as? String))
        #expect(existence == all)
        #expect(availability == available)
        return (existence, availability)
    }

    @Test func threeOptionsAMissingCombinationAndSoldOutVariants() async throws {
        let catalog = try CatalogLoader.load(data: Data(Self.catalog.utf8))
        try await withServer(catalog: catalog) { server async throws in
            let json = try await server.answer(Self.query, ["handle": "hoodie"])
            #expect(json["errors"] == nil, "\(json["errors"] ?? "")")
            let product = try #require((json["data"] as? [String: Any])?["product"] as? [String: Any])
            #expect(product["encodedVariantExistence"] as? String == "v1_0:0:0,1:0-1,,1:0:0-1,,2:0:1,1:1,,")
            #expect(product["encodedVariantAvailability"] as? String == "v1_0:0:0,1:1,,1:0:0,,2:0:1,1:1,,")
            let (existence, availability) = try check(product)
            #expect(existence.count == 7 && !existence.contains([1, 1, 0]) && !existence.contains([1, 1, 1]))
            #expect(!availability.contains([0, 1, 0]), "sold out")
            #expect(!availability.contains([1, 0, 1]), "off sale")
        }
    }

    @Test func everyBundledProductAndAvailabilityFollowsTheMarket() async throws {
        try await withServer { server async throws in
            let products = try await server.embedded.products(.first(250), query: nil, sortKey: .id, reverse: false).nodes
            for product in products {
                let json = try await server.answer(Self.query, ["handle": product.handle])
                let answered = try #require((json["data"] as? [String: Any])?["product"] as? [String: Any], "\(product.handle)")
                let (existence, _) = try check(answered)
                #expect(existence.count == (product.options.isEmpty ? 0 : product.variants.count), "\(product.handle)")
            }
            let home = try await server.answer(Self.query, ["handle": "tetsubin-cast-iron-teapot", "country": "NL"])
            let japan = try await server.answer(Self.query, ["handle": "tetsubin-cast-iron-teapot", "country": "JP"])
            let atHome = try #require((home["data"] as? [String: Any])?["product"] as? [String: Any])
            #expect(try check(atHome).availability.isEmpty == false)
            // Not sold in Japan: the market leaves the product out.
            #expect((japan["data"] as? [String: Any])?["product"] is NSNull)
        }
    }
}
