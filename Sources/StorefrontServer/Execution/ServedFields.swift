import GraphQL
import StorefrontModels
import Synchronization

/// One field of an object type as `SerialExecution` calls it: the resolver the schema was built
/// with (before the budget and null-list wrappers went round it; the executor does what they do
/// itself), its type, its arguments, and what the execution budget counts of it.
final class ServedField: @unchecked Sendable {
    let type: GraphQLOutputType
    let arguments: [InputValues.Definition]
    let resolve: GraphQLFieldResolve?
    /// The bytes the field's name takes in the answer, as the budget charges them.
    let nameBytes: Int
    let returned: ReturnedValue
    /// A list of nullable elements: the budget is charged for the elements that are there (the
    /// library is given only those, `NullListElements`).
    let notesNullElements: Bool
    /// A `String` or `ID`, an `Int` or a `Boolean` (or one that is non-null): a Swift value of the
    /// kind answers as the scalar's serializer answers it, without being made a `Map` first.
    let leaf: LeafKind
    /// How a value of the field's type is completed, worked out of the type once.
    let shape: ValueShape
    /// The type is a scalar or an enum, or lists of them: completing it awaits nothing.
    let completesWithoutObjects: Bool
    /// Readers of the field off an object of their Swift type, when it is a property of it
    /// (`keyField`); the resolver answers for any other type.
    let direct: [DirectFields.Getter]

    init(name: String, field: GraphQLField, schema: GraphQLSchema, direct: [DirectFields.Getter] = []) {
        // A property's writer writes a value as its field's type serializes it, or is not used.
        let writes = Self.writtenKind(field.type)
        let enumeration = ((field.type as? GraphQLNonNull)?.ofType ?? field.type) as? GraphQLEnumType
        let names = enumeration.map { Set($0.values.map(\.name)) }
        self.direct = direct.map { getter in
            var getter = getter
            if let names, getter.writer?.kind == .enumeration {
                getter.writer = getter.writer?.named(names)
            } else if getter.writer?.kind != writes {
                getter.writer = nil
            }
            return getter
        }
        type = field.type
        arguments = field.args.map { InputValues.Definition(name: $0.key, type: $0.value.type, defaultValue: $0.value.defaultValue) }
        resolve = field.resolve
        nameBytes = ExecutionBudget.nameBytes(name)
        returned = ReturnedValue(field.type)
        notesNullElements = GraphQLSchema.isListOfNullable(field.type)
        shape = ValueShape(field.type, schema: schema)
        completesWithoutObjects = shape.holdsNoObject
        leaf = LeafKind(field.type)
    }
}

extension ServedField {
    /// What a property's writer must write for a field of `type`: its built-in scalar's kind, or
    /// its custom scalar's name; nil for any other type (a list, an enum, an object).
    static func writtenKind(_ type: GraphQLOutputType) -> DirectFields.ScalarWriter.Kind? {
        guard let scalar = ((type as? GraphQLNonNull)?.ofType ?? type) as? GraphQLScalarType else { return nil }
        switch LeafKind(type) {
        case .text: return .text
        case .int: return .int
        case .boolean: return .boolean
        case .other: return .scalar(scalar.name)
        }
    }
}

/// The built-in scalars whose Swift values `SerialExecution` writes itself.
enum LeafKind {
    case text, int, boolean, other

    init(_ type: GraphQLOutputType) {
        let scalar = ((type as? GraphQLNonNull)?.ofType ?? type) as? GraphQLScalarType
        self = if scalar === GraphQLString || scalar === GraphQLID { .text }
            else if scalar === GraphQLInt { .int }
            else if scalar === GraphQLBoolean { .boolean }
            else { .other }
    }
}

/// What completing a value of a field's type does, by the type's kind: worked out once per field,
/// not by casting the type for every value.
indirect enum ValueShape: @unchecked Sendable {
    case nonNull(ValueShape)
    case list(ValueShape)
    /// A scalar or an enum, by its serializer: a scalar's is read once here (the library reads
    /// it behind a queue's lock at every value).
    case leaf(@Sendable (Any) throws -> Map)
    case object(GraphQLObjectType)
    /// An interface or union: the object types it may be, asked in turn (`isTypeOf`).
    case abstract([GraphQLObjectType])
    case unexpected(GraphQLType)

    /// Made of scalars and enums only (through lists and non-null wrappers).
    var holdsNoObject: Bool {
        switch self {
        case .nonNull(let inner), .list(let inner): inner.holdsNoObject
        case .leaf: true
        case .object, .abstract, .unexpected: false
        }
    }

    init(_ type: GraphQLType, schema: GraphQLSchema) {
        switch type {
        case let nonNull as GraphQLNonNull: self = .nonNull(ValueShape(nonNull.ofType, schema: schema))
        case let list as GraphQLList: self = .list(ValueShape(list.ofType, schema: schema))
        case let scalar as GraphQLScalarType: self = .leaf(scalar.serialize)
        case let leaf as GraphQLLeafType: self = .leaf { try leaf.serialize(value: $0) }
        case let abstract as GraphQLAbstractType: self = .abstract(schema.getPossibleTypes(abstractType: abstract))
        case let object as GraphQLObjectType: self = .object(object)
        default: self = .unexpected(type)
        }
    }
}

