import Synchronization

/// Runs `work` in a task of its own and answers with its result, or with nil once `budget` has
/// passed or the caller is cancelled (its client went away), whichever comes first.
/// Either way the work's task is cancelled: resolvers check for that, so it stops soon after rather
/// than running on unseen.
func withTimeBudget<T: Sendable>(_ budget: Duration, _ work: @escaping @Sendable () async -> T) async -> T? {
    let race = BudgetRace<T>()
    let task = Task { race.finish(await work()) }
    let deadline = Deadlines.shared.add(after: budget) { race.finish(nil) }
    let result = await withTaskCancellationHandler {
        await withCheckedContinuation { race.wait($0) }
    } onCancel: {
        race.finish(nil)
    }
    task.cancel()
    Deadlines.shared.remove(deadline)
    return result
}

/// Every request's time budgets, watched by one task. A request that ends first takes its deadline
/// out at once and nothing of it stays behind. A sleeping task per request did not: cancelled, it
/// still held its memory until its time would have been up, so a thousand requests a second with
/// ten-second budgets kept tens of megabytes of sleepers alive, and freed them too late for the
/// allocator's trim after the burst.
///
/// The watcher looks every `tick` while any deadline is pending and parks (no wake-ups) while none
/// is: a budget ends at most a tick late.
final class Deadlines: Sendable {
    static let shared = Deadlines()
    static let tick = Duration.milliseconds(20)

    struct Token: Sendable, Hashable {
        fileprivate let id: UInt64
    }

    private struct State {
        var nextId: UInt64 = 0
        var pending: [UInt64: (deadline: ContinuousClock.Instant, action: @Sendable () -> Void)] = [:]
        /// The watcher waits here while nothing is pending.
        var parked: CheckedContinuation<Void, Never>?
        var watching = false
    }
    private let state = Mutex(State())

    /// Calls `action` once `duration` has passed, unless `remove` comes first.
    func add(after duration: Duration, _ action: @escaping @Sendable () -> Void) -> Token {
        let deadline = ContinuousClock.now.advanced(by: duration)
        let (id, wake, start) = state.withLock { state -> (UInt64, CheckedContinuation<Void, Never>?, Bool) in
            state.nextId += 1
            state.pending[state.nextId] = (deadline, action)
            defer { state.parked = nil; state.watching = true }
            return (state.nextId, state.parked, !state.watching)
        }
        wake?.resume()
        if start { Task.detached { [self] in await watch() } }
        return Token(id: id)
    }

    /// Takes a deadline out; its action will not be called (if it has not been already).
    func remove(_ token: Token) {
        _ = state.withLock { $0.pending.removeValue(forKey: token.id) }
    }

    /// How many deadlines are pending (for tests).
    var pendingCount: Int { state.withLock { $0.pending.count } }

    private func watch() async {
        while true {
            // One look a tick: what is due is taken out, and whether anything is left is told.
            let (due, empty) = state.withLock { state -> ([@Sendable () -> Void], Bool) in
                let now = ContinuousClock.now
                var due: [@Sendable () -> Void] = []
                for (id, entry) in state.pending where entry.deadline <= now {
                    due.append(entry.action)
                    state.pending.removeValue(forKey: id)
                }
                return (due, state.pending.isEmpty)
            }
            for action in due { action() }
            if empty {
                await withCheckedContinuation { continuation in
                    let parked = state.withLock { state -> Bool in
                        guard state.pending.isEmpty else { return false }
                        state.parked = continuation
                        return true
                    }
                    if !parked { continuation.resume() }
                }
            } else {
                try? await Task.sleep(for: Self.tick)
            }
        }
    }
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
