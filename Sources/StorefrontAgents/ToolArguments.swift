import Foundation
import MCP

/// A tool call the shop refuses: the message goes back to the agent as a tool error (`isError`),
/// so it can correct the call. Never a crash, never a JSON-RPC failure of the whole request.
public struct ToolFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: String
    public var message: String

    public init(_ code: String, _ message: String) { self.code = code; self.message = message }

    public static func invalid(_ message: String) -> ToolFailure { ToolFailure("invalid_input", message) }

    /// The shop's client does not take this change (a Storefront API client without the mutation).
    static let notTaken = "not_taken"

    public var description: String { message }
}

/// The arguments of one tool call, read with their types and bounds checked: a wrong type, a
/// missing field or a value out of bounds names the field and what it takes.
public struct ToolArguments: Sendable {
    /// Longest text any argument may hold (a note is the longest the shop keeps).
    public static let maximumTextLength = 5_000
    /// Most elements any list argument may hold.
    public static let maximumListLength = 250
    /// Deepest nesting of objects and lists in the arguments.
    public static let maximumDepth = 8

    let values: [String: Value]
    /// Where these arguments sit in the call (`cart.line_items[2]`), for messages.
    let path: String

    public init(_ values: [String: Value]?, path: String = "") throws(ToolFailure) {
        self.values = values ?? [:]
        self.path = path
        if path.isEmpty { try Self.checkDepth(.object(self.values), depth: 0) }
    }

    private static func checkDepth(_ value: Value, depth: Int) throws(ToolFailure) {
        guard depth <= maximumDepth else { throw .invalid("The arguments are nested more than \(maximumDepth) deep.") }
        switch value {
        case .array(let items):
            guard items.count <= maximumListLength * 4 else { throw .invalid("A list in the arguments has more than \(maximumListLength * 4) elements.") }
            for item in items { try checkDepth(item, depth: depth + 1) }
        case .object(let fields):
            guard fields.count <= maximumListLength else { throw .invalid("An object in the arguments has more than \(maximumListLength) fields.") }
            for (_, field) in fields { try checkDepth(field, depth: depth + 1) }
        case .string(let text):
            guard text.utf8.count <= maximumTextLength * 4 else { throw .invalid("A text in the arguments is longer than \(maximumTextLength * 4) bytes.") }
        default: break
        }
    }

    func name(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    func has(_ key: String) -> Bool {
        guard let value = values[key] else { return false }
        return !value.isNull
    }

    /// A text argument, at most `maxLength` characters; nil when absent or null.
    func string(_ key: String, maxLength: Int = maximumTextLength) throws(ToolFailure) -> String? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let text = value.stringValue else { throw .invalid("\(name(key)) must be a string.") }
        guard text.count <= maxLength else { throw .invalid("\(name(key)) is longer than \(maxLength) characters.") }
        return text
    }

    func requiredString(_ key: String, maxLength: Int = maximumTextLength) throws(ToolFailure) -> String {
        guard let text = try string(key, maxLength: maxLength) else { throw .invalid("\(name(key)) is required.") }
        guard !text.isEmpty else { throw .invalid("\(name(key)) must not be empty.") }
        return text
    }

    /// A whole number in `range`; nil when absent. A JSON number with no fraction (`2.0`) counts.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(ToolFailure) -> Int? {
        guard let value = values[key], !value.isNull else { return nil }
        let number: Int
        if let int = value.intValue {
            number = int
        } else if let double = value.doubleValue, double.rounded() == double, abs(double) < 1e15 {
            number = Int(double)
        } else {
            throw .invalid("\(name(key)) must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        guard range.contains(number) else {
            throw .invalid("\(name(key)) must be from \(range.lowerBound) to \(range.upperBound); it is \(number).")
        }
        return number
    }

    func requiredInteger(_ key: String, in range: ClosedRange<Int>) throws(ToolFailure) -> Int {
        guard let number = try integer(key, in: range) else { throw .invalid("\(name(key)) is required.") }
        return number
    }

    func object(_ key: String) throws(ToolFailure) -> ToolArguments? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let fields = value.objectValue else { throw .invalid("\(name(key)) must be an object.") }
        return try ToolArguments(fields, path: name(key))
    }

    func requiredObject(_ key: String) throws(ToolFailure) -> ToolArguments {
        guard let object = try object(key) else { throw .invalid("\(name(key)) is required.") }
        return object
    }

    /// A list of objects, at most `maxCount` long; nil when absent.
    func objects(_ key: String, maxCount: Int = maximumListLength) throws(ToolFailure) -> [ToolArguments]? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let items = value.arrayValue else { throw .invalid("\(name(key)) must be a list.") }
        guard items.count <= maxCount else { throw .invalid("\(name(key)) has more than \(maxCount) elements.") }
        var result: [ToolArguments] = []
        for (index, item) in items.enumerated() {
            guard let fields = item.objectValue else { throw .invalid("\(name(key))[\(index)] must be an object.") }
            result.append(try ToolArguments(fields, path: "\(name(key))[\(index)]"))
        }
        return result
    }

    /// A list of texts, at most `maxCount` long, each at most `maxLength`; nil when absent.
    func strings(_ key: String, maxCount: Int = maximumListLength, maxLength: Int = 255) throws(ToolFailure) -> [String]? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let items = value.arrayValue else { throw .invalid("\(name(key)) must be a list of strings.") }
        guard items.count <= maxCount else { throw .invalid("\(name(key)) has more than \(maxCount) elements.") }
        var result: [String] = []
        for (index, item) in items.enumerated() {
            guard let text = item.stringValue else { throw .invalid("\(name(key))[\(index)] must be a string.") }
            guard text.count <= maxLength else { throw .invalid("\(name(key))[\(index)] is longer than \(maxLength) characters.") }
            result.append(text)
        }
        return result
    }

    /// An object of text values (`{"Size": "250 g"}`); nil when absent.
    func stringMap(_ key: String, maxCount: Int = 16, maxLength: Int = 255) throws(ToolFailure) -> [String: String]? {
        guard let value = values[key], !value.isNull else { return nil }
        guard let fields = value.objectValue else { throw .invalid("\(name(key)) must be an object of strings.") }
        guard fields.count <= maxCount else { throw .invalid("\(name(key)) has more than \(maxCount) fields.") }
        var result: [String: String] = [:]
        for (field, item) in fields {
            guard let text = item.stringValue, text.count <= maxLength, field.count <= maxLength else {
                throw .invalid("\(name(key)).\(String(field.prefix(40))) must be a string of at most \(maxLength) characters.")
            }
            result[field] = text
        }
        return result
    }
}
