import StorefrontSimulation
import XCTest

/// What a session with a planted defect came to: the step it failed at, what broke, and the
/// shortest list of its steps that still breaks `invariant`.
struct CaughtDefect {
    var stepIndex: Int
    var violations: [Violation]
    var shrunk: [SimulationStep]
    var shrunkViolations: [Violation]
}

extension Simulator {
    /// Replays `steps` on the embedded shop and shrinks the failure; fails the test when nothing
    /// broke `invariant`.
    @MainActor
    func catches(_ invariant: Violation.Invariant, in steps: [SimulationStep], seed: UInt64,
                 file: StaticString = #filePath, line: UInt = #line) async throws -> CaughtDefect {
        let failure = try await replay(steps, seed: seed, store: .embedded)
        let found = try XCTUnwrap(failure, "the planted defect is caught", file: file, line: line)
        XCTAssertTrue(found.violations.contains { $0.invariant == invariant }, "\(found.violations)", file: file, line: line)
        let (shrunk, violations) = try await minimize(Array(steps.prefix(found.stepIndex + 1)), seed: seed, store: .embedded,
                                                      invariants: [invariant], violations: found.violations)
        XCTAssertTrue(violations.contains { $0.invariant == invariant }, "\(violations)", file: file, line: line)
        return CaughtDefect(stepIndex: found.stepIndex, violations: found.violations, shrunk: shrunk, shrunkViolations: violations)
    }
}
