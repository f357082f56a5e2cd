import XCTest
import AppCoreTesting

final class TestClockTests: XCTestCase {
    func testSleepersWakeAtTheirDeadlineInOrder() async {
        let clock = TestClock()
        let woke = Recorder<String>()
        let late = Task { try await clock.sleep(for: .seconds(2)); woke.record("late") }
        let early = Task { try await clock.sleep(for: .seconds(1)); woke.record("early") }
        await clock.waitForSleepers(2)
        await clock.advance(by: .milliseconds(999))
        XCTAssertEqual(woke.values, [])
        await clock.advance(by: .milliseconds(1))
        _ = await early.result
        XCTAssertEqual(woke.values, ["early"])
        await clock.advance(by: .seconds(1))
        _ = await late.result
        XCTAssertEqual(woke.values, ["early", "late"])
        XCTAssertEqual(clock.now.offset, .seconds(2))
    }

    func testACancelledSleeperThrows() async {
        let clock = TestClock()
        let sleeper = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(1)
        sleeper.cancel()
        let result = await sleeper.result
        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(clock.sleeperCount, 0)
    }

    func testRunWakesEveryoneAndAPastDeadlineReturnsAtOnce() async throws {
        let clock = TestClock()
        let woke = Recorder<Int>()
        let sleepers = (1...3).map { n in Task { try await clock.sleep(for: .seconds(n * 10)); woke.record(n) } }
        await clock.waitForSleepers(3)
        await clock.run()
        for sleeper in sleepers { _ = await sleeper.result }
        XCTAssertEqual(woke.values, [1, 2, 3])
        XCTAssertEqual(clock.now.offset, .seconds(30))
        try await clock.sleep(until: clock.now.advanced(by: .seconds(-1)))
    }

    func testWaitingForSleepersGivesUp() async {
        let clock = TestClock()
        let found = await clock.waitForSleepers(1, timeout: .milliseconds(10))
        XCTAssertFalse(found)
    }
}
