import GraphQL
import Synchronization

/// What `SerialExecution` works out of one operation of a document before anything runs, kept
/// with the document (`ExecutionPlans`) for the next request that sends it: that it can run the
/// operation at all, every argument and `@skip`/`@include` that names no variable, which ones do
/// name one (those are worked out for each request), and, when no `@skip`/`@include` names a
/// variable, the fields each object type's selections collect. A client sends the same few
/// documents again and again, with other variables.
final class OperationPlan: @unchecked Sendable {
    typealias FieldOnType = SerialExecution.FieldOnType

    /// A selection set read on a type: each is prepared once.
    struct Prepared: Hashable {
        let type: ObjectIdentifier
        let selectionSet: ObjectIdentifier
    }

    let schema: GraphQLSchema
    let operation: OperationDefinition
    let rootType: GraphQLObjectType
    let fragments: [String: FragmentDefinition]
    private(set) var constantArguments: [FieldOnType: Map] = [:]
    private(set) var constantIncluded: [Int: Bool] = [:]
    /// A field whose arguments name a variable, on one object type.
    struct VariableArgument {
        /// The field's name (what tests and logs call it).
        let name: String
        let position: Int
        let object: GraphQLObjectType
        /// The arguments as far as the document decides them.
        let recipe: [InputValues.ArgumentRecipe]
    }
    private(set) var variableArguments: [VariableArgument] = []
    /// Fields of a document without locations, which have no key to keep their arguments under.
    private(set) var unplacedArguments: [(field: Field, served: ServedField)] = []
    /// The operation's variables' names, types and defaults.
    private(set) var variables: [InputValues.DefinedVariable] = []
    private(set) var variableDirectives: [[Directive]] = []
    /// No `@skip`/`@include` names a variable: what the selections collect is the same for every request.
    var keepsCollections: Bool { variableDirectives.isEmpty }
    /// The root's fields, when the plan keeps collections (each group keeps what its selections collect).
    private let root = Mutex<[FieldGroup]?>(nil)

    private let served: ServedFields
    private let inputs: InputValues
    private var seenArguments = Set<FieldOnType>()
    private var seenDirectives = Set<Int>()

    private init(schema: GraphQLSchema, served: ServedFields, operation: OperationDefinition, rootType: GraphQLObjectType,
                 fragments: [String: FragmentDefinition]) {
        self.schema = schema; self.served = served; self.operation = operation; self.rootType = rootType
        self.fragments = fragments; self.inputs = InputValues(schema: schema, served: served)
    }

    /// The plan of the operation `operationName` names (or the document's only one); nil when
    /// `SerialExecution` leaves it to the library: introspection, no such operation, a
    /// subscription, or an argument or directive without variables that the library would refuse.
    static func make(schema: GraphQLSchema, served: ServedFields, document: Document, operationName: String?) -> OperationPlan? {
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
        let plan = OperationPlan(schema: schema, served: served, operation: operation, rootType: rootType, fragments: fragments)
        var prepared = Set<Prepared>()
        do {
            plan.variables = try plan.inputs.variableDefinitions(operation.variableDefinitions)
            try plan.prepare(operation.selectionSet, on: rootType, done: &prepared)
        } catch {
            return nil
        }
        return plan
    }

    var rootGroups: [FieldGroup]? { root.withLock { $0 } }

    func keepRoot(_ groups: [FieldGroup]) { root.withLock { $0 = groups } }

    func matches(_ fragment: HasTypeCondition, _ type: GraphQLObjectType) -> Bool {
        guard let condition = fragment.getTypeCondition(), let conditionType = schema.getType(name: condition.name.value) else {
            return true
        }
        if let object = conditionType as? GraphQLObjectType { return object.name == type.name }
        if let abstract = conditionType as? GraphQLAbstractType { return schema.isSubType(abstractType: abstract, maybeSubType: type) }
        return false
    }

    private static let skip = GraphQLSkipDirective.args.map { InputValues.Definition(name: $0.name, type: $0.type, defaultValue: $0.defaultValue) }
    private static let include = GraphQLIncludeDirective.args.map { InputValues.Definition(name: $0.name, type: $0.type, defaultValue: $0.defaultValue) }

    /// Whether `@skip` and `@include` keep a selection with these directives, given `variables`.
    static func includes(_ directives: [Directive], inputs: InputValues, variables: [String: Map]) throws -> Bool {
        if let skip = directives.first(where: { $0.name.value == GraphQLSkipDirective.name }),
           try inputs.arguments(Self.skip, given: skip.arguments, variables: variables)["if"] == .bool(true) {
            return false
        }
        if let include = directives.first(where: { $0.name.value == GraphQLIncludeDirective.name }),
           try inputs.arguments(Self.include, given: include.arguments, variables: variables)["if"] == .bool(false) {
            return false
        }
        return true
    }

    // MARK: Making the plan

