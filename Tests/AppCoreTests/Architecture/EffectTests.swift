import XCTest
import AppCore
import AppCoreTesting
import Clocks

/// The effect kinds, run through the test store (which uses the app's effect runner).
@MainActor
final class EffectTests: XCTestCase {
    enum Action: Equatable, Sendable {
        case sequence
        case merged
        case startSleeper(String)
        case cancelSleeper
        case woke(String)
        case mapped
        case child(Int)
    }

    let clock = TestClock()

    func makeStore() -> TestStore<[String], Action> {
        let clock = self.clock
        return TestStore(initialState: []) { log, action in
            switch action {
            case .sequence:
                return .concatenate(
                    .run { send in
                        // The first step sleeps, and the second must still wait for it.
                        try await clock.sleep(for: .seconds(1))
                        await send(.woke("first"))
                    },
                    .send(.woke("second")))
            case .merged:
                return .merge(.send(.woke("a")), .none, .send(.woke("b")))
            case .startSleeper(let name):
                return .run { send in
                    try await clock.sleep(for: .seconds(5))
                    await send(.woke(name))
                }
                .cancellable(id: "sleeper", cancelInFlight: true)
            case .cancelSleeper:
                return .cancel(id: "sleeper")
            case .woke(let name):
                log.append(name)
                return .none
            case .mapped:
                return Effect<Int>.send(7).map { Action.child($0) }
            case .child(let value):
                log.append("child \(value)")
                return .none
            }
        }
    }

    func testConcatenatedEffectsRunInOrder() async {
        let store = makeStore()
        await store.send(.sequence)
        await clock.advance(by: .seconds(1))
        await store.receive(.woke("first")) { $0 = ["first"] }
        await store.receive(.woke("second")) { $0 = ["first", "second"] }
        await store.finish()
    }

    func testMergedSendsArriveInOrder() async {
        let store = makeStore()
        await store.send(.merged)
        await store.receive(.woke("a")) { $0 = ["a"] }
        await store.receive(.woke("b")) { $0 = ["a", "b"] }
        await store.finish()
    }

    func testCancelInFlightReplacesTheRunningEffect() async {
        let store = makeStore()
        await store.send(.startSleeper("old"))
        await store.send(.startSleeper("new"))
        await clock.advance(by: .seconds(5))
        await store.receive(.woke("new")) { $0 = ["new"] }
        await store.finish()
    }

    func testCancelStopsTheEffectAndDropsWhatItWouldSend() async {
        let store = makeStore()
        await store.send(.startSleeper("x"))
        await store.send(.cancelSleeper)
        await clock.run()
        await store.finish()
        XCTAssertEqual(store.state, [])
    }

    func testMapCarriesAChildEffect() async {
        let store = makeStore()
        await store.send(.mapped)
        await store.receive(.child(7)) { $0 = ["child 7"] }
        await store.finish()
    }
}
