import Foundation
import Storefront

/// Seeded shopper sessions against a shop, the books checked after every step; a failing session
/// is shrunk to the shortest list of its steps that still fails, replayed from scratch each time.
@MainActor
public struct Simulator {
    public var catalog: StoreCatalog
    /// Steps per session.
    public var steps: Int
    /// A planted defect in the checker's view of the ledger (tests only).
    public var fault: LedgerFault?
    /// Whether sessions include a second app on the same state directory.
    public var secondProcess = true
    /// Told what each step left on screen (`simulate --trace`).
    public var trace: (@MainActor (String) -> Void)?

    public init(catalog: StoreCatalog, steps: Int = 30, fault: LedgerFault? = nil, trace: (@MainActor (String) -> Void)? = nil) {
        self.catalog = catalog; self.steps = steps; self.fault = fault; self.trace = trace
    }

    /// A failing session: its seed, the steps it ran, the shortest failing sublist and what failed.
    public struct Report: Sendable, CustomStringConvertible {
        public var seed: UInt64
        public var store: SimulatedStoreKind
        public var steps: [SimulationStep]
        public var shrunk: [SimulationStep]
        public var violations: [Violation]
        /// False when an earlier session was shrunk for the same invariants: `shrunk` is then the
        /// steps up to the failing one.
        public var isShrunk = true

        public var description: String {
            let length = isShrunk ? "shrunk to \(shrunk.count)" : "failing at step \(shrunk.count); not shrunk, an earlier seed broke the same invariants"
            var lines = ["violation: --seed \(seed) --store \(store.rawValue) (\(steps.count) steps, \(length))"]
            lines += violations.map { "  ✗ \($0)" }
            lines += shrunk.enumerated().map { "  \($0.offset + 1). \($0.element)" }
            return lines.joined(separator: "\n")
        }
    }

    /// Runs `steps` on a fresh shop; the first failure, if any.
    public func replay(_ steps: [SimulationStep], seed: UInt64, store: SimulatedStoreKind) async throws -> SessionFailure? {
        try await replay(steps, seed: seed, store: store, trace: trace)
    }

    func replay(_ steps: [SimulationStep], seed: UInt64, store: SimulatedStoreKind,
                trace: (@MainActor (String) -> Void)?) async throws -> SessionFailure? {
        try await SimulatedSession(kind: store, catalog: catalog, seed: seed, fault: fault, trace: trace).run(steps)
    }

    /// The session of `seed`: nil when every invariant held after every step.
    public func session(seed: UInt64, store: SimulatedStoreKind, shrink: Bool = true) async throws -> Report? {
        try await session(seed: seed, store: store, shrinkUnless: shrink ? nil : { _ in true })
    }

    /// `shrinkUnless` says, from a failure's invariants, when shrinking is not worth its replays.
    func session(seed: UInt64, store: SimulatedStoreKind, shrinkUnless skip: ((Set<Violation.Invariant>) -> Bool)?) async throws -> Report? {
        let steps = SessionPlan.steps(seed: seed, count: self.steps, store: store, secondProcess: secondProcess)
        guard let failure = try await replay(steps, seed: seed, store: store, trace: trace) else { return nil }
        // Nothing after the failing step matters.
        let prefix = Array(steps.prefix(max(failure.stepIndex + 1, 0)))
        let invariants = Set(failure.violations.map(\.invariant))
        if let skip, skip(invariants) {
            return Report(seed: seed, store: store, steps: steps, shrunk: prefix, violations: failure.violations, isShrunk: false)
        }
        let (shrunk, violations) = try await minimize(prefix, seed: seed, store: store, invariants: invariants,
                                                      violations: failure.violations)
        return Report(seed: seed, store: store, steps: steps, shrunk: shrunk, violations: violations)
    }

