import Determinism
import Foundation
import Storefront

/// Runs one `CheckoutScenario` headless: a simulated checkout for the cart behind `checkoutURL`,
/// a sheet, and a `ScriptedBuyer` working through the page. Every lifecycle event is written as a
/// JSON line. Deterministic for a seed: ids come from the seed, times from `DemoTime` (and
/// the cart's id from the backend, which the demo command seeds with the same seed). In protocol
/// 2025-10 the app authenticates with a JWT made locally from the seed, and answers the page's
/// requests as the scenario says.
package struct CheckoutDemo: Sendable {
    package var scenario: CheckoutScenario
    package var backend: any CheckoutBackend
    package var checkoutURL: String
    package var seed: UInt64
    package var clock: DemoTime
    package var logLevel: CheckoutConfiguration.LogLevel
    package var protocolVersion: CheckoutProtocol

    package init(scenario: CheckoutScenario, backend: any CheckoutBackend, checkoutURL: String, seed: UInt64 = 1,
                clock: DemoTime = DemoTime(), logLevel: CheckoutConfiguration.LogLevel = .none,
                protocolVersion: CheckoutProtocol = .bridge81) {
        self.scenario = scenario; self.backend = backend; self.checkoutURL = checkoutURL; self.seed = seed
        self.clock = clock; self.logLevel = logLevel; self.protocolVersion = protocolVersion
        issuedAt = clock.now()
    }

    /// When the app's token was issued: when the demo was set up.
    private let issuedAt: Date

    /// The app's token for this run (protocol 2025-10): a client-credentials JWT signed with a secret
    /// drawn from the seed, for the checkout's shop.
    package var appAuthentication: AppAuthenticationToken {
        AppAuthenticationToken.clientCredentials(
            clientId: "storefront-checkout-demo",
            clientSecret: SeededIdentifiers.hex(StableHash.fnv1a("demo-client-secret-\(seed)")),
            audience: URLComponents(string: checkoutURL)?.host ?? "shop.example", issuedAt: issuedAt)
    }

    var configuration: CheckoutConfiguration {
        guard protocolVersion == .embedded202510 else { return CheckoutConfiguration(logLevel: logLevel) }
        return CheckoutConfiguration(logLevel: logLevel, protocolVersion: protocolVersion, delegations: scenario.delegations,
                                     appAuthentication: appAuthentication)
    }

    /// How long the buyer takes over each step.
    static let thinkTime: Duration = .seconds(6)

    /// Runs the scenario; returns the events in order.
    /// - Parameters:
    ///   - output: receives one JSON line per lifecycle event.
    ///   - log: receives the sheet's log lines (at `logLevel`).
    ///   - tap: sees every signal the checkout pages send to the sheet, bridge messages included.
    @discardableResult
    package func run(output: @escaping @Sendable (String) -> Void,
                    log: @escaping @Sendable (CheckoutLogEntry) -> Void = { _ in },
                    tap: @escaping @Sendable (CheckoutWebSignal) -> Void = { _ in }) async -> [CheckoutEvent] {
        if scenario.paidEarlier { await payEarlier() }
        await clock.pass(scenario.idle)
        let server = SimulatedCheckoutServer(backend: backend, faults: scenario.faults, seed: seed,
                                             environment: clock.environment)
        let clock = self.clock
        let sheet = CheckoutSheet(configuration: configuration, webViews: TappedWebViewFactory(server, tap: tap),
                                  now: clock.dates.closure, sleep: { await clock.pass($0) }, log: log)
        let url = scenario.opening == .multipass ? multipassURL() : checkoutURL
        if scenario.opening == .preloadThenPresent {
            await sheet.preload(checkoutURL: url)
            await clock.pass(.seconds(20)) // the buyer looks at the cart a while
        }
        let answers = scenario.answers
        let printer = EventPrinter(output: output, answer: { answers[$0.kind] })
        _ = await sheet.present(checkoutURL: url, delegate: printer)
        await sheet.settle()
        var buyer = ScriptedBuyer(plan: scenario.plan)
        steps: for _ in 0..<100 {
            guard await sheet.isPresented, let page = await sheet.currentPage else { break }
            let action = buyer.next(on: page)
            await clock.pass(Self.thinkTime)
            switch action {
            case .inputs(let inputs):
                for input in inputs { await sheet.send(input) }
            case .doubleSubmit:
                async let first: Void = sheet.send(.submit)
                async let second: Void = sheet.send(.submit)
                _ = await (first, second)
            case .close:
                await sheet.dismiss()
            case .done:
                break steps
            }
            await sheet.settle()
        }
        return printer.events
    }

    /// Pays for the cart in a checkout of its own, printing nothing.
    private func payEarlier() async {
        guard let complete = CheckoutScenario.named("complete") else { return }
        let earlier = CheckoutDemo(scenario: complete, backend: backend, checkoutURL: checkoutURL, seed: seed &+ 1,
                                   clock: clock)
        await earlier.run(output: { _ in })
        await clock.pass(.seconds(3600))
    }

    /// A multipass login URL of the checkout's shop that returns to the checkout.
    private func multipassURL() -> String {
        let host = URLComponents(string: checkoutURL)?.host ?? "shop.example"
        var components = URLComponents()
        components.scheme = "https"
        components.host = host
        components.path = "/account/login/multipass/" + SeededIdentifiers.hex(StableHash.fnv1a("multipass-\(seed)"))
        components.queryItems = [URLQueryItem(name: "return_to", value: checkoutURL)]
        return components.string ?? checkoutURL
    }
}
