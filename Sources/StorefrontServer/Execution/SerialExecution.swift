import GraphQL
import Synchronization

/// Runs a parsed, validated operation against a served schema, field after field in one task,
/// answering exactly what the GraphQL library's `execute` answers for it: the same data in the same
/// order, the same errors with the same messages, paths and locations, nulls propagated to the
/// same nullable field, and the nulls of a nullable list element left out as the library leaves
/// them out (`NullListElements` puts them back). It walks the library's `Document` with the
/// library's types and calls the schema's own resolvers, charging the request's budget before and
/// after each as the schema's wrappers do.
///
/// The library completes every field and every list element in a child task of its own and looks
/// up each field's definition, arguments and sub-selections anew for every element of a list;
/// here the resolvers, which do their work without waiting, run one after another, and what
/// depends only on the document and the variables (arguments, `@skip`/`@include`, the fields an
/// object's selections collect) is worked out once per request.
///
/// `execute` answers nil when it leaves the request to the library: introspection (`__schema`,
/// `__type`), a document without exactly the operation asked for, a subscription, or variables or
/// arguments the library would refuse (its executor then answers with its own error). All of that
/// is decided before any resolver runs.
final class SerialExecution {
    private let schema: GraphQLSchema
    private let served: ServedFields
    private let fragments: [String: FragmentDefinition]
    private let variables: [String: Map]
    private let context: RequestContext
    /// `context` as the resolvers take it, boxed once.
    private let resolverContext: any Sendable
    private let info: GraphQLResolveInfo
    private let inputs: InputValues
    private var errors: [GraphQLError] = []
    /// Each field's arguments, by where the field is in the document and the object type it is read on.
    private var arguments: [FieldOnType: Map] = [:]
    /// Whether `@skip`/`@include` keep a selection, by where its directives are in the document.
    private var included: [Int: Bool] = [:]
    /// The fields an object type's selections collect, by type and selection sets.
    private var collected: [Collection: [FieldGroup]] = [:]
    /// Fields resolved since this operation last let other tasks run. The resolvers seldom
    /// suspend, so a large operation would otherwise hold one of the few threads of the task pool
    /// (two on two cores) until it ends, and other requests, and the timers that answer 408 to slow
    /// bodies, would wait for it.
    private var fieldsSinceYield = 0
    /// Told each time it lets them run (tests count them).
    private var onYield: (@Sendable () -> Void)?
    static let fieldsBetweenYields = 128

    private struct Unsupported: Error {}

    private struct FieldOnType: Hashable {
        let position: Int
        let type: ObjectIdentifier
    }

    private struct Collection: Hashable {
        let type: ObjectIdentifier
        let selectionSets: [ObjectIdentifier]
    }

    /// The fields of one response key, in document order.
    private struct FieldGroup {
        let key: String
        var fields: [Field]
    }

    private init(schema: GraphQLSchema, served: ServedFields, fragments: [String: FragmentDefinition], variables: [String: Map],
                 context: RequestContext, info: GraphQLResolveInfo) {
        self.schema = schema; self.served = served; self.fragments = fragments; self.variables = variables
        self.context = context; self.resolverContext = context; self.info = info; self.inputs = InputValues(schema: schema)
    }

    /// The operation's answer, or nil when the library's executor is to answer it.
    static func execute(schema: GraphQLSchema, document: Document, context: RequestContext, variables: [String: Map],
                        operationName: String?, onYield: (@Sendable () -> Void)? = nil) async -> GraphQLResult? {
        guard let served = ServedFields.of(schema), let info = await PlaceholderInfo.shared() else { return nil }
        var operations: [OperationDefinition] = []
        var fragments: [String: FragmentDefinition] = [:]
        for definition in document.definitions {
            switch definition {
            case let operation as OperationDefinition: operations.append(operation)
            case let fragment as FragmentDefinition: fragments[fragment.name.value] = fragment
            default: return nil
            }
        }
        let chosen = operationName.map { name in operations.last { $0.name?.value == name } } ?? (operations.count == 1 ? operations.first : nil)
        guard let operation = chosen else { return nil }
        let rootType: GraphQLObjectType?
        switch operation.operation {
        case .query: rootType = schema.queryType
        case .mutation: rootType = schema.mutationType
        case .subscription: rootType = nil
        }
        guard let rootType else { return nil }
        let execution: SerialExecution
        let groups: [FieldGroup]
        do {
            let inputs = InputValues(schema: schema)
            let coerced = try inputs.variables(operation.variableDefinitions, inputs: variables)
            execution = SerialExecution(schema: schema, served: served, fragments: fragments, variables: coerced, context: context, info: info)
            execution.onYield = onYield
            var prepared = Set<Collection>()
            try execution.prepare(operation.selectionSet, on: rootType, done: &prepared)
            groups = try execution.collect(rootType, [operation.selectionSet])
        } catch {
            return nil
        }
        do {
            let data = try await execution.execute(groups, on: rootType, source: StorefrontResolver(), path: [])
            return GraphQLResult(data: data, errors: execution.errors)
        } catch let error as GraphQLError {
            return GraphQLResult(errors: [error])
        } catch {
            return GraphQLResult(errors: [GraphQLError(error)])
        }
    }