/// Every object and input object type's fields of one schema, by type and name, read once.
final class ServedFields: @unchecked Sendable {
    private let fields: [ObjectIdentifier: [String: ServedField]]
    /// Every input object type's fields, as shapes: the library's `fields()` builds them anew each
    /// time it is asked.
    private let inputShapes: [ObjectIdentifier: InputObjectShape]

    /// `direct`: the key-path fields noted while the schema was built.
    init(_ schema: GraphQLSchema, direct: DirectFields? = DirectFields.collecting) throws {
        var fields = [ObjectIdentifier: [String: ServedField]]()
        var inputShapes = [ObjectIdentifier: InputObjectShape]()
        for type in schema.typeMap.values where !type.name.hasPrefix("__") {
            if let object = type as? GraphQLObjectType {
                var byName = [String: ServedField]()
                for (name, field) in try object.fields() {
                    byName[name] = ServedField(name: name, field: field, schema: schema, direct: direct?.getters(named: name) ?? [])
                }
                fields[ObjectIdentifier(object)] = byName
            } else if let input = type as? GraphQLInputObjectType {
                inputShapes[ObjectIdentifier(input)] = InputObjectShape(fields: try input.fields(), isOneOf: input.isOneOf)
            }
        }
        self.fields = fields
        self.inputShapes = inputShapes
    }

    func field(_ name: String, of type: GraphQLObjectType) -> ServedField? { fields[ObjectIdentifier(type)]?[name] }

    func inputShape(of type: GraphQLInputObjectType) -> InputObjectShape? { inputShapes[ObjectIdentifier(type)] }

    /// The tables of the schemas built in this process, noted before their resolvers were wrapped.
    private static let tables = Mutex<[ObjectIdentifier: ServedFields]>([:])

    static func of(_ schema: GraphQLSchema) -> ServedFields? { tables.withLock { $0[ObjectIdentifier(schema)] } }

    fileprivate static func note(_ schema: GraphQLSchema) throws {
        let table = try ServedFields(schema)
        tables.withLock { $0[ObjectIdentifier(schema)] = table }
    }
}

extension GraphQLSchema {
    /// Notes every field's own resolver for `SerialExecution`; done before the budget and
    /// null-list wrappers are put round them, which only the library's executor goes through.
    func notingServedFields() throws -> GraphQLSchema {
        try ServedFields.note(self)
        return self
    }
}

/// A `String`/`ID`, `Int` or `Boolean` field's Swift value of its kind, written as the scalar's
/// serializer and the encoder write it (an `Int` only within the 32 bits the serializer takes).
enum BuiltInScalar {
    case text(String), int(Int), boolean(Bool)

    /// Nil for a value of another kind (or an `Int` past 32 bits): the scalar's serializer decides.
    init?(_ value: (any Sendable)?, _ kind: LeafKind) {
        switch kind {
        case .text:
            guard let text = value as? String else { return nil }
            self = .text(text)
        case .int:
            guard let int = value as? Int, Int(Int32.min)...Int(Int32.max) ~= int else { return nil }
            self = .int(int)
        case .boolean:
            guard let flag = value as? Bool else { return nil }
            self = .boolean(flag)
        case .other:
            return nil
        }
    }

    /// What `ExecutionBudget.cost` charges for it: a string's bytes.
    var chargedBytes: Int {
        if case .text(let text) = self { text.utf8.count } else { 0 }
    }

    func write(into bytes: inout [UInt8]) {
        switch self {
        case .text(let text): JSONText.appendString(text, into: &bytes)
        case .int(let int): bytes.append(contentsOf: String(int).utf8)
        case .boolean(let flag): bytes.append(contentsOf: (flag ? "true" : "false").utf8)
        }
    }
}
