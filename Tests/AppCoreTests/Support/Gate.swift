import Synchronization

/// Holds requests until the test answers them, in any order: the way to make responses arrive late
/// or out of order.
final class Gate<Value: Sendable>: Sendable {
    private struct State {
        var waiting: [Int: CheckedContinuation<Value, any Error>] = [:]
        var answers: [Int: Result<Value, any Error>] = [:]
        var nextIndex = 0
    }
    private let state = Mutex(State())

    /// Called by the fake: suspends until `answer(_:with:)` gives request number `index` (from 0) its value.
    func wait() async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let ready = state.withLock { state -> Result<Value, any Error>? in
                let index = state.nextIndex
                state.nextIndex += 1
                if let answer = state.answers.removeValue(forKey: index) { return answer }
                state.waiting[index] = continuation
                return nil
            }
            if let ready { continuation.resume(with: ready) }
        }
    }

    func answer(_ index: Int, with result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            if let waiting = state.waiting.removeValue(forKey: index) { return waiting }
            state.answers[index] = result
            return nil
        }
        continuation?.resume(with: result)
    }
}
