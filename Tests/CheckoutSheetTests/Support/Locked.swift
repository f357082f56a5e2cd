import Synchronization

/// A value shared with @Sendable closures (loggers, taps, outputs) in tests.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    var value: Value { mutex.withLock { $0 } }
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R { mutex.withLock { body(&$0) } }
}

extension Locked {
    func append<Element>(_ element: Element) where Value == [Element] { withLock { $0.append(element) } }
}
