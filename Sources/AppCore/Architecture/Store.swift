import Observation

/// The app's single source of truth: it owns the state, runs the reducer for every action, performs
/// the effects the reducer returns and tells the view layer when the state changed.
///
/// Batching: `send(_:)` reduces synchronously and returns at once; effects run as tasks. Actions sent
/// back by effects are queued and drained together by one main-actor job, so a burst of responses
/// (checkout pixels, a page and a cart arriving together) is one batch. Each batch mutates `state`
/// once for Observation (one `withMutation`), bumps `version` once, calls `onChange` once and yields
/// once on `changes` — and only if the state actually differs from before the batch.
///
/// A SwiftUI-style view observes `state` with `withObservationTracking`; a terminal loop either sets
/// `onChange` or iterates `changes`, then renders the latest `state` (or compares `version` with
/// the one it last drew). Effects deliver actions on the main actor, so that loop must not block the
/// main actor while waiting for keys (read them off the main thread, or await between polls).
@MainActor
@Observable
public final class Store<State: Equatable & Sendable, Action: Sendable> {
    public typealias Reducer = @MainActor (inout State, Action) -> Effect<Action>

    @ObservationIgnored private var current: State
    @ObservationIgnored private let reducer: Reducer
    @ObservationIgnored private var runner: EffectRunner<Action>!
    @ObservationIgnored private var inbox: [Action] = []
    @ObservationIgnored private var drainScheduled = false
    @ObservationIgnored private var isReducing = false
    @ObservationIgnored private var changeContinuations: [Int: AsyncStream<Void>.Continuation] = [:]
    @ObservationIgnored private var nextContinuationID = 0
    @ObservationIgnored private var settledWaiters: [(ignoring: Set<EffectID>, continuation: CheckedContinuation<Void, Never>)] = []

    /// Called once per batch of actions that changed the state.
    @ObservationIgnored public var onChange: (@MainActor () -> Void)?

    /// Counts the batches that changed the state: a cheap "has anything changed since I drew?" check.
    /// (Observe `state` to be told; this counter itself is not observed.)
    @ObservationIgnored public private(set) var version = 0

    /// Made once: a key path into a generic class is instantiated at run time, which costs more
    /// than reducing an action.
    @ObservationIgnored private let stateKeyPath: KeyPath<Store, State> = \.state

    public var state: State {
        access(keyPath: stateKeyPath)
        return current
    }

    public init(initialState: State, reducer: @escaping Reducer) {
        self.current = initialState
        self.reducer = reducer
        self.runner = EffectRunner(deliver: { [weak self] action in self?.enqueue(action) },
                                   onFinish: { [weak self] in self?.resumeSettled() })
    }

    isolated deinit {
        runner.cancelAll()
        for continuation in changeContinuations.values { continuation.finish() }
        for waiter in settledWaiters { waiter.continuation.resume() }
    }

    /// Reduces `action` (after any actions effects have queued) and starts its effects.
    /// Returns before any effect work has run.
    public func send(_ action: Action) {
        inbox.append(action)
        drain()
    }

    /// One notification per batch that changed the state. Buffers at most one pending notification:
    /// a slow consumer sees "changed" once, then reads the latest state.
    public func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let id = nextContinuationID
        nextContinuationID += 1
        changeContinuations[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.changeContinuations[id] = nil }
        }
        return stream
    }

    /// Number of effects still running (for diagnostics and benchmarks).
    public var runningEffectCount: Int { runner.running.count }

    /// Suspends until no effect is running (for headless runs and benchmarks; an open checkout
    /// stream keeps this waiting until the sheet is dismissed).
    public func waitForEffects() async { await runner.waitUntilIdle() }

    /// Cancels every running effect (on quit).
    public func cancelAllEffects() { runner.cancelAll() }

    /// Suspends until every action sent has been reduced and every effect has ended, apart from
    /// effects tagged with one of `ignoring` (work that lasts as long as what it watches: a sheet on
    /// screen, a login in the browser). Woken by the store's own batches and ending effects, never
    /// by a timer.
    public func settled(ignoring: Set<EffectID> = []) async {
        guard !isSettled(ignoring: ignoring) else { return }
        await withCheckedContinuation { settledWaiters.append((ignoring, $0)) }
    }

    private func isSettled(ignoring: Set<EffectID>) -> Bool {
        inbox.isEmpty && !isReducing && runner.running.allSatisfy { $0.ids.contains(where: ignoring.contains) }
    }

    private func resumeSettled() {
        guard !settledWaiters.isEmpty else { return }
        var waiting: [(ignoring: Set<EffectID>, continuation: CheckedContinuation<Void, Never>)] = []
        for waiter in settledWaiters {
            if isSettled(ignoring: waiter.ignoring) { waiter.continuation.resume() } else { waiting.append(waiter) }
        }
        settledWaiters = waiting
    }

    private func enqueue(_ action: Action) {
        inbox.append(action)
        // A `.send` effect delivered while reducing joins the batch being drained.
        guard !isReducing, !drainScheduled else { return }
        drainScheduled = true
        Task { @MainActor [weak self] in self?.drain() }
    }

    private func drain() {
        drainScheduled = false
        guard !isReducing, !inbox.isEmpty else { return }
        isReducing = true
        // Reduce the whole batch into a copy, then publish it with one mutation: observers hear of
        // a batch once, and not at all when it changed nothing.
        var next = current
        var index = 0
        while index < inbox.count {
            let action = inbox[index]
            index += 1
            let effect = reducer(&next, action)
            // `.send` effects land in `inbox` right away and are reduced in this same batch.
            runner.start(effect, origin: action)
        }
        inbox.removeAll(keepingCapacity: true)
        isReducing = false
        defer { resumeSettled() }
        guard next != current else { return }
        withMutation(keyPath: stateKeyPath) { current = next }
        version += 1
        onChange?()
        for continuation in changeContinuations.values { continuation.yield() }
    }
}
