import GraphQL

/// A request's variables and a field's or directive's arguments, coerced exactly as the GraphQL
/// library's executor coerces them (its functions for this are internal to it): the same values,
/// in the same order, with the same defaults and undefined entries. Only values the library would
/// accept are coerced here; for anything it would refuse, `Refused` is thrown before anything has
/// run, and the library's executor answers the request with its own error.
struct InputValues {
    /// The library would refuse the value; it says how.
    struct Refused: Error {}

    /// One argument a field or directive takes.
    struct Definition {
        let name: String
        let type: GraphQLInputType
        let defaultValue: Map?
    }

    let schema: GraphQLSchema
    /// The schema's fields read once (input objects' among them); without it they are the schema's own.
    let served: ServedFields?

    init(schema: GraphQLSchema, served: ServedFields? = nil) {
        self.schema = schema
        self.served = served ?? ServedFields.of(schema)
    }

    /// An input object type's fields: the library's `fields()` runs the schema's thunk each time,
    /// which Graphiti answers by building them anew, type look-ups included.
    private func inputFields(of type: GraphQLInputObjectType) throws -> InputObjectFieldMap {
        if let read = served?.inputFields(of: type) { return read }
        return try type.fields()
    }

    /// One variable an operation defines, with its type and default read from the document.
    struct DefinedVariable {
        let name: String
        let type: GraphQLInputType
        /// The default's value (a default names no variable): the same for every request.
        let defaultValue: Map?
    }

    /// The operation's variable definitions, read once (`OperationPlan` keeps them).
    func variableDefinitions(_ definitions: [VariableDefinition]) throws -> [DefinedVariable] {
        try definitions.map { definition in
            guard let type = schemaType(definition.type) as? GraphQLInputType else { throw Refused() }
            return DefinedVariable(name: definition.variable.name.value, type: type,
                            defaultValue: try definition.defaultValue.map { try literal($0, type: type, variables: [:]) })
        }
    }

    /// The operation's variables from what the request sent, defaults filled in.
    func variables(_ definitions: [DefinedVariable], inputs: [String: Map]) throws -> [String: Map] {
        var variables = [String: Map](minimumCapacity: definitions.count)
        for definition in definitions {
            var value = inputs[definition.name] ?? .undefined
            if value == .undefined, let defaultValue = definition.defaultValue { value = defaultValue }
            guard try isValid(value, for: definition.type) else { throw Refused() }
            variables[definition.name] = try coerced(value, type: definition.type)
        }
        return variables
    }

