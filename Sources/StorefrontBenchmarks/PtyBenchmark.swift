import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Runs a terminal program under a real pseudo-terminal, as a person would, and measures what it
/// writes: time to the first frame (until a given text is on the wire and output settles) and
/// bytes written after each key. No terminal emulator is involved: bytes are bytes.
enum PtyBenchmark {
    /// `pty [--size WxH[,WxH...]] [--rounds N] [--peer PATH] [-- STOREFRONT ARGS...]`: the
    /// storefront (by default `.build/release/storefront`) at each size (80x24 and 120x40 by
    /// default), `--rounds` times (5), with the peer program run in turn with it in every round
    /// when given; medians, and the storefront's ratio to the peer on each figure.
    static func main(_ arguments: [String]) async throws {
        let sizes = try BenchmarkArguments.sizes(arguments, default: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
        let rounds = max(1, Int(BenchmarkArguments.option("--rounds", in: arguments) ?? "") ?? 5)
        var command = [".build/release/storefront"]
        if let dash = arguments.firstIndex(of: "--"), dash + 1 < arguments.count { command = Array(arguments[(dash + 1)...]) }
        guard FileManager.default.isExecutableFile(atPath: command[0]) else {
            throw Failure.spawn("\(command[0]) is not built (swift build -c release --product storefront)")
        }
        let peer = BenchmarkArguments.option("--peer", in: arguments)
        if let peer, !FileManager.default.isExecutableFile(atPath: peer) { throw Failure.spawn("\(peer) is not executable") }
        for size in sizes {
            var ours: [Report] = []
            var theirs: [Report] = []
            for _ in 0..<rounds {
                ours.append(try runStorefront(command, size: size))
                if let peer { theirs.append(try runPeer(peer, size: size)) }
            }
            print(summary(ours, peer: theirs, name: command[0], peerName: peer, size: size, rounds: rounds))
        }
    }

    /// One storefront run: the first frame, then each list moved through, with the start-up
    /// trace it writes on exit.
    static func runStorefront(_ command: [String], size: Size) throws -> Report {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-pty-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let down = "\u{1b}OB"
        var steps = [Step("collections", key: "j", count: 10), Step(nil, key: "g", count: 1),
                     Step(nil, key: "\r", count: 1), Step("products", key: "j", count: 10)]
        // Three lines in the cart: open a product, add it, come back, next product.
        for _ in 0..<3 { steps += [Step(nil, key: "\r"), Step(nil, key: "a"), Step(nil, key: "\u{1b}"), Step(nil, key: "j")] }
        steps += [Step(nil, key: "c"), Step("cart", key: "j", count: 2), Step(nil, key: "\u{1b}"),
                  Step(nil, key: "/"), Step(nil, key: "e", settle: .milliseconds(400)), Step("search results", key: down, count: 10),
                  Step(nil, key: "\u{1b}"), Step(nil, key: "o"), Step("orders", key: "j", count: 3)]
        try placeOrders(4, with: command[0], stateDirectory: state.appendingPathComponent("storefront"))
        return try run(command: command, cols: size.width, rows: size.height,
                       environment: ["XDG_STATE_HOME": state.path, StartupTrace.variable: "1"],
                       until: "Collections", steps: steps)
    }

    /// Orders for the orders list: the scripted checkout of `storefront checkout-demo`, paid into
    /// the state directory the run uses.
    static func placeOrders(_ count: Int, with storefront: String, stateDirectory: URL) throws {
        for seed in 1...count {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: storefront)
            process.arguments = ["checkout-demo", "--scenario", "complete", "--state-dir", stateDirectory.path, "--seed", "\(seed)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw Failure.spawn("\(storefront) checkout-demo exited with \(process.terminationStatus)")
            }
        }
    }

    /// One run of the peer: its first frame and its list moved through.
    static func runPeer(_ peer: String, size: Size) throws -> Report {
        try run(command: [peer], cols: size.width, rows: size.height, environment: [:],
                until: "Collections", steps: [Step("list", key: "j", count: 10)])
    }

