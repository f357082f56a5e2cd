import Synchronization

/// The first of several racing answers; later ones are dropped. `wait` suspends until one arrives.
final class FirstResult<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, any Error>?)
        case done(Result<Value, any Error>)
    }

    private let state = Mutex<State>(.waiting(nil))

    /// Starts the racers (`start`), then waits for the first answer (or one that came before).
    func wait(_ start: () -> Void) async throws -> Value {
        try await withCheckedThrowingContinuation { continuation in
            let early = state.withLock { state -> Result<Value, any Error>? in
                if case .done(let result) = state { return result }
                state = .waiting(continuation)
                return nil
            }
            if let early { continuation.resume(with: early) } else { start() }
        }
    }

    func finish(_ result: Result<Value, any Error>) {
        let continuation = state.withLock { state -> CheckedContinuation<Value, any Error>? in
            guard case .waiting(let continuation) = state else { return nil }
            state = .done(result)
            return continuation
        }
        continuation?.resume(with: result)
    }
}
