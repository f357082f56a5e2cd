import Clocks
import Determinism
import Foundation
import Testing

/// Seeded runs (fuzz cases, simulated sessions, demo ids) are repeated from their seed only while
/// these numbers hold: they are the published reference values of each algorithm.
struct SeededRandomTests {
    @Test func splitMix64GivesTheReferenceSequence() {
        var random = SeededRandom(seed: 0)
        #expect((0..<3).map { _ in random.next() } == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func theSameSeedGivesTheSameDraws() {
        var a = SeededRandom(seed: 3), b = SeededRandom(seed: 3), c = SeededRandom(seed: 4)
        let drawsA = (0..<50).map { _ in a.int(0...1000) }
        #expect(drawsA == (0..<50).map { _ in b.int(0...1000) })
        #expect(drawsA != (0..<50).map { _ in c.int(0...1000) })
    }

    @Test func belowStaysInItsRangeAndAnEmptyRangeIsZero() {
        var random = SeededRandom(seed: 9)
        #expect((0..<200).allSatisfy { _ in (0..<7).contains(random.below(7)) })
        #expect(random.below(0) == 0)
    }
}

struct StableHashTests {
    @Test func fnv1aGivesTheReferenceValues() {
        #expect(StableHash.fnv1a("") == 0xCBF2_9CE4_8422_2325)
        #expect(StableHash.fnv1a("a") == 0xAF63_DC4C_8601_EC8C)
        #expect(StableHash.fnv1a("foobar") == 0x85944171F73967E8)
    }
}

struct DateSourceTests {
    private let start = Date(timeIntervalSince1970: 1_748_856_600)

    @Test func datesMoveOnlyWhenATestClockIsAdvanced() async {
        let clock = TestClock()
        let dates = DateSource.following(clock, from: start)
        #expect(dates.now == start)
        #expect(dates.closure() == start)
        await clock.advance(by: .seconds(90.5))
        #expect(dates.now == start.addingTimeInterval(90.5))
        await clock.advance(by: .seconds(86_400 * 11))
        #expect(dates.now == start.addingTimeInterval(90.5 + 86_400 * 11))
    }

    @Test func anImmediateClocksSleepMovesTheDatesAtOnce() async throws {
        let clock = ImmediateClock()
        let dates = DateSource.following(clock, from: start)
        try await clock.sleep(for: .seconds(3))
        try await clock.sleep(for: .milliseconds(250))
        #expect(dates.now == start.addingTimeInterval(3.25))
    }

    @Test func sourcesMadeAtAnOriginAgreeWheneverTheyWereMade() async {
        let clock = TestClock()
        let early = DateSource.following(clock, from: start, at: TestClock.Instant())
        await clock.advance(by: .seconds(60))
        let late = DateSource.following(clock, from: start, at: TestClock.Instant())
        #expect(early.now == start.addingTimeInterval(60))
        #expect(late.now == early.now)
        #expect(DateSource.following(clock, from: start).now == start, "without an origin: from the clock's instant now")
    }

    @Test func theSystemsDateIsNow() {
        let before = Date()
        let now = DateSource.system.now
        #expect(now >= before && now <= Date())
    }
}
