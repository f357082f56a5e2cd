/// Any JSON value, kept as written: numbers keep their literal text (so large integers and long
/// decimals round-trip exactly) and objects keep their key order.
public indirect enum JSONValue: Hashable, Sendable {
    case null
    case bool(Bool)
    /// The number's literal text, e.g. "12345678901234567890" or "0.10".
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(1); hasher.combine(b)
        case .number(let n): hasher.combine(2); hasher.combine(n)
        case .string(let s): hasher.combine(3); hasher.combine(s)
        case .array(let a): hasher.combine(4); hasher.combine(a)
        case .object(let o):
            hasher.combine(5)
            for (k, v) in o { hasher.combine(k); hasher.combine(v) }
        }
    }

    /// The member named `key` of an object.
    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }

    public var stringValue: String? { if case .string(let s) = self { return s }; return nil }
    public var boolValue: Bool? { if case .bool(let b) = self { return b }; return nil }
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a }; return nil }
    public var isNull: Bool { if case .null = self { return true }; return false }
}
