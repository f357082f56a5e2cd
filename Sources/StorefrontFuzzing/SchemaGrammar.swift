import Foundation
import StorefrontServer

/// Documents generated from `serve`'s own schema, read by introspection: every field it has, with
/// arguments of the right types, lists nested in lists (connections inside connections, objects
/// that lead back to lists), and `first`/`last` often taken from variables with defaults that are
/// not sent. Valid documents are the ones that do real work, so this is where execution budgets
/// are tried; a share are broken on purpose (an unknown field, a wrong argument type).
public struct SchemaGrammar: Sendable {
    struct TypeRef: Sendable {
        var kind: String
        var name: String?
        var ofType: [TypeRef]

        /// The named type under NON_NULL and LIST wrappers.
        var named: String { name ?? ofType.first?.named ?? "" }
        var isNonNull: Bool { kind == "NON_NULL" }
        var isList: Bool { kind == "LIST" || (kind == "NON_NULL" && ofType.first?.isList == true) }
        /// The type as written in a variable definition.
        var written: String {
            switch kind {
            case "NON_NULL": return (ofType.first?.written ?? "String") + "!"
            case "LIST": return "[" + (ofType.first?.written ?? "String") + "]"
            default: return name ?? "String"
            }
        }
    }

    struct Argument: Sendable {
        var name: String
        var type: TypeRef
    }

    struct FieldDefinition: Sendable {
        var name: String
        var arguments: [Argument]
        var type: TypeRef
    }

    struct TypeDefinition: Sendable {
        var kind: String
        var fields: [FieldDefinition]
        var possibleTypes: [String]
        var enumValues: [String]
    }

    let types: [String: TypeDefinition]
    let queryType: String

    /// The introspection query the grammar is read from.
    public static let introspection = """
    { __schema { queryType { name } types { kind name fields { name args { name type { ...T } } type { ...T } }
      possibleTypes { name } enumValues { name } } } }
    fragment T on __Type { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }
    """

