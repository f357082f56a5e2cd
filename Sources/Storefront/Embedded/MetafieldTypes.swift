import Foundation

/// The metafield types a cart takes and what a value of each must look like. The value is always
/// text; a `list.` type holds a JSON array of values of its base type.
enum MetafieldTypes {
    static let scalar: Set<String> = [
        "single_line_text_field", "multi_line_text_field", "number_integer", "number_decimal", "boolean",
        "json", "date", "date_time", "url", "color",
    ]
    /// Types that make sense as lists (a JSON document or a boolean does not).
    static let listable: Set<String> = ["single_line_text_field", "number_integer", "number_decimal", "date", "date_time", "url", "color"]

    static func isKnown(_ type: String) -> Bool {
        if type.hasPrefix("list.") { return listable.contains(String(type.dropFirst(5))) }
        return scalar.contains(type)
    }

    /// Why `value` is not a value of `type`, or nil when it is.
    static func problem(with value: String, of type: String) -> String? {
        if type.hasPrefix("list.") {
            let base = String(type.dropFirst(5))
            guard let data = value.data(using: .utf8), let items = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
                return "A \(type) value is a JSON array."
            }
            for item in items {
                let text = (item as? String) ?? (item as? NSNumber).map { "\($0)" }
                guard let text, problem(with: text, of: base) == nil else { return "Every item of a \(type) value must be a \(base)." }
            }
            return nil
        }
        switch type {
        case "single_line_text_field":
            return value.contains(where: \.isNewline) ? "A single_line_text_field value has no line breaks." : nil
        case "number_integer":
            return Int64(value) == nil ? "\"\(value)\" is not a whole number." : nil
        case "number_decimal":
            return value.wholeMatch(of: /-?[0-9]+(\.[0-9]+)?/) == nil ? "\"\(value)\" is not a decimal number such as 12.5." : nil
        case "boolean":
            return value == "true" || value == "false" ? nil : "A boolean value is true or false."
        case "json":
            guard let data = value.data(using: .utf8), (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) != nil else {
                return "The value is not valid JSON."
            }
            return nil
        case "date":
            return value.wholeMatch(of: /[0-9]{4}-[0-9]{2}-[0-9]{2}/) == nil ? "A date is written YYYY-MM-DD." : nil
        case "date_time":
            return ISO8601DateFormatter().date(from: value) == nil ? "A date_time is written as ISO 8601, e.g. 2026-04-01T12:00:00Z." : nil
        case "url":
            guard let scheme = URLComponents(string: value)?.scheme?.lowercased(), ["http", "https", "mailto", "sms", "tel"].contains(scheme) else {
                return "A url starts with http, https, mailto, sms or tel."
            }
            return nil
        case "color":
            return value.wholeMatch(of: /#[0-9A-Fa-f]{6}/) == nil ? "A color is written #RRGGBB." : nil
        default:
            return nil
        }
    }
}
