import Foundation
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Runs a terminal program under a real pseudo-terminal, as a person would, and measures what it
/// writes: time to the first frame (until a given text is on the wire and output settles) and
/// bytes written after each key. No terminal emulator is involved: bytes are bytes.
enum PtyBenchmark {
    /// `pty [--size WxH] [--peer PATH] [-- STOREFRONT ARGS...]`: the storefront (by default
    /// `.build/release/storefront`) at 80x24, and the peer program for comparison when given.
    static func main(_ arguments: [String]) async throws {
        let size = BenchmarkArguments.size(arguments, default: Size(width: 80, height: 24))
        var command = [".build/release/storefront"]
        if let dash = arguments.firstIndex(of: "--"), dash + 1 < arguments.count { command = Array(arguments[(dash + 1)...]) }
        guard FileManager.default.isExecutableFile(atPath: command[0]) else {
            throw Failure.spawn("\(command[0]) is not built (swift build -c release --product storefront)")
        }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-pty-\(getpid())")
        defer { try? FileManager.default.removeItem(at: state) }
        let report = try run(
            command: command, cols: size.width, rows: size.height, environment: ["XDG_STATE_HOME": state.path],
            until: "Collections",
            steps: [Step(label: "collections ↓ (list + preview)", key: "j", count: 10),
                    Step(label: "collections ↑ (list + preview)", key: "k", count: 10),
                    Step(label: "open the first collection", key: "\r", count: 1),
                    Step(label: "products ↓ (list)", key: "j", count: 10)])
        print(describe(report, name: "\(command[0]) \(size)"))
        if let peer = BenchmarkArguments.option("--peer", in: arguments) {
            let peerReport = try run(command: [peer], cols: size.width, rows: size.height, environment: [:],
                                     until: "Collections", steps: [Step(label: "list ↓", key: "j", count: 10)])
            print(describe(peerReport, name: "\(peer) \(size)"))
        }
    }

    struct Step {
        var label: String
        var key: String
        var count: Int
    }

    struct Report {
        var firstByte: Duration
        var firstFrame: Duration
        var firstFrameBytes: Int
        var steps: [(label: String, bytes: [Int])]
    }

    enum Failure: Error, CustomStringConvertible {
        case spawn(String)
        var description: String { switch self { case .spawn(let m): return m } }
    }

    /// Spawns `command` in a `cols` x `rows` pty with `environment` added, waits until `until`
    /// appears in its output, then sends each step's key `count` times, collecting the bytes each
    /// key caused (output is considered complete after `settle` of silence).
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
        let start = ContinuousClock.now
        let pid = forkpty(&master, nil, nil, &size)
        if pid == 0 {
            execve(argv[0]!, argv, envp)
            _exit(127)
        }
        guard pid > 0 else { throw Failure.spawn("forkpty failed: errno \(errno)") }
        defer {
            var status: Int32 = 0
            kill(pid, SIGTERM)
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
                counts.append(drain(master, settle: settle).count)
            }
            results.append((step.label, counts))
        }
        _ = "q".withCString { write(master, $0, 1) }
        return Report(firstByte: firstByte, firstFrame: firstFrame, firstFrameBytes: output.count, steps: results)
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

    /// Everything written until `settle` passes without output (at most two seconds).
    private static func drain(_ fd: Int32, settle: Duration) -> [UInt8] {
        var bytes: [UInt8] = []
        let limit = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < limit, let chunk = read(fd, waiting: settle) { bytes += chunk }
        return bytes
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }

    static func describe(_ report: Report, name: String) -> String {
        func ms(_ d: Duration) -> String {
            String(format: "%.1f ms", Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15)
        }
        var lines = ["\(name): first byte \(ms(report.firstByte)), first frame \(ms(report.firstFrame)) "
                     + "(\(report.firstFrameBytes) bytes)"]
        for (label, bytes) in report.steps {
            let moved = bytes.filter { $0 > 0 }.sorted()
            let median = moved.isEmpty ? 0 : moved[moved.count / 2]
            lines.append("  \(label): bytes per key \(bytes) — median of the \(moved.count) keys that changed "
                         + "the screen \(median), max \(moved.last ?? 0)")
        }
        return lines.joined(separator: "\n")
    }
}
