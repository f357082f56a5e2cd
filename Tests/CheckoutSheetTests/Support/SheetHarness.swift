import Foundation
import Storefront
@testable import CheckoutSheet

/// A sheet over the simulated checkout of an in-memory store (or of `store`, such as the embedded
/// shop, when one is given), on a manual clock, recording what the delegate, the stream, the log
/// and the web views produce.
struct SheetHarness {
    let backend: InMemoryCheckoutBackend
    let server: SimulatedCheckoutServer
    let sheet: CheckoutSheet
    let clock: DemoTime
    let delegate: RecordingDelegate
    private let signalLog = Locked<[CheckoutWebSignal]>([])
    private let logLines = Locked<[String]>([])

    init(faults: CheckoutFaults = .none, backend: InMemoryCheckoutBackend = InMemoryCheckoutBackend(),
         store: (any CheckoutBackend)? = nil,
         configuration: CheckoutConfiguration = CheckoutConfiguration(logLevel: .all), recover: Bool? = nil) {
        let clock = DemoTime()
        let server = SimulatedCheckoutServer(backend: store ?? backend, faults: faults, seed: 7, environment: clock.environment)
        let signalLog = self.signalLog, logLines = self.logLines
        self.backend = backend
        self.server = server
        self.clock = clock
        self.delegate = RecordingDelegate(recover: recover)
        self.sheet = CheckoutSheet(configuration: configuration,
                                   webViews: TappedWebViewFactory(server) { signal in signalLog.append(signal) },
                                   now: { clock.now() }, log: { entry in logLines.append(entry.message) })
    }

    var url: String { Fixtures.checkoutURL() }
    var events: [CheckoutEvent] { delegate.recordedEvents }
    var summary: [String] { events.map(ScenarioRun.describe) }
    var signals: [CheckoutWebSignal] { signalLog.value }
    var logs: [String] { logLines.value }

    var bridgeMessages: [String] {
        signals.compactMap { if case .bridgeMessage(let text) = $0 { return text }; return nil }
    }

    @discardableResult
    func present(_ url: String? = nil) async -> AsyncStream<CheckoutSheetUpdate> {
        let stream = await sheet.present(checkoutURL: url ?? self.url, delegate: delegate)
        await sheet.settle()
        return stream
    }

    func send(_ inputs: CheckoutPageInput...) async {
        for input in inputs { await sheet.send(input) }
        await sheet.settle()
    }

    func page() async -> CheckoutPage? { await sheet.currentPage }

    struct NoPage: Error {}

    /// The page on screen; throws when no sheet is up.
    func requirePage() async throws -> CheckoutPage {
        guard let page = await sheet.currentPage else { throw NoPage() }
        return page
    }

    func type(_ field: String, _ text: String) async { await send(.focus(fieldID: field), .insert(text)) }

    func fillDelivery(country: String? = nil, postalCode: String = "10118") async {
        if let country {
            await send(.focus(fieldID: "countryCode"), .deleteBackward, .deleteBackward, .insert(country))
        }
        for (field, value) in [("firstName", "Ada"), ("lastName", "Lovelace"), ("address1", "350 Fifth Avenue"),
                               ("city", "New York"), ("postalCode", postalCode)] {
            await type(field, value)
        }
        await send(.submit)
    }

    func fillPayment(card: String, expiry: String = "12/30", code: String = "123") async {
        await type("cardNumber", card)
        await type("expiry", expiry)
        await type("securityCode", code)
        await type("nameOnCard", "Ada Lovelace")
        await send(.submit)
    }

    /// Contact (pre-filled), delivery, shipping, to the payment step.
    func walkToPayment() async {
        await send(.submit)
        await fillDelivery()
        await send(.submit)
    }

    /// On through payment to the review.
    func walkToReview(card: String = TestCards.approved) async {
        await walkToPayment()
        await fillPayment(card: card)
    }

    /// The first update of `stream` that matches, or nil if the stream ends or `limit` passes first
    /// (an alarm, not a poll: a sheet that never gets there fails the test instead of hanging it).
    static func first(in stream: AsyncStream<CheckoutSheetUpdate>, limit: Duration = .seconds(10),
                      where matches: @escaping @Sendable (CheckoutSheetUpdate) -> Bool) async -> CheckoutSheetUpdate? {
        await withTaskGroup(of: CheckoutSheetUpdate?.self) { group in
            group.addTask {
                for await update in stream where matches(update) { return update }
                return nil
            }
            group.addTask {
                try? await ContinuousClock().sleep(for: limit)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
    }

    /// Waits for the stream to end and returns every update.
    static func collect(_ stream: AsyncStream<CheckoutSheetUpdate>) async -> [CheckoutSheetUpdate] {
        var updates: [CheckoutSheetUpdate] = []
        for await update in stream { updates.append(update) }
        return updates
    }
}
