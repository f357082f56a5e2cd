import Foundation
import StorefrontModels

/// Reads the catalog's `metafields` section: custom fields of products and their variants, in
/// the types of the Storefront API's metafield definitions.
///
/// ```json
/// "metafields": [
///   { "product": "house-espresso-blend", "namespace": "custom", "key": "origin",
///     "type": "single_line_text_field", "value": "Brazil and Colombia", "description": "Where the beans grow" },
///   { "product": "house-espresso-blend", "variant": "1 kg / Whole bean", "namespace": "custom",
///     "key": "cups", "type": "number_integer", "value": "120" } ]
/// ```
/// A variant is named by its title. Each metafield's id is its place in the list
/// (`gid://shopify/Metafield/1` for the first); its dates are its product's.
enum CatalogMetafields {
    private struct Entry: Decodable {
        var product: String
        var variant: String?
        var namespace: String
        var key: String
        var type: String
        var value: String
        var description: String?
    }

    private struct File: Decodable { var metafields: [Entry]? }

    /// The types whose values are checked as they are read; the text types take any text.
    static let types: Set<String> = [
        "single_line_text_field", "multi_line_text_field", "rich_text_field", "number_integer", "number_decimal",
        "boolean", "json", "date", "date_time", "url", "color", "rating", "weight", "volume", "dimension", "money",
    ]

    /// Each product's and variant's metafields, by its id.
    static func read(_ data: Data, products: [Product], file: String) throws -> [String: [Metafield]] {
        // Most catalogs have none: only a file that names the section is read a second time.
        guard data.range(of: Data(#""metafields""#.utf8)) != nil else { return [:] }
        let entries: [Entry]
        do {
            guard let read = try JSONDecoder().decode(File.self, from: data).metafields else { return [:] }
            entries = read
        } catch let DecodingError.keyNotFound(key, context) {
            throw fail(file, "\"\(key.stringValue)\" is missing", at: CatalogLoader.path(context.codingPath))
        } catch let DecodingError.typeMismatch(_, context) {
            throw fail(file, "has the wrong type", at: CatalogLoader.path(context.codingPath))
        } catch {
            throw fail(file, "cannot be read", at: "metafields")
        }
        let byHandle = Dictionary(products.map { ($0.handle, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [String: [Metafield]] = [:]
        for (i, entry) in entries.enumerated() {
            let at = "metafields[\(i)]"
            guard let product = byHandle[entry.product] else {
                throw fail(file, "no product \"\(TextSanitizer.cleanLine(entry.product))\"", at: at + ".product")
            }
            var ownerId = product.id
            if let title = entry.variant {
                guard let variant = product.variants.first(where: { $0.title == title }) else {
                    throw fail(file, "\"\(entry.product)\" has no variant \"\(TextSanitizer.cleanLine(title))\"", at: at + ".variant")
                }
                ownerId = variant.id
            }
            try check(name: entry.namespace, between: 2...255, file, at + ".namespace")
            try check(name: entry.key, between: 1...64, file, at + ".key")
            if result[ownerId, default: []].contains(where: { $0.namespace == entry.namespace && $0.key == entry.key }) {
                throw fail(file, "\(entry.namespace).\(entry.key) is given twice for the same owner", at: at + ".key")
            }
            guard types.contains(entry.type) else {
                throw fail(file, "\"\(TextSanitizer.cleanLine(entry.type))\" is not a metafield type such as \"single_line_text_field\"",
                           at: at + ".type")
            }
            if let problem = problem(value: entry.value, type: entry.type) {
                throw fail(file, "\"\(TextSanitizer.cleanLine(entry.value))\" is not \(problem)", at: at + ".value")
            }
            let value = entry.type == "single_line_text_field" ? PlainText.cleanLine(entry.value)
                : entry.type == "multi_line_text_field" ? PlainText.clean(entry.value) : entry.value
            result[ownerId, default: []].append(Metafield(
                id: "gid://shopify/Metafield/\(i + 1)", ownerId: ownerId, namespace: entry.namespace, key: entry.key, value: value,
                type: entry.type, description: entry.description.map(PlainText.cleanLine),
                createdAt: product.createdAt, updatedAt: product.updatedAt))
        }
        return result
    }

    /// Namespaces and keys: letters, digits, "-" and "_", as the API allows.
    private static func check(name: String, between lengths: ClosedRange<Int>, _ file: String, _ at: String) throws {
        let allowed = name.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_") }
        guard allowed, lengths.contains(name.count) else {
            throw fail(file, "\"\(TextSanitizer.cleanLine(name))\" is not \(lengths.lowerBound)–\(lengths.upperBound) letters, digits, \"-\" or \"_\"", at: at)
        }
    }

    /// What the value should have been, when it is not a value of its type.
    private static func problem(value: String, type: String) -> String? {
        switch type {
        case "number_integer": return Int(value) == nil ? "a whole number such as \"12\"" : nil
        case "number_decimal": return Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) == nil || Double(value) == nil
            ? "a decimal number such as \"1.5\"" : nil
        case "boolean": return value == "true" || value == "false" ? nil : "\"true\" or \"false\""
        case "json", "rich_text_field", "rating", "weight", "volume", "dimension", "money":
            return (try? JSONSerialization.jsonObject(with: Data(value.utf8), options: [.fragmentsAllowed])) == nil ? "JSON" : nil
        case "date":
            return (try? Date.ISO8601FormatStyle().year().month().day().parse(value)) == nil ? "a date such as \"2026-04-01\"" : nil
        case "date_time":
            return (try? Date.ISO8601FormatStyle().parse(value)) == nil ? "a date and time such as \"2026-04-01T09:00:00Z\"" : nil
        case "url":
            return URL(string: value).flatMap(\.scheme).map { ["http", "https", "mailto", "sms", "tel"].contains($0) } == true
                ? nil : "an http(s), mailto, sms or tel URL"
        case "color":
            let hex = value.dropFirst()
            return value.first == "#" && hex.count == 6 && hex.allSatisfy(\.isHexDigit) ? nil : "a colour such as \"#1a2b3c\""
        default: return nil
        }
    }

    private static func fail(_ file: String, _ message: String, at path: String) -> StorefrontError {
        .catalog(CatalogError(file: file, message: message, location: path))
    }
}