    /// Reads the grammar from the endpoint, as any client would introspect it.
    public static func introspecting(_ endpoint: GraphQLEndpoint) async throws -> SchemaGrammar {
        let body = try JSONSerialization.data(withJSONObject: ["query": introspection])
        let answer = await endpoint.handle(token: endpoint.accessToken, body: body)
        guard let object = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any],
              let schema = (object["data"] as? [String: Any])?["__schema"] as? [String: Any],
              let typeList = schema["types"] as? [[String: Any]],
              let query = (schema["queryType"] as? [String: Any])?["name"] as? String else {
            throw CocoaError(.coderReadCorrupt)
        }
        func ref(_ value: Any?) -> TypeRef {
            let object = value as? [String: Any] ?? [:]
            let inner = object["ofType"].flatMap { $0 is NSNull ? nil : $0 }
            return TypeRef(kind: object["kind"] as? String ?? "SCALAR", name: object["name"] as? String,
                           ofType: inner.map { [ref($0)] } ?? [])
        }
        var types: [String: TypeDefinition] = [:]
        for type in typeList {
            guard let name = type["name"] as? String else { continue }
            let fields = (type["fields"] as? [[String: Any]] ?? []).map { field in
                FieldDefinition(name: field["name"] as? String ?? "",
                                arguments: (field["args"] as? [[String: Any]] ?? []).map {
                                    Argument(name: $0["name"] as? String ?? "", type: ref($0["type"]))
                                },
                                type: ref(field["type"]))
            }
            types[name] = TypeDefinition(kind: type["kind"] as? String ?? "", fields: fields,
                                         possibleTypes: (type["possibleTypes"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String },
                                         enumValues: (type["enumValues"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        }
        return SchemaGrammar(types: types, queryType: query)
    }

    /// One request body: a query over the schema, its variables (some left to their defaults).
    public func request(_ random: inout FuzzRandom) -> String {
        var writer = Writer(grammar: self)
        writer.broken = random.chance(0.05)
        let selection = writer.selection(of: queryType, depth: 0, random: &random)
        let definitions = writer.variables.map { "$\($0.name): \($0.type)" + ($0.defaultValue.map { " = \($0)" } ?? "") }
        let header = definitions.isEmpty ? "query Fuzz" : "query Fuzz(\(definitions.joined(separator: ", ")))"
        var body: [String: Any] = ["query": header + " " + selection]
        if !writer.sent.isEmpty { body["variables"] = writer.sent }
        let data = (try? JSONSerialization.data(withJSONObject: body)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Builds one document, collecting the variables it declares.
    struct Writer {
        let grammar: SchemaGrammar
        var variables: [(name: String, type: String, defaultValue: String?)] = []
        var sent: [String: Any] = [:]
        /// One field in the document that the schema does not have (a validation error, on purpose).
        var broken = false
        static let maximumDepth = 9
        static let strings = ["house-espresso-blend", "tea", "a", "frontpage", "\u{FEFF}", "", "title:x OR tag:y", "journal", "about-us"]
        static let ids = ["gid://shopify/Product/8100", "gid://shopify/ProductVariant/8100002", "gid://shopify/Collection/1",
                          "gid://shopify/Page/1", "gid://shopify/Product/0"]

        mutating func selection(of typeName: String, depth: Int, random: inout FuzzRandom) -> String {
            guard let type = grammar.types[typeName] else { return "{ __typename }" }
            if type.kind == "UNION" || type.kind == "INTERFACE" {
                var parts = ["__typename"]
                if type.kind == "INTERFACE", depth < Self.maximumDepth, let field = pickField(type, random: &random) {
                    parts.append(write(field, depth: depth, random: &random))
                }
                for possible in type.possibleTypes.shuffled(using: &random).prefix(random.int(1...2)) where depth < Self.maximumDepth {
                    parts.append("... on \(possible) \(selection(of: possible, depth: depth + 1, random: &random))")
                }
                return "{ " + parts.joined(separator: " ") + " }"
            }
            var parts: [String] = []
            for _ in 0..<random.int(1...4) {
                guard let field = pickField(type, random: &random) else { break }
                let alias = random.chance(0.1) ? "a\(random.int(0...99)): " : ""
                parts.append(alias + write(field, depth: depth, random: &random))
            }
            if broken, depth == Self.maximumDepth / 2 || random.chance(0.1) {
                parts.append("notAField\(random.int(0...9))")
                broken = false
            }
            return "{ " + (parts.isEmpty ? "__typename" : parts.joined(separator: " ")) + " }"
        }

        /// A field, preferring those that lead further (objects and lists) while the depth allows.
        func pickField(_ type: TypeDefinition, random: inout FuzzRandom) -> FieldDefinition? {
            let usable = type.fields.filter { field in
                field.arguments.allSatisfy { !$0.type.isNonNull || Self.canWrite($0.type, in: grammar) }
            }
            guard !usable.isEmpty else { return nil }
            let leading = usable.filter { ["OBJECT", "INTERFACE", "UNION"].contains(grammar.types[$0.type.named]?.kind ?? "") }
            return random.chance(0.6) && !leading.isEmpty ? random.pick(leading) : random.pick(usable)
        }

        mutating func write(_ field: FieldDefinition, depth: Int, random: inout FuzzRandom) -> String {
            var arguments: [String] = []
            // A connection is paginated one way (`first`, sometimes `last`), as the API wants.
            let names = Set(field.arguments.map(\.name))
            let page = names.contains("first") ? (names.contains("last") && random.chance(0.2) ? "last" : "first") : nil
            for argument in field.arguments {
                let wanted: Bool
                switch argument.name {
                case "first", "last": wanted = argument.name == page
                case "after", "before": wanted = false   // cursors come from answers, not from here
                default: wanted = argument.type.isNonNull || random.chance(0.4)
                }
                guard wanted else { continue }
                guard let value = value(for: argument, random: &random) else { continue }
                arguments.append("\(argument.name): \(value)")
            }
            let written = field.name + (arguments.isEmpty ? "" : "(" + arguments.joined(separator: ", ") + ")")
            let kind = grammar.types[field.type.named]?.kind ?? "SCALAR"
            guard ["OBJECT", "INTERFACE", "UNION"].contains(kind) else { return written }
            guard depth < Self.maximumDepth else { return written + " { __typename }" }
            return written + " " + selection(of: field.type.named, depth: depth + 1, random: &random)
        }

        static func canWrite(_ type: TypeRef, in grammar: SchemaGrammar) -> Bool {
            let kind = grammar.types[type.named]?.kind ?? "SCALAR"
            return kind == "SCALAR" || kind == "ENUM"
        }

        /// A literal, or a variable (declared with a default that is often not sent).
        mutating func value(for argument: Argument, random: inout FuzzRandom) -> String? {
            let named = argument.type.named
            guard let kind = grammar.types[named]?.kind, kind == "SCALAR" || kind == "ENUM" else { return nil }
            let literal: String
            let json: Any
            switch (kind, named) {
            case ("ENUM", _):
                let value = random.pick(grammar.types[named]?.enumValues ?? ["A"])
                (literal, json) = (value, value)
            case (_, "Int"):
                let value = ["first", "last"].contains(argument.name)
                    ? random.pick([1, 5, 25, 100, 250, 250, 251, 0, -1]) : random.pick([0, 1, 10, 250, 2_147_483_647])
                (literal, json) = ("\(value)", value)
            case (_, "Boolean"):
                let value = random.chance(0.5)
                (literal, json) = ("\(value)", value)
            case (_, "Float"), (_, "Decimal"):
                (literal, json) = ("1.5", 1.5)
            case (_, "ID"):
                let value = random.pick(Self.ids)
                (literal, json) = (Self.quoted(value), value)
            default:
                let value = random.pick(Self.strings)
                (literal, json) = (Self.quoted(value), value)
            }
            let written = argument.type.isList ? "[\(literal)]" : literal
            guard random.chance(0.5) else { return written }
            let name = "v\(variables.count)"
            let type = argument.type.written
            // A default is the point: `$n: Int = 250` not sent must count as 250.
            if random.chance(0.7) {
                variables.append((name, type, written))
            } else {
                variables.append((name, type, nil))
                sent[name] = argument.type.isList ? [json] : json
            }
            return "$" + name
        }

        static func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04X", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }
}

extension FuzzTarget {
    /// Requests generated from `grammar`, checked as `graphql` checks them.
    public static func schemaGrammar(_ grammar: SchemaGrammar,
                                     handle: @escaping @Sendable (Data) async -> (status: Int, body: Data)?) -> FuzzTarget {
        var target = graphql(surface: .schema, handle: handle)
        target.generate = { random in grammar.request(&random) }
        return target
    }
}
