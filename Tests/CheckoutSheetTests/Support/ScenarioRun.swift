import Foundation
@testable import CheckoutSheet

/// Runs a demo scenario against the in-memory store and keeps everything it produced.
struct ScenarioRun {
    var lines: [String]
    var events: [CheckoutEvent]
    var logs: [String]
    var signals: [CheckoutWebSignal]
    var backend: InMemoryCheckoutBackend
    /// The app's JWT of a 2025-10 run (the secret that must appear nowhere).
    var appToken: String

    /// Runs on `backend`, or on a fresh in-memory store that keeps the demo's time.
    static func run(_ name: String, seed: UInt64 = 1, backend: InMemoryCheckoutBackend? = nil,
                    logLevel: CheckoutConfiguration.LogLevel = .all,
                    protocolVersion: CheckoutProtocol = .bridge81) async throws -> ScenarioRun {
        guard let scenario = CheckoutScenario.named(name, protocolVersion: protocolVersion) else { throw MissingScenario(name: name) }
        return await run(scenario, seed: seed, backend: backend, logLevel: logLevel, protocolVersion: protocolVersion)
    }

    /// Runs `scenario`, one of the demo's or one made for a test.
    static func run(_ scenario: CheckoutScenario, seed: UInt64 = 1, backend: InMemoryCheckoutBackend? = nil,
                    logLevel: CheckoutConfiguration.LogLevel = .all,
                    protocolVersion: CheckoutProtocol = .bridge81) async -> ScenarioRun {
        let clock = DemoTime()
        let backend = backend ?? InMemoryCheckoutBackend(now: { clock.now() })
        let lines = Locked<[String]>([]), logs = Locked<[String]>([]), signals = Locked<[CheckoutWebSignal]>([])
        let demo = CheckoutDemo(scenario: scenario, backend: backend, checkoutURL: Fixtures.checkoutURL(), seed: seed,
                                clock: clock, logLevel: logLevel, protocolVersion: protocolVersion)
        let events = await demo.run(output: { line in lines.append(line) },
                                    log: { entry in logs.append(entry.message) },
                                    tap: { signal in signals.append(signal) })
        return ScenarioRun(lines: lines.value, events: events, logs: logs.value, signals: signals.value, backend: backend,
                           appToken: demo.appAuthentication.token)
    }

    /// "pixel:page_viewed", "complete:full", "cancel:true", "fail:checkoutUnavailable:503", ...
    var summary: [String] { events.map(Self.describe) }

    /// The page's messages of the run, as `--record` writes them.
    var bridgeMessages: [String] {
        signals.compactMap { if case .bridgeMessage(let text) = $0 { return text }; return nil }
    }

    static func describe(_ event: CheckoutEvent) -> String {
        switch event {
        case .completed(let c): return "complete:\(c.decoded.rawValue)"
        case .canceled(let after): return "cancel:\(after)"
        case .failed(let e): return "fail:\(e.typeName):\(e.statusCode.map(String.init) ?? e.code.rawValue)"
        case .pixel(let p): return "pixel:\(p.name)"
        case .linkClicked(let url): return "link:\(url)"
        case .recoveryStarted: return "recovery"
        case .started: return "start"
        case .updated: return "update"
        case .dismissed(let after): return "dismiss:\(after)"
        case .requested(let r): return r.eventName
        case .answered(let o): return "answer:\(o.request.eventName):\(o.result.rawValue)"
        }
    }
}

struct MissingScenario: Error { var name: String }
