import Foundation
import Synchronization

/// A clock that only moves when told: `sleep` advances it instead of waiting. Headless runs and
/// tests use it so timestamps are reproducible and nothing really waits.
package final class ManualClock: Sendable {
    private let current: Mutex<Date>

    package init(start: Date) { current = Mutex(start) }

    /// 2025-06-02T09:30:00Z, the demo's fixed starting time.
    package static let demoStart = Date(timeIntervalSince1970: 1_748_856_600)

    package func now() -> Date { current.withLock { $0 } }

    package func advance(by duration: Duration) {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    package func sleep(for duration: Duration) async { advance(by: duration) }

    /// The simulation environment driven by this clock.
    package var environment: SimulatedCheckoutServer.Environment {
        SimulatedCheckoutServer.Environment(now: { self.now() }, sleep: { await self.sleep(for: $0) })
    }
}
