import Testing
import AppCore
import AppCoreTesting
import Clocks

/// The test store under Swift Testing: its failures must be recorded as issues of the running test.
@MainActor
@Suite(.serialized) struct TestStoreSwiftTestingTests {
    typealias Counter = TestStoreSelfTests.Counter
    typealias Action = TestStoreSelfTests.Action

    func makeStore() -> TestStore<Counter, Action> {
        TestStore(initialState: Counter(), timeout: .milliseconds(100), reducer: TestStoreSelfTests.reducer(clock: TestClock()))
    }

    @Test func correctAssertionsRecordNothing() async {
        let store = makeStore()
        await store.send(.incrementLater)
        await store.receive(.increment) { $0.count = 1 }
        await store.finish()
    }

    @Test func anUnassertedChangeIsAnIssue() async {
        await withKnownIssue {
            let store = makeStore()
            await store.send(.increment)
            await store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("+   count: 1") }
        }
    }

    @Test func anUnreceivedActionIsAnIssue() async {
        await withKnownIssue {
            let store = makeStore()
            await store.send(.echo("x"))
            await store.finish()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("were not asserted") }
        }
    }

    @Test func aRunningEffectIsAnIssue() async {
        await withKnownIssue {
            let store = makeStore()
            await store.send(.waitForever)
            await store.finish(timeout: .milliseconds(20))
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("effect(s) are still running") }
        }
    }
}
