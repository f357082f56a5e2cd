import Storefront

/// Reads optional fields out of page-supplied JSON, tolerating what is missing and writing down
/// what is malformed. Missing and `null` are fine; a value of the wrong type is an issue (and reads
/// as absent). Every string is sanitised here, where page text enters the models.
struct JSONFieldReader {
    private(set) var issues: [String] = []

    mutating func note(_ path: String, _ problem: String) { issues.append("\(path): \(problem)") }

    /// The member `key` of `object`, nil when missing or null.
    func member(_ object: JSONValue?, _ key: String) -> JSONValue? {
        guard let value = object?[key], !value.isNull else { return nil }
        return value
    }

    mutating func string(_ object: JSONValue?, _ key: String, at path: String) -> String? {
        guard let value = member(object, key) else { return nil }
        if let s = value.stringValue { return TextSanitizer.cleanLine(s) }
        note("\(path).\(key)", "expected a string")
        return nil
    }

    /// A string or a number, as text (amounts and ids arrive both ways).
    mutating func text(_ object: JSONValue?, _ key: String, at path: String) -> String? {
        guard let value = member(object, key) else { return nil }
        if let s = value.stringValue { return TextSanitizer.cleanLine(s) }
        if let n = value.numberLiteral { return n }
        note("\(path).\(key)", "expected a string or a number")
        return nil
    }

    mutating func int(_ object: JSONValue?, _ key: String, at path: String) -> Int? {
        guard let value = member(object, key) else { return nil }
        if let literal = value.numberLiteral, let n = Int(literal) { return n }
        note("\(path).\(key)", "expected an integer")
        return nil
    }

    mutating func object(_ object: JSONValue?, _ key: String, at path: String) -> JSONValue? {
        guard let value = member(object, key) else { return nil }
        if value.objectMembers != nil { return value }
        note("\(path).\(key)", "expected an object")
        return nil
    }

    mutating func array(_ object: JSONValue?, _ key: String, at path: String) -> [JSONValue] {
        guard let value = member(object, key) else { return [] }
        if let elements = value.arrayValue { return elements }
        note("\(path).\(key)", "expected an array")
        return []
    }

    /// `{"amount": "5.15" | 5.15, "currencyCode": "USD"}`; the amount is read from its literal text,
    /// never through a binary floating-point number.
    mutating func money(_ object: JSONValue?, _ key: String, at path: String) -> Money? {
        guard let value = self.object(object, key, at: path) else { return nil }
        let here = "\(path).\(key)"
        guard let amount = text(value, "amount", at: here), let currency = string(value, "currencyCode", at: here) else {
            note(here, "needs amount and currencyCode")
            return nil
        }
        guard let money = Money(amount, currencyCode: currency) else {
            note("\(here).amount", "\"\(amount)\" is not a decimal amount")
            return nil
        }
        return money
    }
}
