import Foundation
import GraphQL
import StorefrontServer

/// Holds a response's `data` against the operation that asked for it and the schema that answered
/// it: every selected field is there under its alias and nothing else, null only where the field's
/// type is nullable, a list where the type is a list, scalars of the right JSON kind, enum values of
/// the enum, `__typename` one of the possible types; fragments apply where their type condition
/// does, `@include`/`@skip` as the variables say, `@defer` parts answered inline.
struct ResponseShape {
    let schema: IntrospectedSchema

    /// What is wrong with `data` (empty when nothing is), each with its path.
    func problems(_ data: Any, document: String, operationName: String? = nil, variables: [String: Any] = [:]) throws -> [String] {
        let parsed = try parse(source: Source(body: document, name: "operation"))
        let operations = parsed.definitions.compactMap { $0 as? OperationDefinition }
        guard let operation = operationName.flatMap({ name in operations.first { $0.name?.value == name } }) ?? operations.first else {
            return ["the document has no operation"]
        }
        let fragments = Dictionary(parsed.definitions.compactMap { $0 as? FragmentDefinition }.map { ($0.name.value, $0) }) { $1 }
        let root = operation.operation == .mutation ? schema.mutationType : schema.queryType
        guard let root, let object = data as? [String: Any] else { return ["data is not an object"] }
        var walk = Walk(schema: schema, fragments: fragments, variables: variables)
        walk.object(object, type: root, selections: [operation.selectionSet], path: "data")
        return walk.problems
    }

    private struct Walk {
        let schema: IntrospectedSchema
        let fragments: [String: FragmentDefinition]
        let variables: [String: Any]
        var problems: [String] = []

        mutating func object(_ object: [String: Any], type: String, selections: [SelectionSet], path: String) {
            guard let definition = schema.types[type] else { return problems.append("\(path): \(type) is not in the schema") }
            guard definition.kind != "OBJECT" else { return fields(of: object, runtime: type, selections: selections, path: path) }
            // An abstract type's runtime type is what __typename says, else a possible type whose
            // selected fields are exactly the keys answered and whose types fit.
            var candidates = definition.possibleTypes
            if let named = typename(object, selections) {
                guard candidates.contains(named) else {
                    return problems.append("\(path).__typename: \(named) is not one of \(type)'s possible types")
                }
                candidates = [named]
            } else {
                candidates = candidates.filter { Set(fields(selections, on: $0).map(\.key)) == Set(object.keys) }
            }
            var first: [String]?
            for candidate in candidates {
                var attempt = Walk(schema: schema, fragments: fragments, variables: variables)
                attempt.fields(of: object, runtime: candidate, selections: selections, path: path)
                if attempt.problems.isEmpty { return }
                first = first ?? attempt.problems
            }
            problems += first ?? ["\(path): keys \(object.keys.sorted()) fit none of \(type)'s possible types"]
        }

        mutating func fields(of object: [String: Any], runtime: String, selections: [SelectionSet], path: String) {
            let selected = fields(selections, on: runtime)
            let keys = Set(selected.map(\.key))
            for key in object.keys.sorted() where !keys.contains(key) { problems.append("\(path).\(key): answered but not selected") }
            for (key, nodes) in selected {
                let name = nodes[0].name.value
                guard let value = object[key] else {
                    problems.append("\(path).\(key): selected but missing")
                    continue
                }
                if name == "__typename" {
                    if value as? String != runtime { problems.append("\(path).\(key): \(value) where the type is \(runtime)") }
                    continue
                }
                guard let field = schema.types[runtime]?.field(name) else {
                    problems.append("\(path).\(key): \(runtime) has no field \(name)")
                    continue
                }
                check(value, field.type, selections: nodes.compactMap(\.selectionSet), path: "\(path).\(key)")
            }
        }

