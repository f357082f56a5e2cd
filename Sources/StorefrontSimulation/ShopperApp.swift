import AppCore
import CheckoutSheet
import Foundation
import Storefront

/// One app process: the app's real store and reducers over the dependencies of a process, driven
/// by actions as its key map sends them. Every state it publishes (a frame) is kept for the checks.
@MainActor
final class ShopperApp {
    let store: AppStore
    let dependencies: AppDependencies
    private(set) var frames: [AppState] = []
    private let settleTimeout: Duration

    /// `settleTimeout` tells a hang from a slow machine: a step settles in well under a second, but
    /// a simulator starved of CPU (run at a low priority beside builds) has seen a step take over
    /// 10 s and pass when run again alone, so a step is called unsettled only after 30 s.
    init(dependencies: AppDependencies, settleTimeout: Duration = .seconds(30)) {
        store = AppStore(dependencies: dependencies)
        self.dependencies = dependencies
        self.settleTimeout = settleTimeout
        store.onChange = { [weak self] in
            guard let self else { return }
            frames.append(store.state)
        }
    }

    var state: AppState { store.state }

    func send(_ actions: AppAction...) { for action in actions { store.send(action) } }

    func takeFrames() -> [AppState] {
        defer { frames.removeAll(keepingCapacity: true) }
        return frames
    }

    /// Starts as the app does and waits for the start-up work.
    func start() async -> Bool {
        store.send(.appStarted)
        return await settle()
    }

    /// Waits until no effect runs and nothing is left to reduce. False when that took longer than
    /// the timeout (the effects still running are then cancelled).
    func settle() async -> Bool {
        let watchdog = Watchdog()
        let store = store
        let timeout = settleTimeout
        let timer = Task { @MainActor in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            watchdog.fired = true
            store.cancelAllEffects()
        }
        defer { timer.cancel() }
        for _ in 0..<100 {
            await store.waitForEffects()
            // Answers delivered by the last effects are reduced by a job queued on the main actor.
            for _ in 0..<4 { await Task.yield() }
            if store.runningEffectCount == 0 { break }
        }
        return !watchdog.fired
    }

    /// Polls until `condition` holds (true) or `timeout` passes (false), for work that is meant to
    /// keep running, like a presented checkout sheet.
    func wait(timeout: Duration = .seconds(5), until condition: (AppState) -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !condition(store.state) {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return true
    }

    /// Quits as a killed process would not: everything running is cancelled first.
    func shutDown() async {
        store.cancelAllEffects()
        await store.waitForEffects()
    }
}

@MainActor
private final class Watchdog { var fired = false }
