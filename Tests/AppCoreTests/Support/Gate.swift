import Synchronization

/// Holds a fake's requests until the test answers them, by key and in any order: the way to make a
/// response arrive late, or after a newer one.
final class Gate<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private struct State {
        var waiting: [Key: CheckedContinuation<Value, any Error>] = [:]
        var answers: [Key: Result<Value, any Error>] = [:]
    }
    private let state = Mutex(State())

    /// Called by the fake: suspends until the test answers `key`.
    func wait(for key: Key) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, any Error>? in
                if let answer = state.answers.removeValue(forKey: key) { return answer }
                state.waiting[key] = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    func answer(_ key: Key, with result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            if let waiting = state.waiting.removeValue(forKey: key) { return waiting }
            state.answers[key] = result
            return nil
        }
        continuation?.resume(with: result)
    }

    func answer(_ key: Key, with value: Value) { answer(key, with: .success(value)) }
}
