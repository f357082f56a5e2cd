import Foundation

/// A GraphQL schema as an introspection query answers it: the types with their fields, arguments,
/// input fields, enum values, interfaces and possible types. Read from `serve` itself or from a
/// published introspection result, so both sides of a comparison are read the same way.
public struct IntrospectedSchema: Sendable {
    public var queryType: String
    public var mutationType: String?
    public var types: [String: TypeDefinition]

    public struct TypeDefinition: Sendable {
        public var kind: String
        public var name: String
        public var fields: [Field]
        public var inputFields: [InputValue]
        public var enumValues: [String]
        public var interfaces: [String]
        public var possibleTypes: [String]

        public func field(_ name: String) -> Field? { fields.first { $0.name == name } }
    }

    public struct Field: Sendable {
        public var name: String
        public var type: TypeReference
        public var arguments: [InputValue]
    }

    public struct InputValue: Sendable {
        public var name: String
        public var type: TypeReference
        /// As GraphQL literal text ("false", "POSITION"), when the schema gives one.
        public var defaultValue: String?
    }

    /// A type as a field or argument wears it: a named type inside list and non-null wrappers.
    public indirect enum TypeReference: Sendable, Equatable, CustomStringConvertible {
        case named(String)
        case list(TypeReference)
        case nonNull(TypeReference)

        public var namedType: String {
            switch self {
            case .named(let name): name
            case .list(let inner), .nonNull(let inner): inner.namedType
            }
        }

        public var description: String {
            switch self {
            case .named(let name): name
            case .list(let inner): "[\(inner)]"
            case .nonNull(let inner): "\(inner)!"
            }
        }
    }

    public enum ReadError: Error, CustomStringConvertible {
        case notAnIntrospectionResult(String)
        public var description: String {
            switch self { case .notAnIntrospectionResult(let why): "not an introspection result: \(why)" }
        }
    }

    /// Reads `{"__schema": …}`, or a whole response `{"data": {"__schema": …}}`.
    public init(json: Data) throws {
        guard let root = try JSONSerialization.jsonObject(with: json) as? [String: Any] else {
            throw ReadError.notAnIntrospectionResult("the JSON is not an object")
        }
        let data = root["data"] as? [String: Any] ?? root
        guard let schema = data["__schema"] as? [String: Any] else { throw ReadError.notAnIntrospectionResult("no __schema") }
        guard let query = (schema["queryType"] as? [String: Any])?["name"] as? String else {
            throw ReadError.notAnIntrospectionResult("no queryType")
        }
        guard let types = schema["types"] as? [[String: Any]] else { throw ReadError.notAnIntrospectionResult("no types") }
        queryType = query
        mutationType = (schema["mutationType"] as? [String: Any])?["name"] as? String
        self.types = [:]
        for type in types {
            let definition = try Self.typeDefinition(type)
            self.types[definition.name] = definition
        }
    }

    /// The object, interface, union and input types (the language's own `__` types left out).
    public var definedTypes: [TypeDefinition] {
        types.values.filter { !$0.name.hasPrefix("__") }.sorted { $0.name < $1.name }
    }

    private static func typeDefinition(_ type: [String: Any]) throws -> TypeDefinition {
        guard let name = type["name"] as? String, let kind = type["kind"] as? String else {
            throw ReadError.notAnIntrospectionResult("a type without a name or kind")
        }
        let fields = try (type["fields"] as? [[String: Any]] ?? []).map { field in
            Field(name: try string(field["name"], in: name), type: try reference(field["type"], in: name),
                  arguments: try inputValues(field["args"], in: name))
        }
        return TypeDefinition(kind: kind, name: name, fields: fields, inputFields: try inputValues(type["inputFields"], in: name),
                              enumValues: (type["enumValues"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String },
                              interfaces: (type["interfaces"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String },
                              possibleTypes: (type["possibleTypes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
    }

    private static func inputValues(_ value: Any?, in type: String) throws -> [InputValue] {
        try (value as? [[String: Any]] ?? []).map { input in
            InputValue(name: try string(input["name"], in: type), type: try reference(input["type"], in: type),
                       defaultValue: input["defaultValue"] as? String)
        }
    }

    private static func reference(_ value: Any?, in type: String) throws -> TypeReference {
        guard let value = value as? [String: Any], let kind = value["kind"] as? String else {
            throw ReadError.notAnIntrospectionResult("a type reference in \(type) without a kind")
        }
        switch kind {
        case "NON_NULL": return .nonNull(try reference(value["ofType"], in: type))
        case "LIST": return .list(try reference(value["ofType"], in: type))
        default: return .named(try string(value["name"], in: type))
        }
    }

    private static func string(_ value: Any?, in type: String) throws -> String {
        guard let string = value as? String else { throw ReadError.notAnIntrospectionResult("a name missing in \(type)") }
        return string
    }

    /// The introspection query both sides are read with (type references seven wrappers deep, as
    /// GraphQL's reference implementation asks).
    public static let query = """
        query IntrospectionQuery {
          __schema {
            queryType { name } mutationType { name }
            types {
              kind name
              fields(includeDeprecated: true) { name args { ...InputValue } type { ...TypeRef } }
              inputFields { ...InputValue }
              interfaces { name }
              enumValues(includeDeprecated: true) { name }
              possibleTypes { name }
            }
          }
        }
        fragment InputValue on __InputValue { name type { ...TypeRef } defaultValue }
        fragment TypeRef on __Type {
          kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } } } }
        }
        """
}