    /// The arguments `given` for `definitions`, as a dictionary in the definitions' order.
    func arguments(_ definitions: [Definition], given: [Argument], variables: [String: Map]) throws -> Map {
        var byName = [String: Argument]()
        for argument in given { byName[argument.name.value] = argument }
        var values: Map = [:]
        guard case .dictionary(var arguments) = values else { throw Refused() }
        for definition in definitions {
            let value: Map
            if let argument = byName[definition.name] {
                value = try literal(argument.value, type: definition.type, variables: variables)
            } else {
                value = definition.defaultValue ?? .undefined
            }
            guard try isValid(value, for: definition.type) else { throw Refused() }
            arguments[definition.name] = value
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

    /// A literal (or a variable) of the document as a value of `type`.
    private func literal(_ value: Value, type: GraphQLInputType, variables: [String: Map]) throws -> Map {
        if let nonNull = type as? GraphQLNonNull {
            guard !(value is NullValue), let inner = nonNull.ofType as? GraphQLInputType else { throw Refused() }
            return try literal(value, type: inner, variables: variables)
        }
        if value is NullValue { return .null }
        if let variable = value as? Variable {
            return variables[variable.name.value] ?? .undefined
        }
        if let list = type as? GraphQLList {
            guard let itemType = list.ofType as? GraphQLInputType else { throw Refused() }
            if let items = value as? ListValue {
                return .array(try items.values.map { try literal($0, type: itemType, variables: variables) })
            }
            return .array([try literal(value, type: itemType, variables: variables)])
        }
        if let objectType = type as? GraphQLInputObjectType {
            guard let object = value as? ObjectValue else { throw Refused() }
            var given = [String: ObjectField]()
            for field in object.fields { given[field.name.value] = field }
            var result: Map = [:]
            guard case .dictionary(var fields) = result else { throw Refused() }
            for (name, field) in try inputFields(of: objectType) {
                if let value = given[name] {
                    fields[name] = try literal(value.value, type: field.type, variables: variables)
                } else {
                    fields[name] = field.defaultValue ?? .undefined
                }
            }
            if objectType.isOneOf {
                let keys = fields.filter { $1 != .undefined }.keys
                if keys.count != 1 || fields[keys[keys.startIndex]] == .null { return .undefined }
            }
            result = .dictionary(fields)
            return result
        }
        if let leaf = type as? GraphQLLeafType {
            do { return try leaf.parseLiteral(valueAST: value) } catch { return .null }
        }
        throw Refused()
    }

    /// Whether the library finds `value` acceptable for `type` (it lists no errors for it).
    private func isValid(_ value: Map, for type: GraphQLInputType) throws -> Bool {
        if let nonNull = type as? GraphQLNonNull {
            guard let inner = nonNull.ofType as? GraphQLInputType, value != .null, value != .undefined else { return false }
            return try isValid(value, for: inner)
        }
        guard value != .null, value != .undefined else { return true }
        if let list = type as? GraphQLList {
            guard let itemType = list.ofType as? GraphQLInputType else { return false }
            if case .array(let items) = value {
                return try items.allSatisfy { try isValid($0, for: itemType) }
            }
            return try isValid(value, for: itemType)
        }
        if let objectType = type as? GraphQLInputObjectType {
            guard case .dictionary(let given) = value else { return false }
            let fields = try inputFields(of: objectType)
            guard given.keys.allSatisfy({ fields[$0] != nil }) else { return false }
            if objectType.isOneOf {
                let keys = given.filter { $1 != .undefined }.keys
                guard keys.count == 1, given[keys[keys.startIndex]] != .null else { return false }
            }
            // A field not given is null here, as `Map`'s subscript answers (without the error it throws and catches).
            return try fields.allSatisfy { name, field in try isValid(given[name] ?? .null, for: field.type) }
        }
        if let leaf = type as? GraphQLLeafType {
            guard let parsed = try? leaf.parseValue(value: value) else { return false }
            return parsed != .null && parsed != .undefined
        }
        return false
    }

    /// A valid value as the type holds it (leaves parsed, a single value as a list of one, input
    /// objects in their fields' order with defaults).
    private func coerced(_ value: Map, type: GraphQLInputType) throws -> Map {
        if let nonNull = type as? GraphQLNonNull {
            guard let inner = nonNull.ofType as? GraphQLInputType else { throw Refused() }
            return try coerced(value, type: inner)
        }
        guard value != .undefined, value != .null else { return value }
        if let list = type as? GraphQLList {
            guard let itemType = list.ofType as? GraphQLInputType else { throw Refused() }
            if case .array(let items) = value {
                return .array(try items.map { try coerced($0, type: itemType) })
            }
            return .array([try coerced(value, type: itemType)])
        }
        if let objectType = type as? GraphQLInputObjectType {
            guard case .dictionary(let given) = value else { throw Refused() }
            var result: Map = [:]
            guard case .dictionary(var fields) = result else { throw Refused() }
            for (name, field) in try inputFields(of: objectType) {
                if let value = given[name], value != .undefined {
                    fields[name] = try coerced(value, type: field.type)
                } else {
                    fields[name] = field.defaultValue ?? .undefined
                }
            }
            result = .dictionary(fields)
            return result
        }
        if let leaf = type as? GraphQLLeafType {
            return try leaf.parseValue(value: value)
        }
        throw Refused()
    }
}
