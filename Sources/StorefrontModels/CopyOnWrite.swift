/// A value kept in one object that its copies share until one of them changes it: copying a value
/// that holds one is a single reference counted, however many strings and lists the value holds.
///
/// For the catalog's products and variants, which the served pages copy at every field they read
/// (into `Any` and out of it): a product copied field by field retained and released each of its
/// strings and lists, on every core serving it at once.
@frozen public struct CopyOnWrite<Value: Sendable>: @unchecked Sendable {
    @usableFromInline final class Box {
        // Changed only through `value`'s `_modify`, which first makes the box this copy's own; a box
        // that is shared is only read. So no two accesses can overlap and none needs checking.
        @exclusivity(unchecked) @usableFromInline var value: Value
        @usableFromInline init(_ value: Value) { self.value = value }
    }

    @usableFromInline var box: Box

    @inlinable public init(_ value: Value) { box = Box(value) }

    @inlinable public var value: Value {
        get { box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }
}

extension CopyOnWrite: Equatable where Value: Equatable {
    /// Copies that share their box are equal without comparing what it holds.
    @inlinable public static func == (a: Self, b: Self) -> Bool { a.box === b.box || a.box.value == b.box.value }
}
