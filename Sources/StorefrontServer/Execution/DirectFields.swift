import Graphiti
import Synchronization

/// The fields of a schema that are a property of their object and nothing more (`keyField`), noted
/// while the schema is built, so that `SerialExecution` reads them off the object itself instead of
/// going through the resolver Graphiti makes of a key path (a cast of the object and of the context,
/// the arguments decoded, three closures made and awaited in turn, for every value of every field).
///
/// Each schema notes its own (`collecting` is set while it is built): one Swift type may back a type
/// of the Storefront API and another of the Customer Account API whose same-named fields differ.
/// Within one schema Graphiti maps a Swift type to a single GraphQL type (it refuses a second), so an
/// object's type and a field's name find the one key path the schema was declared with.
final class DirectFields: Sendable {
    /// Reads the field off an object of `root`, whose dynamic type it must be.
    struct Getter: Sendable {
        let root: ObjectIdentifier
        let read: @Sendable (any Sendable) -> (any Sendable)?
    }

    /// Set while a schema is built; `keyField` notes into it.
    @TaskLocal static var collecting: DirectFields?

    private let getters = Mutex<[String: [Getter]]>([:])

    /// The getters noted for fields of this name, one per Swift type that has one.
    func getters(named name: String) -> [Getter] { getters.withLock { $0[name] ?? [] } }

    fileprivate func note<Object: Sendable, Value: Sendable>(_ name: String, _ keyPath: KeyPath<Object, Value>) {
        // The object is read where it lies in its box, not copied out of it (a cast copies the
        // whole value: a product's every field retained and released to read one of them); a
        // stored property of a struct is copied out at its offset, anything else through the key
        // path. An object that came boxed inside another existential (a generic value of an
        // existential type made `Any`) opens as that existential, not as `Object`: it is cast.
        let offset = MemoryLayout<Object>.offset(of: keyPath)
        let getter = Getter(root: ObjectIdentifier(Object.self)) { object in
            func read<Opened>(_ opened: Opened) -> Value {
                guard Opened.self == Object.self else { return (opened as! Object)[keyPath: keyPath] }
                return withUnsafePointer(to: opened) { pointer in
                    if let offset { return UnsafeRawPointer(pointer).load(fromByteOffset: offset, as: Value.self) }
                    return pointer.withMemoryRebound(to: Object.self, capacity: 1) { $0.pointee[keyPath: keyPath] }
                }
            }
            return read(object)
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

/// A field that is a property of its object: Graphiti's key-path field, also noted for
/// `SerialExecution` to read directly (`DirectFields`).
func keyField<Object: Sendable, Value: Sendable>(_ name: String, at keyPath: KeyPath<Object, Value>)
    -> Field<Object, RequestContext, Value, NoArguments> {
    DirectFields.collecting?.note(name, keyPath)
    return Field(name, at: keyPath)
}
