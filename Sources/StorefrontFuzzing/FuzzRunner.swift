import Foundation

/// The surfaces that read outside data, each with a generator of hostile inputs and a check of
/// what the code did with one.
public enum FuzzSurface: String, CaseIterable, Sendable {
    /// `schema`: documents generated from serve's schema; `slowBodies`: clients that send their
    /// bodies slowly while others query; `mcp`: agents' tool calls at `/api/mcp` and `/api/ucp/mcp`;
    /// `pastes`: large bracketed pastes into the terminal app, with Ctrl-C somewhere in them;
    /// `sshIdle`: connections to the SSH front that go quiet at every stage, beside a real session.
    case catalog, search, replay, graphql, oauth, schema, slowBodies = "slow-bodies", mcp, pastes, sshIdle = "ssh-idle"
}

/// What one input did: a valid answer or a clear error is `nil`; anything else is a description.
public typealias FuzzCheck = @Sendable (String) async -> String?

/// One surface's generator and check.
public struct FuzzTarget: Sendable {
    public var surface: FuzzSurface
    public var generate: @Sendable (inout FuzzRandom) -> String
    public var check: FuzzCheck
    /// Checks a failing input's shrinking may take: fewer for a surface whose check waits on timeouts.
    public var shrinkAttempts = 200

    public init(surface: FuzzSurface, generate: @escaping @Sendable (inout FuzzRandom) -> String, check: @escaping FuzzCheck) {
        self.surface = surface; self.generate = generate; self.check = check
    }
}

/// What a run found.
public struct FuzzReport: Sendable {
    public var surface: FuzzSurface
    public var tried = 0
    public var failures: [(seed: UInt64, input: String, problem: String)] = []
    public var slowest: (seed: UInt64, input: String, time: Duration)?

    public var summary: String {
        var lines = ["\(surface.rawValue): \(tried) inputs tried, \(failures.count) failures"]
        if let slowest {
            lines.append("  slowest: \(slowest.time.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))) "
                         + "(seed \(slowest.seed), \(slowest.input.utf8.count) bytes: \(FuzzReport.preview(slowest.input)))")
        }
        for failure in failures.prefix(5) {
            lines.append("  FAILED seed \(failure.seed): \(failure.problem)\n    input (\(failure.input.utf8.count) bytes): \(FuzzReport.preview(failure.input))")
        }
        return lines.joined(separator: "\n")
    }

    /// An input as one printable line: escapes for controls, the middle of a long one left out.
    public static func preview(_ input: String, limit: Int = 160) -> String {
        let escaped = input.unicodeScalars.map { scalar -> String in
            scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
                ? "\\u{\(String(scalar.value, radix: 16))}" : String(scalar)
        }.joined()
        guard escaped.count > limit else { return escaped }
        return String(escaped.prefix(limit / 2)) + " … " + String(escaped.suffix(limit / 2))
    }
}

public enum FuzzRunner {
    /// Runs `target` on inputs from case seeds `seed`, `seed + 1`, … until `cases` were tried or
    /// `seconds` have passed. An input slower than `slowLimit` is a failure (a hang, in the
    /// making). A failing input is shrunk: shorter inputs from the same generator's pieces are
    /// tried and the shortest that still fails is reported.
    public static func run(_ target: FuzzTarget, seed: UInt64, cases: Int = .max, seconds: Double = .infinity,
                           slowLimit: Duration = .seconds(5)) async -> FuzzReport {
        var report = FuzzReport(surface: target.surface)
        let clock = ContinuousClock()
        let end = clock.now + .milliseconds(Int64(min(seconds, 1e9) * 1000))
        var caseSeed = seed
        while report.tried < cases && clock.now < end {
            var random = FuzzRandom(seed: caseSeed)
            let input = target.generate(&random)
            let start = clock.now
            var problem = await target.check(input)
            let time = start.duration(to: clock.now)
            if problem == nil, time > slowLimit { problem = "took \(time), over \(slowLimit)" }
            if report.slowest.map({ time > $0.time }) ?? true { report.slowest = (caseSeed, input, time) }
            if let problem {
                let (smaller, smallerProblem) = await shrink(input, problem: problem, target: target, slowLimit: slowLimit)
                report.failures.append((caseSeed, smaller, smallerProblem))
            }
            report.tried += 1
            caseSeed &+= 1
            // A surface that only computes never suspends: between cases the task pool's other
            // work (a server's requests in the same process) gets its turn.
            await Task.yield()
        }
        return report
    }

    /// Halves, then drops pieces from, a failing input while it keeps failing.
    static func shrink(_ input: String, problem: String, target: FuzzTarget, slowLimit: Duration) async -> (String, String) {
        var best = (input, problem)
        var chunk = max(1, input.count / 2)
        var attempts = 0
        while chunk >= 1 && attempts < target.shrinkAttempts {
            var shrunk = false
            var start = 0
            while start < best.0.count && attempts < target.shrinkAttempts {
                attempts += 1
                var characters = Array(best.0)
                characters.removeSubrange(start..<min(characters.count, start + chunk))
                let candidate = String(characters)
                let clock = ContinuousClock()
                let began = clock.now
                var found = await target.check(candidate)
                if found == nil, began.duration(to: clock.now) > slowLimit { found = "took over \(slowLimit)" }
                if let found { best = (candidate, found); shrunk = true } else { start += chunk }
                await Task.yield()
            }
            if !shrunk { chunk /= 2 }
        }
        return best
    }
}