    /// A key sent `count` times, each followed by the output it caused; a step without a label
    /// only gets somewhere (its bytes are not counted).
    struct Step {
        var label: String?
        var key: String
        var count: Int
        var settle: Duration?

        init(_ label: String?, key: String, count: Int = 1, settle: Duration? = nil) {
            (self.label, self.key, self.count, self.settle) = (label, key, count, settle)
        }
    }

    struct Report {
        var firstByte: Duration
        var firstFrame: Duration
        var firstFrameBytes: Int
        var steps: [(label: String, bytes: [Int])]
        /// The program's start-up trace (`StartupTrace`): each phase's end, in ms after the spawn.
        var trace: [(phase: String, milliseconds: Double)]
    }

    enum Failure: Error, CustomStringConvertible {
        case spawn(String)
        var description: String { switch self { case .spawn(let m): return m } }
    }

    static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Spawns `command` in a `cols` x `rows` pty with `environment` added, waits until `until`
    /// appears in its output, then sends each step's key `count` times, collecting the bytes each
    /// key caused (output is considered complete after `settle` of silence). After `q`, reads
    /// what the program says on its way out for its start-up trace.
    static func run(command: [String], cols: Int, rows: Int, environment: [String: String], until: String,
                    steps: [Step], settle: Duration = .milliseconds(80)) throws -> Report {
        // Everything the child needs is prepared before fork: after it, only exec may run.
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = env["TERM_FOR_TEST"] ?? "xterm-256color"
        env["LANG"] = "C.UTF-8"
        for (key, value) in environment { env[key] = value }
        let argv = command.map { strdup($0) } + [nil]
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(cols), ws_xpixel: 0, ws_ypixel: 0)
        var master: Int32 = -1
        let spawned = monotonicNanoseconds()
        let start = ContinuousClock.now
        let pid = forkpty(&master, nil, nil, &size)
        if pid == 0 {
            execve(argv[0]!, argv, envp)
            _exit(127)
        }
        guard pid > 0 else { throw Failure.spawn("forkpty failed: errno \(errno)") }
        var exited = false
        defer {
            var status: Int32 = 0
            if !exited { kill(pid, SIGTERM) }
            waitpid(pid, &status, 0)
            close(master)
        }

        var output: [UInt8] = []
        var firstByte: Duration?
        var firstFrame: Duration?
        let needle = Array(until.utf8)
        let deadline = ContinuousClock.now + .seconds(10)
        while firstFrame == nil, ContinuousClock.now < deadline {
            guard let chunk = read(master, waiting: .milliseconds(5)) else { continue }
            if firstByte == nil { firstByte = ContinuousClock.now - start }
            output += chunk
            if contains(output, needle) { firstFrame = ContinuousClock.now - start }
        }
        guard let firstFrame, let firstByte else { throw Failure.spawn("\"\(until)\" never appeared") }
        output += drain(master, settle: settle)

