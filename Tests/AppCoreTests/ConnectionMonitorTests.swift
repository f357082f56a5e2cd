import XCTest
import AppCore
import Storefront

final class ConnectionMonitorTests: XCTestCase {
    /// Fallbacks are news every time (the age changes); answers only after a fallback.
    func testFallbacksAndTheReturnOfTheNetwork() async {
        let monitor = ConnectionMonitor()
        let report = monitor.report
        report(.responseReceived(operation: "Shop", status: 200, bytes: 10, duration: 0.1))
        report(.servedFromCacheAfterNetworkFailure(operation: "Collections", age: 720, error: .transport("the connection was refused")))
        report(.responseReceived(operation: "Collections", status: 503, bytes: 10, duration: 0.1))
        report(.responseReceived(operation: "Collections", status: 200, bytes: 10, duration: 0.1))
        report(.responseReceived(operation: "Cart", status: 200, bytes: 10, duration: 0.1))
        report(.servedFromCache(operation: "Shop", age: 30))
        report(.servedFromCacheAfterNetworkFailure(operation: "Shop", age: 60, error: .transport("the request timed out")))
        var received: [ConnectionEvent] = []
        for await event in monitor.events {
            received.append(event)
            if received.count == 3 { break }
        }
        XCTAssertEqual(received, [.servedFromCache(dataAge: 720, reason: "Could not reach the storefront: the connection was refused"),
                                  .answered,
                                  .servedFromCache(dataAge: 60, reason: "Could not reach the storefront: the request timed out")])
    }
}