    // MARK: Before anything runs

    /// Works out every argument and directive of the selections under `type` (for an abstract
    /// type, on each of its object types), so what the library would refuse is known before any
    /// resolver runs.
    private func prepare(_ selectionSet: SelectionSet, on type: GraphQLNamedType, done: inout Set<Collection>) throws {
        guard done.insert(Collection(type: ObjectIdentifier(type as AnyObject), selectionSets: [ObjectIdentifier(selectionSet)])).inserted else { return }
        let objects: [GraphQLObjectType]
        switch type {
        case let object as GraphQLObjectType: objects = [object]
        case let abstract as GraphQLAbstractType:
            guard abstract.resolveTypeIsDefault else { throw Unsupported() }
            objects = schema.getPossibleTypes(abstractType: abstract)
        default: throw Unsupported()
        }
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                _ = try includes(field.directives)
                let name = field.name.value
                if name == "__typename" { continue }
                for object in objects {
                    guard let served = served.field(name, of: object) else {
                        if name.hasPrefix("__") { throw Unsupported() }
                        continue
                    }
                    guard served.resolve != nil else { throw Unsupported() }
                    _ = try argumentValues(field, served, on: object)
                    if let inner = field.selectionSet, let named = Self.namedType(served.type) {
                        try prepare(inner, on: named, done: &done)
                    }
                }
            case let inline as InlineFragment:
                _ = try includes(inline.directives)
                let condition = inline.typeCondition.map { schema.getType(name: $0.name.value) } ?? type
                guard let condition else { throw Unsupported() }
                try prepare(inline.selectionSet, on: condition, done: &done)
            case let spread as FragmentSpread:
                _ = try includes(spread.directives)
                guard let fragment = fragments[spread.name.value] else { continue }
                guard let condition = schema.getType(name: fragment.typeCondition.name.value) else { throw Unsupported() }
                try prepare(fragment.selectionSet, on: condition, done: &done)
            default:
                throw Unsupported()
            }
        }
    }

    private static func namedType(_ type: GraphQLType) -> GraphQLNamedType? {
        switch type {
        case let nonNull as GraphQLNonNull: return namedType(nonNull.ofType)
        case let list as GraphQLList: return namedType(list.ofType)
        default: return type as? GraphQLNamedType
        }
    }

    /// A field's arguments on `object` (worked out once per request).
    private func argumentValues(_ field: Field, _ served: ServedField, on object: GraphQLObjectType) throws -> Map {
        guard let position = field.loc?.start else {
            return try inputs.arguments(served.arguments, given: field.arguments, variables: variables)
        }
        let key = FieldOnType(position: position, type: ObjectIdentifier(object))
        if let known = arguments[key] { return known }
        let values = try inputs.arguments(served.arguments, given: field.arguments, variables: variables)
        arguments[key] = values
        return values
    }

    private static let skip = GraphQLSkipDirective.args.map { InputValues.Definition(name: $0.name, type: $0.type, defaultValue: $0.defaultValue) }
    private static let include = GraphQLIncludeDirective.args.map { InputValues.Definition(name: $0.name, type: $0.type, defaultValue: $0.defaultValue) }

    /// Whether `@skip` and `@include` keep a selection with these directives.
    private func includes(_ directives: [Directive]) throws -> Bool {
        guard let first = directives.first else { return true }
        if let position = first.loc?.start, let known = included[position] { return known }
        var keep = true
        if let skip = directives.first(where: { $0.name.value == GraphQLSkipDirective.name }),
           try inputs.arguments(Self.skip, given: skip.arguments, variables: variables)["if"] == .bool(true) {
            keep = false
        }
        if keep, let include = directives.first(where: { $0.name.value == GraphQLIncludeDirective.name }),
           try inputs.arguments(Self.include, given: include.arguments, variables: variables)["if"] == .bool(false) {
            keep = false
        }
        if let position = first.loc?.start { included[position] = keep }
        return keep
    }

    // MARK: Collecting fields

    /// The fields the selection sets collect for an object of `type`, by response key in order.
    private func collect(_ type: GraphQLObjectType, _ selectionSets: [SelectionSet]) throws -> [FieldGroup] {
        let key = Collection(type: ObjectIdentifier(type), selectionSets: selectionSets.map(ObjectIdentifier.init))
        if let known = collected[key] { return known }
        var groups: [FieldGroup] = []
        var positions: [String: Int] = [:]
        for selectionSet in selectionSets {
            try collect(type, selectionSet, into: &groups, positions: &positions, visited: [])
        }
        collected[key] = groups
        return groups
    }

    /// As the library collects: a fragment spread once per selection set and the sets it leads to
    /// (the names seen inside a nested set do not come back out of it).
    private func collect(_ type: GraphQLObjectType, _ selectionSet: SelectionSet, into groups: inout [FieldGroup],
                         positions: inout [String: Int], visited: Set<String>) throws {
        var visited = visited
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                guard try includes(field.directives) else { continue }
                let key = field.alias?.value ?? field.name.value
                if let position = positions[key] {
                    groups[position].fields.append(field)
                } else {
                    positions[key] = groups.count
                    groups.append(FieldGroup(key: key, fields: [field]))
                }
            case let inline as InlineFragment:
                let include = try includes(inline.directives)
                guard include, matches(inline, type) else { continue }
                try collect(type, inline.selectionSet, into: &groups, positions: &positions, visited: visited)
            case let spread as FragmentSpread:
                let name = spread.name.value
                guard !visited.contains(name), try includes(spread.directives) else { continue }
                visited.insert(name)
                guard let fragment = fragments[name], matches(fragment, type) else { continue }
                try collect(type, fragment.selectionSet, into: &groups, positions: &positions, visited: visited)
            default:
                continue
            }
        }
    }

    private func matches(_ fragment: HasTypeCondition, _ type: GraphQLObjectType) -> Bool {
        guard let condition = fragment.getTypeCondition(), let conditionType = schema.getType(name: condition.name.value) else {
            return true
        }
        if let object = conditionType as? GraphQLObjectType { return object.name == type.name }
        if let abstract = conditionType as? GraphQLAbstractType { return schema.isSubType(abstractType: abstract, maybeSubType: type) }
        return false
    }

    // MARK: Executing

    private func execute(_ groups: [FieldGroup], on type: GraphQLObjectType, source: any Sendable, path: IndexPath) async throws -> Map {
        var values: [(String, Map)] = []
        values.reserveCapacity(groups.count)
        for group in groups {
            let value = try await resolveField(group.fields, on: type, source: source, path: path.appending(group.key))
            values.append((group.key, value ?? .null))
        }
        return .dictionary(.init(uniqueKeysWithValues: values))
    }

    private func resolveField(_ fieldASTs: [Field], on parentType: GraphQLObjectType, source: any Sendable, path: IndexPath) async throws -> Map? {
        let fieldAST = fieldASTs[0]
        let name = fieldAST.name.value
        // The library's own `__typename`: the object type's name, charged nothing.
        if name == "__typename" { return .string(parentType.name) }
        guard let field = served.field(name, of: parentType), let resolve = field.resolve else {
            throw GraphQLError(message: "Expected field definition not found: '\(name)' on '\(parentType.name)'")
        }
        let arguments = try argumentValues(fieldAST, field, on: parentType)
        fieldsSinceYield += 1
        if fieldsSinceYield >= Self.fieldsBetweenYields {
            fieldsSinceYield = 0
            onYield?()
            await Task.yield()
        }
        let result: Result<(any Sendable)?, Error>
        do {
            let budget = context.budget
            try budget?.charge(fields: 1, responseBytes: field.nameBytes)
            var value = try await resolve(source, arguments, resolverContext, info)
            if field.notesNullElements, let elements = value as? [(any Sendable)?] {
                value = context.nullListElements.present(elements, at: path)
            }
            try budget?.charge(returned: value, as: field.returned)
            result = .success(value)
        } catch {
            result = .failure(error)
        }
        let completion = Completion(fieldASTs: fieldASTs, parentType: parentType, fieldName: name)
        return try await completeCatchingError(field.type, completion, path: path, result)
    }

    /// What completing one field's value needs to say where it is.
    private struct Completion {
        let fieldASTs: [Field]
        let parentType: GraphQLObjectType
        let fieldName: String
    }

    /// A nullable value's error is noted and the value is null; a non-null one's goes to its parent.
    private func completeCatchingError(_ type: GraphQLType, _ completion: Completion, path: IndexPath,
                                       _ result: Result<(any Sendable)?, Error>) async throws -> Map? {
        if type is GraphQLNonNull {
            return try await completeLocatingError(type, completion, path: path, result)
        }
        do {
            return try await completeLocatingError(type, completion, path: path, result)
        } catch let error as GraphQLError {
            errors.append(error)
            return nil
        }
    }

    private func completeLocatingError(_ type: GraphQLType, _ completion: Completion, path: IndexPath,
                                       _ result: Result<(any Sendable)?, Error>) async throws -> Map? {
        do {
            return try await complete(type, completion, path: path, result)
        } catch let error as GraphQLError {
            throw error
        } catch {
            throw GraphQLError(message: String(describing: error), nodes: completion.fieldASTs, path: path, originalError: error)
        }
    }

    private func complete(_ type: GraphQLType, _ completion: Completion, path: IndexPath,
                          _ result: Result<(any Sendable)?, Error>) async throws -> Map? {
        let resolved = try result.get()
        if let nonNull = type as? GraphQLNonNull {
            guard let value = try await complete(nonNull.ofType, completion, path: path, .success(resolved)) else {
                throw GraphQLError(message: "Cannot return null for non-nullable field \(completion.parentType.name).\(completion.fieldName).")
            }
            return value
        }
        guard let resolved, let value = Self.unwrap(resolved) else { return nil }
        if let list = type as? GraphQLList {
            guard let elements = value as? [(any Sendable)?] else {
                throw GraphQLError(message: "Expected array, but did not find one for field \(completion.parentType.name).\(completion.fieldName).")
            }
            var completed: [Map] = []
            completed.reserveCapacity(elements.count)
            for (index, element) in elements.enumerated() {
                if let item = try await completeCatchingError(list.ofType, completion, path: path.appending(index), .success(element)) {
                    completed.append(item)
                }
            }
            return .array(completed)
        }
        if let leaf = type as? GraphQLLeafType {
            return try leaf.serialize(value: value)
        }
        if let abstract = type as? GraphQLAbstractType {
            let possible = schema.getPossibleTypes(abstractType: abstract)
            guard let object = try possible.first(where: { try $0.isTypeOf?(value, info) ?? false }) else {
                throw GraphQLError(message: "Could not find a resolve function.", nodes: completion.fieldASTs)
            }
            return try await completeObject(object, completion, path: path, value)
        }
        if let object = type as? GraphQLObjectType {
            return try await completeObject(object, completion, path: path, value)
        }
        throw GraphQLError(message: "Cannot complete value of unexpected type \"\(type)\".")
    }

    private func completeObject(_ type: GraphQLObjectType, _ completion: Completion, path: IndexPath, _ value: any Sendable) async throws -> Map {
        if let isTypeOf = type.isTypeOf, try !isTypeOf(value, info) {
            throw GraphQLError(message: "Expected value of type \"\(type.name)\" but got: \(value).", nodes: completion.fieldASTs)
        }
        let groups = try collect(type, completion.fieldASTs.compactMap(\.selectionSet))
        return try await execute(groups, on: type, source: value, path: path)
    }

    /// The value an optional holds (nil when it holds none); any other value as it is.
    private static func unwrap(_ value: any Sendable) -> (any Sendable)? {
        guard let optional = value as? any OptionalValue else { return value }
        return optional.held
    }
}

