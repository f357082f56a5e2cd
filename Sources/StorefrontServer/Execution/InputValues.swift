import GraphQL

/// A request's variables and a field's or directive's arguments, coerced exactly as the GraphQL
/// library's executor coerces them (its functions for this are internal to it): the same values,
/// in the same order, with the same defaults and undefined entries. Only values the library would
/// accept are coerced here; for anything it would refuse, `Refused` is thrown before anything has
/// run, and the library's executor answers the request with its own error.
struct InputValues {
    /// The library would refuse the value; it says how.
    struct Refused: Error {}

    /// One argument a field or directive takes, its type read once.
    struct Definition {
        let name: String
        let shape: InputShape
        let defaultValue: Map?

        init(name: String, type: GraphQLInputType, defaultValue: Map?) {
            self.name = name
            shape = InputShape(type)
            self.defaultValue = defaultValue
        }
    }

    let schema: GraphQLSchema
    /// The schema's fields read once (input objects' among them); without it they are the schema's own.
    let served: ServedFields?

    init(schema: GraphQLSchema, served: ServedFields? = nil) {
        self.schema = schema
        self.served = served ?? ServedFields.of(schema)
    }

    /// An input object type's fields, read once (`ServedFields`): the library's `fields()` runs
    /// the schema's thunk each time, which Graphiti answers by building them anew, type look-ups
    /// included.
    private func object(_ type: GraphQLInputObjectType) throws -> InputObjectShape {
        if let read = served?.inputShape(of: type) { return read }
        return InputObjectShape(fields: try type.fields(), isOneOf: type.isOneOf)
    }

    /// One variable an operation defines, with its type and default read from the document.
    struct DefinedVariable {
        let name: String
        let shape: InputShape
        /// The default's value (a default names no variable): the same for every request.
        let defaultValue: Map?
    }

    /// The operation's variable definitions, read once (`OperationPlan` keeps them).
    func variableDefinitions(_ definitions: [VariableDefinition]) throws -> [DefinedVariable] {
        try definitions.map { definition in
            guard let type = schemaType(definition.type) as? GraphQLInputType else { throw Refused() }
            let shape = InputShape(type)
            return DefinedVariable(name: definition.variable.name.value, shape: shape,
                                   defaultValue: try definition.defaultValue.map { try literal($0, shape, variables: [:]) })
        }
    }

    /// The operation's variables from what the request sent, defaults filled in.
    func variables(_ definitions: [DefinedVariable], inputs: [String: Map]) throws -> [String: Map] {
        var variables = [String: Map](minimumCapacity: definitions.count)
        for definition in definitions {
            var value = inputs[definition.name] ?? .undefined
            if value == .undefined, let defaultValue = definition.defaultValue { value = defaultValue }
            variables[definition.name] = try coerced(value, definition.shape)
        }
        return variables
    }

    /// The arguments `given` for `definitions`, as a dictionary in the definitions' order.
    func arguments(_ definitions: [Definition], given: [Argument], variables: [String: Map]) throws -> Map {
        var values: Map = [:]
        guard case .dictionary(var arguments) = values else { throw Refused() }
        for definition in definitions {
            // A field is given few arguments: they are looked through where they lie, not copied
            // into a table (each is a node of the document).
            let value: Map
            if let index = given.lastIndex(where: { $0.name.value == definition.name }) {
                value = try literal(given[index].value, definition.shape, variables: variables)
            } else if let defaultValue = definition.defaultValue {
                value = defaultValue
            } else {
                // Not given and no default: refused where a value must be (as `isValid` finds).
                switch definition.shape {
                case .nonNull, .refused: throw Refused()
                default: break
                }
                arguments[definition.name] = .undefined
                continue
            }
            guard try isValid(value, definition.shape) else { throw Refused() }
            arguments[definition.name] = value
        }
        values = .dictionary(arguments)
        return values
    }

    /// One argument of a field whose arguments name variables, worked out of the document once
    /// (`recipe`), so that a request finds its value without reading the document's nodes again.
    struct ArgumentRecipe {
        enum Source {
            /// Given without variables, or the definition's default: the same for every request.
            case constant(Map)
            /// Given as a variable: the request's value of it.
            case variable(String)
            /// A list or input object holding variables, read for each request.
            case literal(any Value)
            /// Not given and without a default: undefined.
            case undefined
            /// What the library refuses whatever the variables are.
            case refused
        }
        let name: String
        let shape: InputShape
        let source: Source
    }

