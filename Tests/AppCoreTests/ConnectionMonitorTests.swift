import XCTest
import AppCore
import AppCoreTesting
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

    /// A request that finds no network makes the app offline at once, before any saved answer
    /// runs out; the network answering again makes it online.
    func testANetworkFailureIsOfflineAtOnce() async {
        let monitor = ConnectionMonitor()
        let report = monitor.report
        report(.unreachable(operation: "Cart", error: .transport("the connection was refused")))
        report(.responseReceived(operation: "Cart", status: 200, bytes: 10, duration: 0.1))
        var received: [ConnectionEvent] = []
        for await event in monitor.events {
            received.append(event)
            if received.count == 2 { break }
        }
        XCTAssertEqual(received, [.unreachable(reason: "Could not reach the storefront: the connection was refused"), .answered])
    }
}

/// The header's state: offline with the age of saved data when there is one; an unreachable
/// network keeps the age it knew.
@MainActor
final class ConnectionStatusTests: XCTestCase {
    func testUnreachableIsOfflineAndKeepsAKnownAge() async {
        let store = TestEnvironment().store()
        await store.send(.connection(.unreachable(reason: "refused"))) { $0.connection = .offline(dataAge: nil, reason: "refused") }
        await store.send(.connection(.servedFromCache(dataAge: 60, reason: "refused"))) {
            $0.connection = .offline(dataAge: 60, reason: "refused")
        }
        await store.send(.connection(.unreachable(reason: "timed out"))) { $0.connection = .offline(dataAge: 60, reason: "timed out") }
        await store.send(.connection(.answered)) { $0.connection = .online }
        await store.finish()
    }
}
