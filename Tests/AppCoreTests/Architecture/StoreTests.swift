import XCTest
import Observation
import AppCore
import AppCoreTesting
import Clocks
import ConcurrencyExtras

@MainActor
final class StoreTests: XCTestCase {
    struct Counter: Equatable, Sendable { var count = 0 }

    enum Action: Equatable, Sendable {
        case increment
        case noop
        /// An effect that sends three actions within one main-actor turn.
        case burst
        case sleep
        case stop
    }

    let clock = TestClock()

    func makeStore() -> Store<Counter, Action> {
        let clock = self.clock
        return Store(initialState: Counter()) { state, action in
            switch action {
            case .increment:
                state.count += 1
                return .none
            case .noop:
                return .none
            case .burst:
                return .run { @MainActor send in
                    send(.increment)
                    send(.increment)
                    send(.increment)
                }
            case .sleep:
                return .run { _ in try await clock.sleep(for: .seconds(60)) }.cancellable(id: "sleep")
            case .stop:
                return .cancel(id: "sleep")
            }
        }
    }

    func testSettledWaitsForEffectsAndTheirActionsButNotLastingWork() async {
        let store = makeStore()
        store.send(.sleep)
        store.send(.burst)
        // The burst's actions are reduced before the store has settled; the sleep is left running.
        await store.settled(ignoring: ["sleep"])
        XCTAssertEqual(store.state.count, 3)
        XCTAssertEqual(store.runningEffectCount, 1)
        // Not ignored, the sleep keeps the store from settling until it ends.
        var settled = false
        let waiter = Task { @MainActor in
            await store.settled()
            settled = true
        }
        await Task.megaYield()
        XCTAssertFalse(settled)
        store.send(.stop)
        await waiter.value
        XCTAssertTrue(settled)
    }

    func testSendReducesAtOnceAndCountsOnlyChanges() {
        let store = makeStore()
        var notified = 0
        store.onChange = { notified += 1 }
        store.send(.increment)
        XCTAssertEqual(store.state.count, 1)
        XCTAssertEqual(store.version, 1)
        store.send(.noop)
        XCTAssertEqual(store.version, 1)
        XCTAssertEqual(notified, 1)
    }

    func testActionsFromEffectsAreOneBatch() async {
        let store = makeStore()
        var notified = 0
        store.onChange = { notified += 1 }
        var changes = store.changes().makeAsyncIterator()
        store.send(.burst)
        XCTAssertEqual(store.state.count, 0)
        await changes.next()
        XCTAssertEqual(store.state.count, 3)
        XCTAssertEqual(store.version, 1)
        XCTAssertEqual(notified, 1)
    }

    func testObservationSeesAChangedBatchOnly() {
        let store = makeStore()
        let fired = Flag()
        withObservationTracking { _ = store.state } onChange: { fired.set() }
        store.send(.noop)
        XCTAssertFalse(fired.isSet)
        store.send(.increment)
        XCTAssertTrue(fired.isSet)
    }

    func testCancellingAnEffectById() async throws {
        let store = makeStore()
        store.send(.sleep)
        XCTAssertEqual(store.runningEffectCount, 1)
        store.send(.stop)
        await store.waitForEffects()
        XCTAssertEqual(store.runningEffectCount, 0)
        try await clock.checkSuspension()
    }

    func testTheAppStoreRunsTheAppReducer() {
        let env = TestEnvironment()
        let store = AppStore(dependencies: env.dependencies)
        store.send(.navigation(.toggleHelp))
        XCTAssertTrue(store.state.isHelpVisible)
        store.send(.navigation(.openSearch))
        store.send(.search(.insert("x")))
        XCTAssertEqual(store.state.screen, .search)
        XCTAssertEqual(store.state.search.query, "x")
        store.cancelAllEffects()
    }
}

/// A flag set from an observation callback (which may run on any thread).
final class Flag: Sendable {
    private let value = Recorder<Bool>()
    func set() { value.record(true) }
    var isSet: Bool { !value.values.isEmpty }
}
