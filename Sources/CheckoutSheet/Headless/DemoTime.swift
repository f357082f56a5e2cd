import Clocks
import Determinism
import Foundation

/// The time of headless runs and their tests: swift-clocks' `ImmediateClock`, on which a sleep
/// returns at once and moves time on by its length, and the dates that follow it from a fixed
/// start. Timestamps are reproducible and nothing really waits.
package struct DemoTime: Sendable {
    /// 2025-06-02T09:30:00Z, the demo's fixed starting time.
    package static let demoStart = Date(timeIntervalSince1970: 1_748_856_600)

    package let clock: ImmediateClock<Duration>
    package let dates: DateSource

    package init(start: Date = demoStart) {
        clock = ImmediateClock()
        dates = .following(clock, from: start)
    }

    package func now() -> Date { dates.now }

    /// Lets `duration` pass (the buyer looking at a page): at once, time moves on.
    package func pass(_ duration: Duration) async { try? await clock.sleep(for: duration) }

    /// The simulation environment on this time.
    package var environment: SimulatedCheckoutServer.Environment {
        SimulatedCheckoutServer.Environment(now: dates.closure, sleep: { await pass($0) })
    }
}