private protocol OptionalValue {
    var held: (any Sendable)? { get }
}

extension Optional: OptionalValue {
    /// What the optional holds. It came as a `Sendable` value, so what it holds is one; `Any` and
    /// `any Sendable` are one representation (a marker protocol has no witness table), and Swift
    /// has no conditional cast to a marker protocol.
    fileprivate var held: (any Sendable)? { map { unsafeBitCast($0 as Any, to: (any Sendable).self) } }
}

private extension GraphQLAbstractType {
    /// The abstract type finds an object's type by asking each possible type (`isTypeOf`), as
    /// every type Graphiti builds does.
    var resolveTypeIsDefault: Bool {
        switch self {
        case let interface as GraphQLInterfaceType: return interface.resolveType == nil
        case let union as GraphQLUnionType: return union.resolveType == nil
        default: return false
        }
    }
}

/// The resolve info `SerialExecution` hands every resolver. Graphiti's resolvers and `isTypeOf`
/// never read it (their closures ignore the argument) and the library has no public way to make
/// one, so it is one the library made, for a field of a schema of its own: it says nothing about
/// the field being resolved. The executor itself knows each field's path and type.
enum PlaceholderInfo {
    private static let made = Mutex<GraphQLResolveInfo?>(nil)

    static func shared() async -> GraphQLResolveInfo? {
        if let info = made.withLock({ $0 }) { return info }
        let caught = Caught()
        let probe = GraphQLField(type: GraphQLString, resolve: { _, _, _, info in
            caught.info.withLock { $0 = info }
            return "probe"
        })
        guard let query = try? GraphQLObjectType(name: "Probe", fields: ["probe": probe]),
              let schema = try? GraphQLSchema(query: query),
              let document = try? parse(source: Source(body: "{ probe }")) else { return nil }
        _ = try? await GraphQL.execute(schema: schema, documentAST: document, rootValue: (), context: ())
        let info = caught.info.withLock { $0 }
        made.withLock { $0 = info }
        return info
    }

    private final class Caught: Sendable {
        let info = Mutex<GraphQLResolveInfo?>(nil)
    }
}
