import XCTest
import AppCore
import AppCoreTesting
import Clocks
import ConcurrencyExtras

/// The test store must fail a test whenever an assertion is incomplete or wrong; these tests capture
/// its failures and check each one is reported, and that a correct test reports nothing.
@MainActor
final class TestStoreSelfTests: XCTestCase {
    struct Counter: Equatable, Sendable {
        var count = 0
        var label = ""
    }

    enum Action: Equatable, Sendable {
        case increment
        case incrementLater
        case waitForever
        case echo(String)
        case twice
        case labelled(String)
    }

    /// A tiny feature with effects of every kind the harness has to follow.
    static func reducer(clock: TestClock<Duration>) -> TestStore<Counter, Action>.Reducer {
        { state, action in
            switch action {
            case .increment:
                state.count += 1
                return .none
            case .incrementLater:
                return .run { send in await send(.increment) }
            case .waitForever:
                return .run { _ in try await clock.sleep(for: .seconds(3600)) }
            case .echo(let text):
                return .send(.labelled(text))
            case .twice:
                return .concatenate(.send(.increment), .send(.increment))
            case .labelled(let text):
                state.label = text
                return .none
            }
        }
    }

    func makeStore(timeout: Duration = .milliseconds(200)) -> TestStore<Counter, Action> {
        TestStore(initialState: Counter(), timeout: timeout, reducer: Self.reducer(clock: TestClock()))
    }

    func testCorrectAssertionsReportNothing() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.increment) { $0.count = 1 }
            await store.send(.incrementLater)
            await store.receive(.increment) { $0.count = 2 }
            await store.send(.echo("hi"))
            await store.receive(.labelled("hi")) { $0.label = "hi" }
            await store.send(.twice)
            await store.receive(.increment) { $0.count = 3 }
            await store.receive(.increment) { $0.count = 4 }
            await store.finish()
        }
        XCTAssertEqual(issues, [])
    }

    /// Effects run on the main serial executor while a store lives, and the executor is as before
    /// once it has finished or gone away.
    func testEffectsRunOnTheMainSerialExecutorWhileTheStoreLives() async {
        XCTAssertFalse(uncheckedUseMainSerialExecutor)
        let store = makeStore()
        XCTAssertTrue(uncheckedUseMainSerialExecutor)
        await store.send(.incrementLater)
        await store.receive(.increment) { $0.count = 1 }
        await store.finish()
        XCTAssertFalse(uncheckedUseMainSerialExecutor)
        var dropped: TestStore<Counter, Action>? = makeStore()
        XCTAssertTrue(uncheckedUseMainSerialExecutor)
        XCTAssertNotNil(dropped)
        dropped = nil
        XCTAssertFalse(uncheckedUseMainSerialExecutor)
    }

    func testUnassertedChangeFailsWithDiff() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.increment)
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("does not match the expectation") == true, issues.description)
        XCTAssertTrue(issues.first?.contains("−   count: 0") == true, issues.description)
        XCTAssertTrue(issues.first?.contains("+   count: 1") == true, issues.description)
    }

    func testWrongExpectedValueFails() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.increment) { $0.count = 2 }
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("−   count: 2") == true, issues.description)
    }

    func testClosureForNoChangeFails() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.incrementLater) { $0.count = 0 }
            await store.receive(.increment) { $0.count = 1 }
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("Expected the state to change") == true, issues.description)
    }

    func testUnreceivedActionFailsAtFinish() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.incrementLater)
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("1 received action(s) were not asserted") == true, issues.description)
        XCTAssertTrue(issues.first?.contains(".increment") == true, issues.description)
    }

    func testUnreceivedActionFailsWhenStoreGoesAway() async {
        let issues = await CapturedIssues.during {
            var store: TestStore<Counter, Action>? = makeStore()
            await store?.send(.echo("x"))
            store = nil
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("were not asserted") == true, issues.description)
    }

    func testRunningEffectFailsAtFinish() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.waitForever)
            await store.finish(timeout: .milliseconds(50))
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("1 effect(s) are still running") == true, issues.description)
        XCTAssertTrue(issues.first?.contains(".waitForever") == true, issues.description)
    }

    func testSendingWithUnassertedReceivedActionsFails() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.echo("a"))
            await store.send(.increment) { $0.count = 1 }
            store.skipReceivedActions()
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("Must handle 1 received action(s)") == true, issues.description)
    }

    func testReceivingTheWrongActionFails() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.echo("a"))
            await store.receive(.labelled("b")) { $0.label = "a" }
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("Received an unexpected action") == true, issues.description)
    }

    func testReceiveWithNothingComingFailsWithoutWaiting() async {
        let start = ContinuousClock.now
        let issues = await CapturedIssues.during {
            let store = TestStore(initialState: Counter(), timeout: .seconds(30), reducer: Self.reducer(clock: TestClock()))
            await store.send(.increment) { $0.count = 1 }
            await store.receive(.increment)
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("Action.increment, but received none. No effect is running.") == true,
                      issues.description)
        // Nothing was running, so the 30 s timeout was not waited out.
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(5))
    }

    func testReceiveTimesOutWhileAnEffectSleeps() async {
        let issues = await CapturedIssues.during {
            let store = makeStore(timeout: .milliseconds(50))
            await store.send(.waitForever)
            await store.receive(.increment)
            await store.cancelInFlightEffects()
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("Effects still running, started by") == true, issues.description)
    }

    func testPredicateReceive() async {
        let issues = await CapturedIssues.during {
            let store = makeStore()
            await store.send(.echo("abc"))
            await store.receive(where: { if case .labelled(let text) = $0 { text.count == 3 } else { false } }) {
                $0.label = "abc"
            }
            await store.send(.echo("x"))
            await store.receive(where: { $0 == .increment }) { $0.label = "x" }
            await store.finish()
        }
        XCTAssertEqual(issues.count, 1)
        XCTAssertTrue(issues.first?.contains("does not match the predicate") == true, issues.description)
    }
}
