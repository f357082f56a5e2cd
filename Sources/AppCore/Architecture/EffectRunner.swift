/// Performs effects for a store: starts their work as tasks, remembers which ids tag them so they can
/// be cancelled, and forgets them when they end. `Store` and the test store share it, so tests run
/// effects exactly as the app does.
///
/// Everything here happens on the main actor; the async bodies of `.run` effects are nonisolated and
/// run on the global executor, hopping back through `Send` to deliver actions.
@MainActor
public final class EffectRunner<Action: Sendable> {
    /// One running piece of work.
    public struct Running: Sendable {
        /// The action whose reducer asked for it, for test failure messages.
        public var origin: Action
        public var ids: [EffectID]
    }

    private struct Entry {
        var task: Task<Void, Never>
        var running: Running
    }

    private let deliver: @MainActor (Action) -> Void
    private let onIdle: @MainActor () -> Void
    private let onFinish: @MainActor () -> Void
    private var entries: [Int: Entry] = [:]
    private var tokensByID: [EffectID: Set<Int>] = [:]
    private var nextToken = 0
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []
    /// The last effect started under each serial id: the next one waits for it.
    private var serialTails: [EffectID: Task<Void, Never>] = [:]

    /// - Parameters:
    ///   - deliver: receives every action an effect sends (`.send` effects included).
    ///   - onIdle: called whenever a piece of work ends and nothing else is running.
    ///   - onFinish: called whenever a piece of work ends (after `onIdle`).
    public init(deliver: @escaping @MainActor (Action) -> Void, onIdle: @escaping @MainActor () -> Void = {},
                onFinish: @escaping @MainActor () -> Void = {}) {
        self.deliver = deliver
        self.onIdle = onIdle
        self.onFinish = onFinish
    }

    /// What is running now, oldest first.
    public var running: [Running] { entries.sorted { $0.key < $1.key }.map(\.value.running) }

    public var isIdle: Bool { entries.isEmpty }

    /// Starts `effect`. Synchronous `.send` actions are delivered before this returns.
    public func start(_ effect: Effect<Action>, origin: Action) {
        if effect.isNone { return }
        _ = start(effect.kind, origin: origin, ids: [])
    }

    /// Cancels everything tagged with `id`.
    public func cancel(id: EffectID) {
        guard let tokens = tokensByID.removeValue(forKey: id) else { return }
        for token in tokens { entries[token]?.task.cancel() }
    }

    /// Suspends until nothing is running.
    public func waitUntilIdle() async {
        guard !entries.isEmpty else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    public func cancelAll() {
        for entry in entries.values { entry.task.cancel() }
        tokensByID.removeAll()
    }

    private func start(_ kind: Effect<Action>.Kind, origin: Action, ids: [EffectID]) -> [Task<Void, Never>] {
        switch kind {
        case .none:
            return []
        case .send(let action):
            deliver(action)
            return []
        case .cancel(let cancelled):
            cancelled.forEach(cancel(id:))
            return []
        case .cancellable(let id, let cancelInFlight, let inner):
            if cancelInFlight { cancel(id: id) }
            return start(inner.kind, origin: origin, ids: ids + [id])
        case .merge(let effects):
            return effects.flatMap { start($0.kind, origin: origin, ids: ids) }
        case .run(let operation):
            let send = Send<Action>(deliver)
            return [track(origin: origin, ids: ids) { await operation(send) }]
        case .serial(let id, let inner):
            let previous = serialTails[id]
            let task = track(origin: origin, ids: ids) { [weak self] in
                await previous?.value
                guard !Task.isCancelled, let self else { return }
                let children = self.start(inner.kind, origin: origin, ids: ids)
                await withTaskCancellationHandler {
                    for child in children { await child.value }
                } onCancel: {
                    for child in children { child.cancel() }
                }
            }
            serialTails[id] = task
            return [task]
        case .concatenate(let effects):
            return [track(origin: origin, ids: ids) { [weak self] in
                for effect in effects {
                    guard !Task.isCancelled, let self else { return }
                    let children = self.start(effect.kind, origin: origin, ids: ids)
                    // Cancelling the sequence cancels the step in progress too.
                    await withTaskCancellationHandler {
                        for child in children { await child.value }
                    } onCancel: {
                        for child in children { child.cancel() }
                    }
                }
            }]
        }
    }

    private func track(origin: Action, ids: [EffectID], _ body: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let token = nextToken
        nextToken += 1
        // The task starts after this main-actor job ends, so it is registered before it can finish.
        let task = Task { [weak self] in
            await body()
            self?.finished(token)
        }
        entries[token] = Entry(task: task, running: Running(origin: origin, ids: ids))
        for id in ids { tokensByID[id, default: []].insert(token) }
        return task
    }

    private func finished(_ token: Int) {
        guard let entry = entries.removeValue(forKey: token) else { return }
        serialTails = serialTails.filter { $0.value != entry.task }
        for id in entry.running.ids {
            tokensByID[id]?.remove(token)
            if tokensByID[id]?.isEmpty == true { tokensByID[id] = nil }
        }
        defer { onFinish() }
        guard entries.isEmpty else { return }
        onIdle()
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }
}
