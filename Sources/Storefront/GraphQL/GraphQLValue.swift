import Foundation

/// A GraphQL variable value, encoded as JSON. Variables are built from these rather than from the
/// models' own Codable forms because the API's input types differ from them in places
/// (`AttributeInput.value` is required, a buyer identity input has no `customerAccessToken` echo).
public enum GraphQLValue: Hashable, Sendable, Encodable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case list([GraphQLValue])
    case object([String: GraphQLValue])

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .list(let values): try container.encode(values)
        case .object(let fields): try container.encode(fields)
        }
    }

    /// `.string` or `.null`.
    public static func optional(_ text: String?) -> GraphQLValue { text.map(GraphQLValue.string) ?? .null }
    /// `.int` or `.null`.
    public static func optional(_ number: Int?) -> GraphQLValue { number.map(GraphQLValue.int) ?? .null }

    /// The value as canonical JSON (sorted keys): the same variables always give the same bytes,
    /// which is what the cache key needs.
    public var canonicalJSON: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a tree of strings, numbers and booleans cannot fail.
        return (try? encoder.encode(self)) ?? Data("null".utf8)
    }
}

extension GraphQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: GraphQLValue...) { self = .list(elements) }
    public init(dictionaryLiteral elements: (String, GraphQLValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}