        mutating func check(_ value: Any, _ type: IntrospectedSchema.TypeReference, selections: [SelectionSet], path: String) {
            switch type {
            case .nonNull(let inner):
                if value is NSNull { return problems.append("\(path): null where the type is \(type)") }
                check(value, inner, selections: selections, path: path)
            case .list(let inner):
                if value is NSNull { return }
                guard let items = value as? [Any] else { return problems.append("\(path): not a list where the type is \(type)") }
                for (index, item) in items.enumerated() { check(item, inner, selections: selections, path: "\(path)[\(index)]") }
            case .named(let name):
                if value is NSNull { return }
                guard let definition = schema.types[name] else { return problems.append("\(path): \(name) is not in the schema") }
                switch definition.kind {
                case "OBJECT", "INTERFACE", "UNION":
                    guard let object = value as? [String: Any] else { return problems.append("\(path): not an object where the type is \(name)") }
                    self.object(object, type: name, selections: selections, path: path)
                case "ENUM":
                    guard let text = value as? String, definition.enumValues.contains(text) else {
                        return problems.append("\(path): \(value) is not a value of \(name)")
                    }
                default:
                    if let problem = Self.scalarProblem(value, name) { problems.append("\(path): \(problem)") }
                }
            }
        }

        /// JSON kinds: Boolean a boolean, Int an integral number, Float a number, JSON anything,
        /// every other scalar (ID, String, URL, Decimal, DateTime, HTML, Color, codes) a string.
        static func scalarProblem(_ value: Any, _ name: String) -> String? {
            let number = value as? NSNumber
            let isBoolean = number.map { String(cString: $0.objCType) == "c" } ?? false
            let fits: Bool = switch name {
            case "Boolean": isBoolean
            case "Int": number.map { !isBoolean && $0.doubleValue.rounded() == $0.doubleValue } ?? false
            case "Float": number != nil && !isBoolean
            case "JSON": true
            default: value is String
            }
            return fits ? nil : "\(value) does not fit \(name)"
        }

        /// The fields selected on an object of `type`, by response key, with every node selecting it.
        func fields(_ selections: [SelectionSet], on type: String) -> [(key: String, nodes: [GraphQL.Field])] {
            var order: [String] = [], nodes: [String: [GraphQL.Field]] = [:]
            func collect(_ set: SelectionSet) {
                for selection in set.selections {
                    switch selection {
                    case let field as GraphQL.Field:
                        guard included(field.directives) else { continue }
                        let key = field.alias?.value ?? field.name.value
                        if nodes[key] == nil { order.append(key) }
                        nodes[key, default: []].append(field)
                    case let inline as InlineFragment:
                        if included(inline.directives), applies(inline.typeCondition?.name.value, to: type) { collect(inline.selectionSet) }
                    case let spread as FragmentSpread:
                        if included(spread.directives), let fragment = fragments[spread.name.value],
                           applies(fragment.typeCondition.name.value, to: type) {
                            collect(fragment.selectionSet)
                        }
                    default: break
                    }
                }
            }
            selections.forEach(collect)
            return order.map { ($0, nodes[$0] ?? []) }
        }

        private func typename(_ object: [String: Any], _ selections: [SelectionSet]) -> String? {
            // Only fragments without a type condition can select __typename before the type is known.
            for set in selections {
                for case let field as GraphQL.Field in set.selections where field.name.value == "__typename" {
                    return object[field.alias?.value ?? "__typename"] as? String
                }
            }
            return object["__typename"] as? String
        }

        private func applies(_ condition: String?, to type: String) -> Bool {
            guard let condition, condition != type else { return true }
            return schema.types[condition]?.possibleTypes.contains(type) ?? false
        }

        /// `@skip(if:)` and `@include(if:)`, literal or from a variable.
        private func included(_ directives: [Directive]) -> Bool {
            for directive in directives where ["skip", "include"].contains(directive.name.value) {
                guard let argument = directive.arguments.first(where: { $0.name.value == "if" }) else { continue }
                let flag: Bool? = switch argument.value {
                case let literal as BooleanValue: literal.value
                case let variable as Variable: (variables[variable.name.value] as? NSNumber)?.boolValue
                default: nil
                }
                if directive.name.value == "skip" && flag == true || directive.name.value == "include" && flag == false { return false }
            }
            return true
        }
    }
}

/// The schema a server answers its own introspection with, asked once per run: every test's
/// server serves the same schema.
actor IntrospectionCache {
    static let shared = IntrospectionCache()
    private var schema: IntrospectedSchema?

    func schema(_ fetch: () async throws -> Data) async throws -> IntrospectedSchema {
        if let schema { return schema }
        let fetched = try IntrospectedSchema(json: try await fetch())
        schema = fetched
        return fetched
    }
}