        var results: [(String, [Int])] = []
        for step in steps {
            var counts: [Int] = []
            for _ in 0..<step.count {
                _ = step.key.withCString { write(master, $0, strlen($0)) }
                counts.append(drain(master, settle: step.settle ?? settle).count)
            }
            if let label = step.label { results.append((label, counts)) }
        }
        _ = "q".withCString { write(master, $0, 1) }
        // Until the program has gone (the pty then reads as closed), at most three seconds.
        let farewell = drain(master, settle: .seconds(3), limit: .seconds(3))
        var status: Int32 = 0
        exited = waitpid(pid, &status, WNOHANG) == pid
        let trace = String(decoding: farewell, as: UTF8.self).split(whereSeparator: \.isNewline)
            // (the first line follows the sequences that restore the terminal)
            .compactMap { line in line.range(of: StartupTrace.linePrefix).flatMap { StartupTrace.parse(line[$0.lowerBound...]) } }
            .map { (phase: $0.phase, milliseconds: Double($0.nanoseconds - spawned) / 1e6) }
        return Report(firstByte: firstByte, firstFrame: firstFrame, firstFrameBytes: output.count, steps: results, trace: trace)
    }

    /// What `fd` has to say within `waiting`, or nil.
    private static func read(_ fd: Int32, waiting: Duration) -> [UInt8]? {
        var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ms = Int32(waiting.components.seconds * 1000 + waiting.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&pfd, 1, ms) > 0 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = Glibc.read(fd, &buffer, buffer.count)
        return n > 0 ? Array(buffer[..<n]) : nil
    }

    /// Everything written until `settle` passes without output (at most `limit`), or the
    /// program has gone.
    private static func drain(_ fd: Int32, settle: Duration, limit: Duration = .seconds(2)) -> [UInt8] {
        var bytes: [UInt8] = []
        let end = ContinuousClock.now + limit
        while ContinuousClock.now < end, let chunk = read(fd, waiting: settle) { bytes += chunk }
        return bytes
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func milliseconds(_ d: Duration) -> Double {
        Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    }

    /// Bytes per key of a step, over the keys that changed the screen (a key at the end of a list
    /// writes nothing).
    static func bytesPerMove(_ report: Report, _ label: String) -> Double? {
        guard let bytes = report.steps.first(where: { $0.label == label })?.bytes else { return nil }
        return median(bytes.filter { $0 > 0 }.map(Double.init))
    }

    /// The medians over the rounds, side by side with the peer's and their ratio.
    static func summary(_ ours: [Report], peer theirs: [Report], name: String, peerName: String?, size: Size, rounds: Int) -> String {
        func figure(_ value: Double?, _ unit: String) -> String {
            guard let value else { return "-" }
            return unit == "ms" ? String(format: "%.1f ms", value) : String(format: "%.1f", value)
        }
        func line(_ title: String, _ mine: Double?, _ peer: Double?, unit: String) -> String {
            var text = "  " + title.padding(toLength: 32, withPad: " ", startingAt: 0) + figure(mine, unit).padding(toLength: 12, withPad: " ", startingAt: 0)
            if !theirs.isEmpty {
                text += "peer " + figure(peer, unit).padding(toLength: 12, withPad: " ", startingAt: 0)
                if let mine, let peer, peer > 0 { text += String(format: "%.2fx", mine / peer) }
            }
            return text
        }
        var lines = ["\(name) \(size), \(rounds) round\(rounds == 1 ? "" : "s"), medians"
                     + (peerName.map { "; peer \($0), run in turn in each round" } ?? "")]
        lines.append(line("first frame", median(ours.map { milliseconds($0.firstFrame) }),
                          median(theirs.map { milliseconds($0.firstFrame) }), unit: "ms"))
        // The peer's first frame is its list; ours may be the screen still loading the collections,
        // so the moment they are listed is set beside it too.
        lines.append(line("first content (list on screen)", median(ours.compactMap { $0.trace.first { $0.phase == StartupTrace.firstContentPhase }?.milliseconds }),
                          median(theirs.map { milliseconds($0.firstFrame) }), unit: "ms"))
        lines.append(line("first frame bytes", median(ours.map { Double($0.firstFrameBytes) }),
                          median(theirs.map { Double($0.firstFrameBytes) }), unit: "bytes"))
        let peerMove = median(theirs.compactMap { bytesPerMove($0, "list") })
        for label in ours.first?.steps.map(\.label) ?? [] {
            lines.append(line("bytes per move, \(label)", median(ours.compactMap { bytesPerMove($0, label) }), peerMove, unit: "bytes"))
        }
        // The start-up trace: each phase's end after the spawn, median over the rounds.
        var phases: [String] = []
        for report in ours { for mark in report.trace where !phases.contains(mark.phase) { phases.append(mark.phase) } }
        if !phases.isEmpty {
            lines.append("  start-up, ms after the spawn (STOREFRONT_TRACE_STARTUP):")
            for phase in phases {
                let value = median(ours.compactMap { $0.trace.first { $0.phase == phase }?.milliseconds })
                lines.append("    " + phase.padding(toLength: 22, withPad: " ", startingAt: 0) + figure(value, "ms"))
            }
        }
        return lines.joined(separator: "\n")
    }
}
