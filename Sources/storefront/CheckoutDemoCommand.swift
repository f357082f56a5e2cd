import ArgumentParser
import CheckoutSheet
import Foundation
import Storefront
import StorefrontCommandLine

/// `storefront checkout-demo --scenario NAME`: a whole checkout, headless, on the embedded store.
struct CheckoutDemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "checkout-demo",
        abstract: "Run a scripted checkout headless and print every lifecycle event as a JSON line.",
        discussion: """
            A scripted buyer fills in every step of the simulated checkout for a cart of the embedded \
            store (two products, the demo buyer's e-mail). The store keeps its state in a temporary \
            directory that is removed afterwards, so your own cart and orders are not touched \
            (--state-dir keeps it somewhere else). Times come from a fixed clock and every generated \
            id (the cart's too) from --seed, so two runs with the same seed print the same lines. \
            --protocol 2025-10 speaks the Embedded Checkout Protocol (JSON-RPC; start, update, \
            complete, fail, dismiss and the requests the app answers) instead of 8.1; the app then \
            authenticates with a JWT made locally, which is never printed. Use --list for the \
            scenarios of a protocol.
            """)

    @OptionGroup var global: GlobalOptions

    @Option(help: "The scenario to run (see --list).")
    var scenario: String?

    @Option(name: .customLong("protocol"), help: "The checkout protocol: 8.1 (the default) or 2025-10.")
    var protocolVersion: CheckoutProtocol = .bridge81

    @Option(help: "Seed of the generated ids (cart token and key, pixel event ids, vault tokens).")
    var seed: UInt64 = 1

    @Flag(help: "List the scenarios with a one-line description.")
    var list = false

    @Option(name: .customLong("state-dir"), help: ArgumentHelp(
        "Keep the demo store's carts and orders in this directory instead of a temporary one.", valueName: "path"))
    var stateDirectory: String?

    @Option(name: .customLong("log-level"), help: "The sheet's log on standard error: all, debug, error or none.")
    var logLevel: CheckoutConfiguration.LogLevel = .none

    @Option(help: ArgumentHelp("Also write the page's messages of the run to this file, one per line (input for `checkout replay`).",
                               valueName: "path"))
    var record: String?

    /// A missing or unknown scenario is a mistake in the command line: status 64, as for any other option.
    func validate() throws {
        guard !list else { return }
        guard let name = scenario else { throw ValidationError("choose a scenario with --scenario NAME (see --list)") }
        guard CheckoutScenario.named(name, protocolVersion: protocolVersion) != nil else {
            throw ValidationError("unknown scenario \"\(TextSanitizer.clean(name))\" for protocol \(protocolVersion.rawValue); known: "
                + CheckoutScenario.all(for: protocolVersion).map(\.name).joined(separator: ", "))
        }
    }

    func run() async throws {
        let scenarios = CheckoutScenario.all(for: protocolVersion)
        if list {
            let width = scenarios.map(\.name.count).max() ?? 0
            for scenario in scenarios {
                print(scenario.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scenario.summary)
            }
            return
        }
        try await reportingFailures {
            // `validate` has refused a missing or unknown scenario already.
            guard let name = scenario, let chosen = CheckoutScenario.named(name, protocolVersion: protocolVersion) else {
                throw CommandFailure.input("choose a scenario with --scenario NAME (see --list)")
            }
            let temporary = stateDirectory == nil
            let directory = stateDirectory.map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.temporaryDirectory.appendingPathComponent("storefront-checkout-demo-\(UUID().uuidString)")
            defer { if temporary { try? FileManager.default.removeItem(at: directory) } }
            try await runDemo(chosen, stateDirectory: directory)
        }
    }

    private func runDemo(_ scenario: CheckoutScenario, stateDirectory: URL) async throws {
        let clock = DemoTime()
        let store = EmbeddedStorefront(catalog: try global.openCatalog(), stateDirectory: stateDirectory, now: clock.dates.closure,
                                       identifiers: .seeded(seed))
        // A state directory that cannot be written: one line on stderr, and the demo goes on.
        await store.setStorageProblemHandler { FileHandle.standardError.write(Data("storefront: \($0)\n".utf8)) }
        store.stateWarnings.forEach { FileHandle.standardError.write(Data("storefront: \($0)\n".utf8)) }
        let cart: Cart
        do { cart = try await DemoCart.make(in: store) } catch {
            throw CommandFailure.input("could not fill the demo cart: \(error)")
        }
        let recording = try record.map { path -> FileHandle in
            guard FileManager.default.createFile(atPath: path, contents: nil),
                  let handle = FileHandle(forWritingAtPath: path) else {
                throw CommandFailure.input("cannot write \(path)")
            }
            return handle
        }
        defer { try? recording?.close() }
        let demo = CheckoutDemo(scenario: scenario, backend: store, checkoutURL: cart.checkoutUrl, seed: seed, clock: clock,
                                logLevel: logLevel, protocolVersion: protocolVersion)
        await demo.run(
            output: { print($0) },
            log: { entry in FileHandle.standardError.write(Data("checkout: \(entry.message)\n".utf8)) },
            tap: { signal in
                if case .bridgeMessage(let text) = signal { recording?.write(Data((text + "\n").utf8)) }
            })
    }
}

extension CheckoutConfiguration.LogLevel: ExpressibleByArgument {}
extension CheckoutProtocol: ExpressibleByArgument {}
