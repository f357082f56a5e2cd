import Graphiti
import StorefrontModels
import Synchronization

/// The fields of a schema that are a property of their object and nothing more (`keyField`), noted
/// while the schema is built, so that `SerialExecution` reads them off the object itself instead of
/// going through the resolver Graphiti makes of them (a cast of the object and of the context,
/// the arguments decoded, three closures made and awaited in turn, for every value of every field).
///
/// Each schema notes its own (`collecting` is set while it is built): one Swift type may back a type
/// of the Storefront API and another of the Customer Account API whose same-named fields differ.
/// Within one schema Graphiti maps a Swift type to a single GraphQL type (it refuses a second), so an
/// object's type and a field's name find the one reader the schema was declared with.
final class DirectFields: Sendable {
    /// Reads the field off an object of `root`, whose dynamic type it must be.
    struct Getter: Sendable {
        let root: ObjectIdentifier
        /// The value, or nil for an optional that holds none (never an optional itself).
        let read: @Sendable (any Sendable) -> (any Sendable)?
        /// For a property that is a string, a number, a flag or a custom scalar's text: writes the
        /// value into the answer as the field's serializer would, without making it a value of
        /// any type first (`ScalarWriter`); nil when the property is of another type, or its
        /// field's type is not the one it writes (`ServedField` keeps it only then).
        var writer: ScalarWriter?
    }

    /// Writes a property's value into the answer as JSON: the bytes the execution budget charges
    /// for the value, or nil having written nothing (an optional that holds no value, an `Int`
    /// past the 32 bits a GraphQL `Int` holds), which the walk then completes as any other value.
    struct ScalarWriter: Sendable {
        /// What the value is, so that it is used only for a field of a type that writes it so.
        enum Kind: Equatable, Sendable {
            case text, int, boolean
            /// A custom scalar's text (`ScalarText`), under the scalar's name.
            case scalar(String)
            /// A Swift enum's raw value, which names its value in a GraphQL enum of its values
            /// (as Graphiti names them); written only for a field of such an enum (`named`).
            case enumeration
        }
        let kind: Kind
        let write: @Sendable (any Sendable, inout [UInt8]) -> Int?
        /// For `.enumeration`: the raw value, or nil for none.
        var rawValue: (@Sendable (any Sendable) -> String?)? = nil

        /// An enum's writer for a field whose enum has these values: a raw value that is not one
        /// of them is left to the enum's serializer (which refuses it).
        func named(_ names: Set<String>) -> ScalarWriter? {
            guard kind == .enumeration, let rawValue else { return nil }
            return ScalarWriter(kind: .enumeration) { object, out in
                guard let text = rawValue(object), names.contains(text) else { return nil }
                JSONText.appendString(text, into: &out)
                return 0
            }
        }
    }

    /// Set while a schema is built; `keyField` notes into it.
    @TaskLocal static var collecting: DirectFields?

    private let getters = Mutex<[String: [Getter]]>([:])

    /// `read` for an object of any type, which must be `Object`. The object is read where it lies in
    /// its box, not copied out of it (a cast copies the whole value: a product's every field
    /// retained and released to read one of them). An object that came boxed inside another
    /// existential (a generic value of an existential type made `Any`) opens as that existential,
    /// not as `Object`: it is cast.
    static func opening<Object: Sendable, Value>(_ read: @escaping @Sendable (Object) -> Value) -> @Sendable (any Sendable) -> Value {
        { object in
            func open<Opened>(_ opened: Opened) -> Value {
                guard Opened.self == Object.self else { return read(opened as! Object) }
                // The same function, typed for the opened value: it is handed where it lies.
                return unsafeBitCast(read, to: (@Sendable (Opened) -> Value).self)(opened)
            }
            return open(object)
        }
    }

    /// The getters noted for fields of this name, one per Swift type that has one.
    func getters(named name: String) -> [Getter] { getters.withLock { $0[name] ?? [] } }

    fileprivate func note<Object: Sendable>(_ name: String, _ root: Object.Type, writer: ScalarWriter? = nil,
                                            _ read: @escaping @Sendable (Object) -> (any Sendable)?) {
        let getter = Getter(root: ObjectIdentifier(Object.self), read: Self.opening(read), writer: writer)
        getters.withLock { getters in
            var named = getters[name] ?? []
            // The same type declared twice would be a schema Graphiti refuses; keep the first.
            guard !named.contains(where: { $0.root == getter.root }) else { return }
            named.append(getter)
            getters[name] = named
        }
    }
}

