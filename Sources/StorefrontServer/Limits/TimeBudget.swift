import Synchronization

/// Runs `work` in a task of its own and answers with its result, or with nil once `budget` has
/// passed, `stop` fired or the caller is cancelled (its client went away), whichever comes first.
/// Either way the work's task is cancelled: resolvers check for that, so it stops soon after rather
/// than running on unseen.
func withTimeBudget<T: Sendable>(_ budget: Duration, stop: StopSignal? = nil, _ work: @escaping @Sendable () async -> T) async -> T? {
    let race = BudgetRace<T>()
    stop?.onFire { race.finish(nil) }
    let task = Task { race.finish(await work()) }
    let timer = Task {
        try? await Task.sleep(for: budget)
        if !Task.isCancelled { race.finish(nil) }
    }
    let result = await withTaskCancellationHandler {
        await withCheckedContinuation { race.wait($0) }
    } onCancel: {
        race.finish(nil)
    }
    task.cancel()
    timer.cancel()
    return result
}

/// The first of the work, the timer and cancellation to finish decides; the others are ignored.
private final class BudgetRace<T: Sendable>: Sendable {
    private struct State {
        var outcome: T??
        var continuation: CheckedContinuation<T?, Never>?
    }
    private let state = Mutex(State())

    func finish(_ value: T?) {
        let waiting = state.withLock { state -> CheckedContinuation<T?, Never>? in
            guard case .none = state.outcome else { return nil }
            state.outcome = .some(value)
            defer { state.continuation = nil }
            return state.continuation
        }
        waiting?.resume(returning: value)
    }

    func wait(_ continuation: CheckedContinuation<T?, Never>) {
        let decided = state.withLock { state -> T?? in
            if let outcome = state.outcome { return .some(outcome) }
            state.continuation = continuation
            return nil
        }
        if let decided { continuation.resume(returning: decided) }
    }
}
