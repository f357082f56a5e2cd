/// Names a group of running effects so a later action can cancel them (`Effect.cancel(id:)`) or
/// replace them (`cancellable(id:cancelInFlight: true)`).
///
/// A string rather than `AnyHashable`: it is `Sendable` without any unchecked conformance, and a
/// failing test prints it readably.
public struct EffectID: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }

    /// An id scoped to one value, e.g. the products page of one collection.
    public init(_ name: String, _ key: String) { self.rawValue = "\(name):\(key)" }

    public var description: String { rawValue }
}
