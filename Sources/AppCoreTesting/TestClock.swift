import Synchronization

/// A clock whose time moves only when a test says so. Sleepers wake, in deadline order, when
/// `advance(by:)` or `run()` moves the time past their deadline; a cancelled sleeper throws
/// `CancellationError` at once. No wall-clock time passes in either.
public final class TestClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// Time since the clock was made.
        public var offset: Duration

        public init(offset: Duration = .zero) { self.offset = offset }

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct Waiter {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant()
        var sleepers: [Sleeper] = []
        var nextId = 0
        var waiters: [Waiter] = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .zero }

    /// How many tasks are sleeping on this clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextId += 1
            return state.nextId
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (resumeNow, waiters) = state.withLock { state -> (Bool, [Waiter]) in
                    if deadline <= state.now { return (true, []) }
                    // Cancelled between the check above and here: the handler found nothing to cancel.
                    if Task.isCancelled { return (true, []) }
                    state.sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return (false, Self.takeSatisfiedWaiters(&state))
                }
                if resumeNow { continuation.resume() }
                for waiter in waiters { waiter.continuation.resume() }
            }
        } onCancel: {
            let sleeper = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                return state.sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
        try Task.checkCancellation()
    }

    /// Moves the time forward by `duration`, waking every sleeper whose deadline is reached, earliest first.
    public func advance(by duration: Duration = .zero) async {
        let target = now.advanced(by: duration)
        await advance(to: target)
    }

    /// Moves the time to `target`, waking sleepers in deadline order. Sleepers that woken tasks start
    /// on the way (a retry, a second debounce) wake too if their deadline falls before `target`.
    public func advance(to target: Instant) async {
        while true {
            await Self.letTasksRun()
            let due = state.withLock { state -> [Sleeper] in
                let next = state.sleepers.map(\.deadline).min()
                guard let next, next <= target else {
                    if state.now < target { state.now = target }
                    return []
                }
                state.now = max(state.now, next)
                let due = state.sleepers.filter { $0.deadline <= next }
                state.sleepers.removeAll { $0.deadline <= next }
                return due
            }
            if due.isEmpty { break }
            for sleeper in due { sleeper.continuation.resume() }
        }
        await Self.letTasksRun()
    }

    /// Moves the time until nobody sleeps any more.
    public func run() async {
        while true {
            await Self.letTasksRun()
            guard let last = state.withLock({ $0.sleepers.map(\.deadline).max() }) else { return }
            await advance(to: last)
        }
    }

    /// Suspends until at least `count` tasks sleep on this clock, so a test can advance the time
    /// only once the effect it means has started sleeping. Returns false after `timeout` of real time.
    @discardableResult
    public func waitForSleepers(_ count: Int = 1, timeout: Duration = .seconds(2)) async -> Bool {
        let ready = state.withLock { $0.sleepers.count >= count }
        if ready { return true }
        let deadline = ContinuousClock.now.advanced(by: timeout)
        let timer = Task {
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard !Task.isCancelled else { return }
            let waiters = self.state.withLock { state -> [Waiter] in
                defer { state.waiters.removeAll() }
                return state.waiters
            }
            for waiter in waiters { waiter.continuation.resume() }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = state.withLock { state -> Bool in
                if state.sleepers.count >= count || ContinuousClock.now >= deadline { return true }
                state.waiters.append(Waiter(count: count, continuation: continuation))
                return false
            }
            if resumeNow { continuation.resume() }
        }
        timer.cancel()
        return sleeperCount >= count
    }

    private static func takeSatisfiedWaiters(_ state: inout State) -> [Waiter] {
        let count = state.sleepers.count
        let satisfied = state.waiters.filter { $0.count <= count }
        state.waiters.removeAll { $0.count <= count }
        return satisfied
    }

    /// Lets tasks woken by the clock reach their next suspension before time moves again.
    private static func letTasksRun() async {
        for _ in 0..<10 { await Task.yield() }
    }
}