    /// `arguments(_:given:variables:)` worked out as far as the document alone decides.
    func recipe(_ definitions: [Definition], given: [Argument]) -> [ArgumentRecipe] {
        return definitions.map { definition in
            let source: ArgumentRecipe.Source
            if let index = given.lastIndex(where: { $0.name.value == definition.name }) {
                let value = given[index].value
                if let variable = value as? Variable {
                    // As `literal` reads a variable: refused under a type that is not an input type.
                    source = definition.shape.unwrappingNonNull.isRefused ? .refused : .variable(variable.name.value)
                } else if OperationPlan.namesVariable(value) {
                    source = .literal(value)
                } else {
                    source = constant(definition.shape) { try literal(value, definition.shape, variables: [:]) }
                }
            } else if let defaultValue = definition.defaultValue {
                source = constant(definition.shape) { defaultValue }
            } else {
                switch definition.shape {
                case .nonNull, .refused: source = .refused
                default: source = .undefined
                }
            }
            return ArgumentRecipe(name: definition.name, shape: definition.shape, source: source)
        }

        /// A value the document alone decides, checked as a request's would be.
        func constant(_ shape: InputShape, _ make: () throws -> Map) -> ArgumentRecipe.Source {
            do {
                let value = try make()
                return try isValid(value, shape) ? .constant(value) : .refused
            } catch {
                return .refused
            }
        }
    }

    /// The arguments a recipe gives for this request's variables: what
    /// `arguments(_:given:variables:)` answers for the same field.
    func arguments(_ recipe: [ArgumentRecipe], variables: [String: Map]) throws -> Map {
        var values: Map = [:]
        guard case .dictionary(var arguments) = values else { throw Refused() }
        for argument in recipe {
            let value: Map
            switch argument.source {
            case .constant(let constant):
                arguments[argument.name] = constant
                continue
            case .undefined:
                arguments[argument.name] = .undefined
                continue
            case .refused:
                throw Refused()
            case .variable(let name):
                value = variables[name] ?? .undefined
            case .literal(let literal):
                value = try self.literal(literal, argument.shape, variables: variables)
            }
            guard try isValid(value, argument.shape) else { throw Refused() }
            arguments[argument.name] = value
        }
        values = .dictionary(arguments)
        return values
    }

    /// The schema type a document's type reference names.
    func schemaType(_ reference: Type) -> GraphQLType? {
        if let list = reference as? ListType, let inner = schemaType(list.type) {
            return GraphQLList(inner)
        }
        if let nonNull = reference as? NonNullType, let inner = schemaType(nonNull.type) {
            guard let nullable = inner as? GraphQLNullableType else { return nil }
            return GraphQLNonNull(nullable)
        }
        guard let named = reference as? NamedType else { return nil }
        return schema.getType(name: named.name.value)
    }

    /// A literal (or a variable) of the document as a value of the type `shape` reads.
    private func literal(_ value: Value, _ shape: InputShape, variables: [String: Map]) throws -> Map {
        if case .nonNull(let inner) = shape {
            guard !(value is NullValue) else { throw Refused() }
            return try literal(value, inner, variables: variables)
        }
        if case .refused = shape { throw Refused() }
        if value is NullValue { return .null }
        if let variable = value as? Variable {
            return variables[variable.name.value] ?? .undefined
        }
        switch shape {
        case .list(let item):
            if let items = value as? ListValue {
                return .array(try items.values.map { try literal($0, item, variables: variables) })
            }
            return .array([try literal(value, item, variables: variables)])
        case .object(let type):
            guard let object = value as? ObjectValue else { throw Refused() }
            let shape = try self.object(type)
            var given = [String: ObjectField]()
            for field in object.fields { given[field.name.value] = field }
            var result: Map = [:]
            guard case .dictionary(var fields) = result else { throw Refused() }
            for field in shape.fields {
                if let value = given[field.name] {
                    fields[field.name] = try literal(value.value, field.shape, variables: variables)
                } else {
                    fields[field.name] = field.defaultValue ?? .undefined
                }
            }
            if shape.isOneOf {
                let keys = fields.filter { $1 != .undefined }.keys
                if keys.count != 1 || fields[keys[keys.startIndex]] == .null { return .undefined }
            }
            result = .dictionary(fields)
            return result
        case .leaf(let leaf):
            do { return try leaf.parseLiteral(valueAST: value) } catch { return .null }
        case .nonNull, .refused, .other:
            throw Refused()
        }
    }