    /// Walks the selections under `type` (for an abstract type, on each of its object types),
    /// working out what names no variable and noting what does.
    private func prepare(_ selectionSet: SelectionSet, on type: GraphQLNamedType, done: inout Set<Prepared>) throws {
        guard done.insert(Prepared(type: ObjectIdentifier(type as AnyObject), selectionSet: ObjectIdentifier(selectionSet))).inserted else { return }
        let objects: [GraphQLObjectType]
        switch type {
        case let object as GraphQLObjectType: objects = [object]
        case let abstract as GraphQLAbstractType:
            guard abstract.resolveTypeIsDefault else { throw SerialExecution.Unsupported() }
            objects = schema.getPossibleTypes(abstractType: abstract)
        default: throw SerialExecution.Unsupported()
        }
        for selection in selectionSet.selections {
            switch selection {
            case let field as Field:
                try note(field.directives)
                let name = field.name.value
                if name == "__typename" { continue }
                for object in objects {
                    guard let served = served.field(name, of: object) else {
                        if name.hasPrefix("__") { throw SerialExecution.Unsupported() }
                        continue
                    }
                    guard served.resolve != nil else { throw SerialExecution.Unsupported() }
                    try note(field, served, on: object)
                    if let inner = field.selectionSet, let named = getNamedType(type: served.type) {
                        try prepare(inner, on: named, done: &done)
                    }
                }
            case let inline as InlineFragment:
                try note(inline.directives)
                let condition = inline.typeCondition.map { schema.getType(name: $0.name.value) } ?? type
                guard let condition else { throw SerialExecution.Unsupported() }
                try prepare(inline.selectionSet, on: condition, done: &done)
            case let spread as FragmentSpread:
                try note(spread.directives)
                guard let fragment = fragments[spread.name.value] else { continue }
                guard let condition = schema.getType(name: fragment.typeCondition.name.value) else { throw SerialExecution.Unsupported() }
                try prepare(fragment.selectionSet, on: condition, done: &done)
            default:
                throw SerialExecution.Unsupported()
            }
        }
    }

    private func note(_ field: Field, _ served: ServedField, on object: GraphQLObjectType) throws {
        let position = field.loc?.start
        if let position, !seenArguments.insert(FieldOnType(position: position, type: ObjectIdentifier(object))).inserted { return }
        // A field without a place in the document has its arguments worked out where it is
        // resolved (and checked before anything runs).
        guard let position else {
            unplacedArguments.append((field, served))
            return
        }
        if field.arguments.contains(where: { Self.namesVariable($0.value) }) {
            variableArguments.append(VariableArgument(name: field.name.value, position: position, object: object,
                                                      recipe: inputs.recipe(served.arguments, given: field.arguments)))
            return
        }
        constantArguments[FieldOnType(position: position, type: ObjectIdentifier(object))] =
            try inputs.arguments(served.arguments, given: field.arguments, variables: [:])
    }

    private func note(_ directives: [Directive]) throws {
        guard let first = directives.first else { return }
        if let position = first.loc?.start, !seenDirectives.insert(position).inserted { return }
        let kept = directives.filter { $0.name.value == GraphQLSkipDirective.name || $0.name.value == GraphQLIncludeDirective.name }
        guard let position = first.loc?.start, !kept.contains(where: { $0.arguments.contains { Self.namesVariable($0.value) } }) else {
            variableDirectives.append(directives)
            return
        }
        constantIncluded[position] = try Self.includes(directives, inputs: inputs, variables: [:])
    }

    /// Whether a value of the document is, or holds, a variable.
    static func namesVariable(_ value: Value) -> Bool {
        switch value {
        case is Variable: return true
        case let list as ListValue: return list.values.contains(where: namesVariable)
        case let object as ObjectValue: return object.fields.contains { namesVariable($0.value) }
        default: return false
        }
    }
}

/// The plans of one document's operations, by operation name, kept with the document.
final class ExecutionPlans: Sendable {
    /// A plan, or none: the library's executor runs that operation.
    struct Entry: Sendable {
        let plan: OperationPlan?
        var unsupported: Bool { plan == nil }
        static let unsupported = Entry(plan: nil)
    }

    /// Operation names kept per document: a request may name any operation, in the document or not.
    static let maximumCount = 16
    private let entries = Mutex<[String?: Entry]>([:])

    private let contexts = Mutex<[String?: InContextDirective.Use]>([:])

    func plan(_ operationName: String?) -> Entry? { entries.withLock { $0[operationName] } }

    /// Where the operation's `@inContext` takes the buyer's country and language from.
    func inContext(_ operationName: String?, of operation: OperationDefinition?) -> InContextDirective.Use {
        if let known = contexts.withLock({ $0[operationName] }) { return known }
        let use = InContextDirective.Use(operation)
        contexts.withLock { contexts in
            if contexts.count < Self.maximumCount { contexts[operationName] = use }
        }
        return use
    }

    func keep(_ entry: Entry, _ operationName: String?) {
        entries.withLock { entries in
            if entries.count < Self.maximumCount || entries[operationName] != nil { entries[operationName] = entry }
        }
    }
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
