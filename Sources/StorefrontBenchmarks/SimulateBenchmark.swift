import Foundation
import Storefront
import StorefrontSimulation

/// `simulate --seed S --sessions N [--store embedded|serve|both] [--steps N] [--jobs N] [--trace]`: seeded shopper
/// sessions through the app's store against the embedded shop and `serve`, the books checked after
/// every step. Prints each violation (seed and shrunk steps), then sessions, steps, violations and
/// time per store; exits 1 when any invariant broke.
enum SimulateBenchmark {
    @MainActor
    static func main(_ arguments: [String]) async throws {
        let seed = UInt64(BenchmarkArguments.option("--seed", in: arguments) ?? "1") ?? 1
        let sessions = Int(BenchmarkArguments.option("--sessions", in: arguments) ?? "100") ?? 100
        let steps = Int(BenchmarkArguments.option("--steps", in: arguments) ?? "30") ?? 30
        let storeName = BenchmarkArguments.option("--store", in: arguments) ?? "both"
        // Sessions at once: each has its own shop (and server), so a seed plays the same beside others.
        // A trace is read in order: one session at a time.
        let jobs = arguments.contains("--trace") ? 1 : Int(BenchmarkArguments.option("--jobs", in: arguments) ?? "4") ?? 4
        let stores: [SimulatedStoreKind]
        if storeName == "both" {
            stores = SimulatedStoreKind.allCases
        } else if let store = SimulatedStoreKind(rawValue: storeName) {
            stores = [store]
        } else {
            FileHandle.standardError.write(Data("simulate: --store is embedded, serve or both, not \(storeName)\n".utf8))
            exit(2)
        }
        guard sessions > 0, steps > 0, jobs > 0 else {
            FileHandle.standardError.write(Data("simulate: --sessions, --steps and --jobs must be at least 1\n".utf8))
            exit(2)
        }
        var trace: (@MainActor (String) -> Void)?
        if arguments.contains("--trace") { trace = { line in print("  " + line) } }
        let simulator = Simulator(catalog: try CatalogLoader.bundled(), steps: steps, trace: trace)
        var violations = 0
        for store in stores {
            let started = ContinuousClock.now
            let summary = try await simulator.run(sessions: sessions, firstSeed: seed, store: store, jobs: jobs) { print($0) }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            violations += summary.failures.count
            print(String(format: "%@: %d sessions, %d steps, %d violations, %.1f s (%.1f ms a session)", store.rawValue,
                         summary.sessions, summary.steps, summary.failures.count, seconds, seconds * 1000 / Double(max(summary.sessions, 1))))
        }
        if violations > 0 { exit(1) }
    }
}