    /// Whether the library finds `value` acceptable for the type `shape` reads (it lists no errors for it).
    private func isValid(_ value: Map, _ shape: InputShape) throws -> Bool {
        switch shape {
        case .nonNull(let inner):
            guard value != .null, value != .undefined else { return false }
            return try isValid(value, inner)
        case .refused:
            return false
        default:
            break
        }
        guard value != .null, value != .undefined else { return true }
        switch shape {
        case .list(let item):
            if case .array(let items) = value {
                return try items.allSatisfy { try isValid($0, item) }
            }
            return try isValid(value, item)
        case .object(let type):
            let shape = try object(type)
            guard shape.accepts(value), case .dictionary(let given) = value else { return false }
            // A field not given is null here, as `Map`'s subscript answers (without the error it throws and catches).
            return try shape.fields.allSatisfy { field in try isValid(given[field.name] ?? .null, field.shape) }
        case .leaf(let leaf):
            guard let parsed = try? leaf.parseValue(value: value) else { return false }
            return parsed != .null && parsed != .undefined
        case .nonNull, .refused, .other:
            return false
        }
    }

    /// `value` as the type holds it (leaves parsed, a single value as a list of one, input objects
    /// in their fields' order with defaults), when the library finds it acceptable (`isValid`);
    /// `Refused` when it does not. One pass: each leaf is parsed once.
    private func coerced(_ value: Map, _ shape: InputShape) throws -> Map {
        switch shape {
        case .nonNull(let inner):
            guard value != .null, value != .undefined else { throw Refused() }
            return try coerced(value, inner)
        case .refused:
            throw Refused()
        default:
            break
        }
        guard value != .undefined, value != .null else { return value }
        switch shape {
        case .list(let item):
            if case .array(let items) = value {
                return .array(try items.map { try coerced($0, item) })
            }
            return .array([try coerced(value, item)])
        case .object(let type):
            let shape = try object(type)
            guard shape.accepts(value), case .dictionary(let given) = value else { throw Refused() }
            var result: Map = [:]
            guard case .dictionary(var fields) = result else { throw Refused() }
            for field in shape.fields {
                if let value = given[field.name], value != .undefined {
                    fields[field.name] = try coerced(value, field.shape)
                } else {
                    // Not given (or undefined): valid unless the field is non-null, and its default.
                    if case .nonNull = field.shape { throw Refused() }
                    if case .refused = field.shape { throw Refused() }
                    fields[field.name] = field.defaultValue ?? .undefined
                }
            }
            result = .dictionary(fields)
            return result
        case .leaf(let leaf):
            guard let parsed = try? leaf.parseValue(value: value), parsed != .null, parsed != .undefined else { throw Refused() }
            return parsed
        case .nonNull, .refused, .other:
            throw Refused()
        }
    }
}

/// An input type read once: what a value of it must be, without casting the type for every value.
indirect enum InputShape: @unchecked Sendable {
    /// The type inside any non-null wrappers.
    var unwrappingNonNull: InputShape {
        if case .nonNull(let inner) = self { inner.unwrappingNonNull } else { self }
    }

    var isRefused: Bool {
        if case .refused = self { true } else { false }
    }

    case nonNull(InputShape)
    case list(InputShape)
    case object(GraphQLInputObjectType)
    case leaf(GraphQLLeafType)
    /// A non-null type around something that is not an input type: every value is refused.
    case refused
    /// Anything else: null is taken, every other value refused.
    case other

    init(_ type: GraphQLType) {
        switch type {
        case let nonNull as GraphQLNonNull:
            self = (nonNull.ofType as? GraphQLInputType).map { .nonNull(InputShape($0)) } ?? .refused
        case let list as GraphQLList:
            self = (list.ofType as? GraphQLInputType).map { .list(InputShape($0)) } ?? .other
        case let object as GraphQLInputObjectType: self = .object(object)
        case let leaf as GraphQLLeafType: self = .leaf(leaf)
        default: self = .other
        }
    }
}

/// An input object type's fields as shapes, in the type's order, read once.
final class InputObjectShape: @unchecked Sendable {
    struct Field {
        let name: String
        let shape: InputShape
        let defaultValue: Map?
    }
    let fields: [Field]
    let names: Set<String>
    let isOneOf: Bool

    /// `value` is an object naming only the type's fields and, for a one-of type, exactly one of
    /// them, not null.
    func accepts(_ value: Map) -> Bool {
        guard case .dictionary(let given) = value, given.keys.allSatisfy({ names.contains($0) }) else { return false }
        guard isOneOf else { return true }
        let keys = given.filter { $1 != .undefined }.keys
        return keys.count == 1 && given[keys[keys.startIndex]] != .null
    }

    init(fields: InputObjectFieldMap, isOneOf: Bool) {
        self.fields = fields.map { Field(name: $0.key, shape: InputShape($0.value.type), defaultValue: $0.value.defaultValue) }
        names = Set(fields.keys)
        self.isOneOf = isOneOf
    }
}
