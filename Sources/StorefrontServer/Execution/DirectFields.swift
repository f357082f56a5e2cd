import Graphiti
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
    }

    /// Set while a schema is built; `keyField` notes into it.
    @TaskLocal static var collecting: DirectFields?

    private let getters = Mutex<[String: [Getter]]>([:])

    /// The getters noted for fields of this name, one per Swift type that has one.
    func getters(named name: String) -> [Getter] { getters.withLock { $0[name] ?? [] } }

    fileprivate func note<Object: Sendable>(_ name: String, _ root: Object.Type, _ read: @escaping @Sendable (Object) -> (any Sendable)?) {
        // The object is read where it lies in its box, not copied out of it (a cast copies the
        // whole value: a product's every field retained and released to read one of them). An
        // object that came boxed inside another existential (a generic value of an existential
        // type made `Any`) opens as that existential, not as `Object`: it is cast.
        let getter = Getter(root: ObjectIdentifier(Object.self)) { object in
            func open<Opened>(_ opened: Opened) -> (any Sendable)? {
                guard Opened.self == Object.self else { return read(opened as! Object) }
                // The same function, typed for the opened value: it is handed where it lies.
                let reading = unsafeBitCast(read, to: (@Sendable (Opened) -> (any Sendable)?).self)
                return reading(opened)
            }
            return open(object)
        }
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
    DirectFields.collecting?.note(name, Object.self) { read($0) }
    return Field(name, at: { object in { _, _ in read(object) } })
}

/// An optional property: noted so that its reader answers what the optional holds (or nil), and the
/// walk need not find out at each value that it is an optional and open it.
func keyField<Object: Sendable, Wrapped: Sendable>(_ name: String, at read: @escaping @Sendable (Object) -> Wrapped?)
    -> Field<Object, RequestContext, Wrapped?, NoArguments> {
    DirectFields.collecting?.note(name, Object.self) { read($0).map { $0 } }
    return Field(name, at: { object in { _, _ in read(object) } })
}