/// A field that is a property of its object (`keyField("title", at: \.title)`): Graphiti's field
/// with a resolver that reads it, also noted for `SerialExecution` to read directly
/// (`DirectFields`). A key path given here is a function the compiler makes of it: the property is
/// read as code would read it, not through the key path's runtime.
func keyField<Object: Sendable, Value: Sendable>(_ name: String, at read: @escaping @Sendable (Object) -> Value)
    -> Field<Object, RequestContext, Value, NoArguments> {
    DirectFields.collecting?.note(name, Object.self, writer: ScalarWriters.make(read)) { read($0) }
    return Field(name, at: { object in { _, _ in read(object) } })
}

/// An optional property: noted so that its reader answers what the optional holds (or nil), and the
/// walk need not find out at each value that it is an optional and open it.
func keyField<Object: Sendable, Wrapped: Sendable>(_ name: String, at read: @escaping @Sendable (Object) -> Wrapped?)
    -> Field<Object, RequestContext, Wrapped?, NoArguments> {
    DirectFields.collecting?.note(name, Object.self, writer: ScalarWriters.make(read)) { read($0).map { $0 } }
    return Field(name, at: { object in { _, _ in read(object) } })
}

/// A value that is written as a custom scalar's text (`ScalarText`).
protocol TextScalarValue {
    static var scalarName: String { get }
    var text: String { get }
}

/// The writers `keyField` notes for properties of the types the walk writes itself.
enum ScalarWriters {
    typealias Writer = DirectFields.ScalarWriter

    static func make<Object: Sendable, Value>(_ read: @escaping @Sendable (Object) -> Value) -> Writer? {
        make { object in Optional(read(object)) }
    }

    /// An optional property's writer writes what it holds (and nothing for none).
    static func make<Object: Sendable, Value>(_ read: @escaping @Sendable (Object) -> Value?) -> Writer? {
        if Value.self == String.self {
            return writer(.text, read) { value, out in
                let text = unsafeBitCast(value, to: String.self)
                JSONText.appendString(text, into: &out)
                return text.utf8.count
            }
        }
        if Value.self == Int.self {
            return writer(.int, read) { value, out in
                // A GraphQL Int holds 32 bits; past them the serializer decides.
                let number = unsafeBitCast(value, to: Int.self)
                guard Int(Int32.min)...Int(Int32.max) ~= number else { return nil }
                out.append(contentsOf: String(number).utf8)
                return 0
            }
        }
        if Value.self == Bool.self {
            return writer(.boolean, read) { value, out in
                out.append(contentsOf: (unsafeBitCast(value, to: Bool.self) ? "true" : "false").utf8)
                return 0
            }
        }
        if let scalar = Value.self as? any TextScalarValue.Type {
            func textOf<Scalar: TextScalarValue>(_: Scalar.Type) -> Writer? {
                writer(.scalar(Scalar.scalarName), read) { value, out in
                    // The budget counts a string's bytes; a custom scalar's value is not one.
                    JSONText.appendString(unsafeBitCast(value, to: Scalar.self).text, into: &out)
                    return 0
                }
            }
            return textOf(scalar)
        }
        if let enumeration = Value.self as? any RawRepresentable.Type {
            func rawOf<Enumeration: RawRepresentable>(_: Enumeration.Type) -> Writer? {
                guard Enumeration.RawValue.self == String.self else { return nil }
                // Written only through `named`, which knows the field's enum's values.
                let opened = DirectFields.opening(read)
                var made = Writer(kind: .enumeration) { _, _ in nil }
                made.rawValue = { object in
                    opened(object).map { unsafeBitCast(unsafeBitCast($0, to: Enumeration.self).rawValue, to: String.self) }
                }
                return made
            }
            return rawOf(enumeration)
        }
        return nil
    }

    /// `write` is given the property's value (of the type the caller checked it to be).
    private static func writer<Object: Sendable, Value>(_ kind: Writer.Kind, _ read: @escaping @Sendable (Object) -> Value?,
                                                        _ write: @escaping @Sendable (Value, inout [UInt8]) -> Int?) -> Writer {
        let opened = DirectFields.opening(read)
        return Writer(kind: kind) { object, out in
            guard let value = opened(object) else { return nil }
            return write(value, &out)
        }
    }
}
