import Synchronization

/// Values worked out once and kept by key for the requests after, at most `capacity` of them: a
/// full table starts again rather than grow (what a client sends has no end; what comes again and
/// again is soon kept again).
final class KeptTable<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private let values = Mutex<[Key: Value]>([:])

    init(capacity: Int) { self.capacity = capacity }

    subscript(key: Key) -> Value? { values.withLock { $0[key] } }

    func keep(_ value: Value, for key: Key) {
        values.withLock { values in
            if values.count >= capacity { values.removeAll(keepingCapacity: true) }
            values[key] = value
        }
    }

    var count: Int { values.withLock { $0.count } }
}