    /// Delta debugging (ddmin) over the step list: drop chunks, then single steps, while the replay
    /// still breaks one of the same invariants.
    public func minimize(_ steps: [SimulationStep], seed: UInt64, store: SimulatedStoreKind, invariants: Set<Violation.Invariant>,
                  violations: [Violation]) async throws -> ([SimulationStep], [Violation]) {
        var current = steps
        var currentViolations = violations
        var granularity = 2
        while current.count >= 2 {
            let chunk = max(current.count / granularity, 1)
            var reduced = false
            var start = 0
            while start < current.count {
                let candidate = Array(current[..<start] + current[min(start + chunk, current.count)...])
                if let failure = try await replay(candidate, seed: seed, store: store),
                   failure.violations.contains(where: { invariants.contains($0.invariant) }) {
                    current = Array(candidate.prefix(failure.stepIndex + 1))
                    currentViolations = failure.violations
                    granularity = max(granularity - 1, 2)
                    reduced = true
                    break
                }
                start += chunk
            }
            if !reduced {
                if chunk == 1 { break }
                granularity = min(granularity * 2, current.count)
            }
        }
        return (current, currentViolations)
    }

    /// What a run of many sessions found.
    public struct Summary: Sendable {
        public var sessions = 0
        public var steps = 0
        public var failures: [Report] = []
    }

    /// Sessions `firstSeed`, `firstSeed + 1`, …, `jobs` of them at a time (each on its own shop, so a
    /// seed plays the same whatever runs beside it): each failure is handed to `report` in seed
    /// order, the first for each set of broken invariants shrunk (a long run with one defect would
    /// otherwise spend its time shrinking the same defect again).
    public func run(sessions: Int, firstSeed: UInt64, store: SimulatedStoreKind, jobs: Int = 1,
                    report: (Report) -> Void = { _ in }) async throws -> Summary {
        var summary = Summary()
        var shrunk: Set<Set<Violation.Invariant>> = []
        var failed: [Report] = []
        let simulator = self
        var next = 0
        var running = 0
        var group = ThrowingTaskGroupRunner()
        while next < sessions || running > 0 {
            while next < sessions && running < max(jobs, 1) {
                let seed = firstSeed &+ UInt64(next)
                next += 1
                running += 1
                group.start { try await simulator.session(seed: seed, store: store, shrinkUnless: { _ in true }) }
            }
            let result = try await group.next()
            running -= 1
            summary.sessions += 1
            summary.steps += steps
            if let result { failed.append(result) }
        }
        for failure in failed.sorted(by: { $0.seed < $1.seed }) {
            let invariants = Set(failure.violations.map(\.invariant))
            var told = failure
            if !shrunk.contains(invariants) {
                shrunk.insert(invariants)
                let (steps, violations) = try await minimize(failure.shrunk, seed: failure.seed, store: store, invariants: invariants,
                                                             violations: failure.violations)
                told = Report(seed: failure.seed, store: store, steps: failure.steps, shrunk: steps, violations: violations)
            }
            summary.failures.append(told)
            report(told)
        }
        return summary
    }
}

/// Sessions started as tasks on the main actor, their results taken as each finishes.
@MainActor
private struct ThrowingTaskGroupRunner {
    private let continuation: AsyncStream<Result<Simulator.Report?, any Error>>.Continuation
    private var finished: AsyncStream<Result<Simulator.Report?, any Error>>.Iterator

    init() {
        let (stream, continuation) = AsyncStream.makeStream(of: Result<Simulator.Report?, any Error>.self)
        self.continuation = continuation
        finished = stream.makeAsyncIterator()
    }

    func start(_ work: @escaping @MainActor () async throws -> Simulator.Report?) {
        let continuation = continuation
        Task { @MainActor in
            do { continuation.yield(.success(try await work())) } catch { continuation.yield(.failure(error)) }
        }
    }

    /// The next result to finish (a session that threw ends the run).
    mutating func next() async throws -> Simulator.Report? {
        var iterator = finished
        let result = await iterator.next()
        finished = iterator
        guard let result else { throw SimulationFailure("a session ended without an answer") }
        return try result.get()
    }
}
