import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `oneshot [--catalog PATH] [--runs N] [--storefront PATH]`: the one-shot commands a script runs
/// (`search tea`, `product HANDLE`, `collections`, each `--json`) on the shipped catalog and on a
/// 100,000-product one (`--catalog`, else generated), each as its own process as a shell would
/// start it: median wall time and the largest peak RSS (`wait4`'s `ru_maxrss`) over the runs, and
/// the 100,000-product figure over the shipped one's in the same run. The catalogs' indexes are
/// written by a first, untimed run of each, as a person's first command writes them.
enum OneShotBenchmark {
    struct Figure {
        var milliseconds: Double
        var megabytes: Double
    }

    static func main(_ arguments: [String]) async throws {
        let runs = BenchmarkArguments.option("--runs", in: arguments).flatMap(Int.init) ?? 5
        let binary = try BenchmarkArguments.storefront(arguments)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-oneshot-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let large: String
        if let given = BenchmarkArguments.option("--catalog", in: arguments) {
            large = given
        } else {
            large = directory.appendingPathComponent("catalog-100k.json").path
            // Written by a process of its own (`storefront-bench catalog`): a spawned child's peak
            // RSS counts the high-water mark of the process it was spawned from, so this one must
            // never have held the catalog (it made every command look 168 MB).
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/proc/self/exe")
            writer.arguments = ["catalog", large]
            writer.standardOutput = FileHandle.nullDevice
            try writer.run()
            writer.waitUntilExit()
            guard writer.terminationStatus == 0 else {
                throw PtyBenchmark.Failure.spawn("storefront-bench catalog exited with \(writer.terminationStatus)")
            }
        }
        let environment = ["XDG_CACHE_HOME=\(directory.path)/cache", "XDG_STATE_HOME=\(directory.path)/state",
                           "XDG_CONFIG_HOME=\(directory.path)/config", "HOME=\(directory.path)", "LANG=C.UTF-8", "PATH=/usr/bin:/bin"]
        let catalogs: [(name: String, flags: [String])] = [("shipped", []), ("100,000 products", ["--catalog", large])]
        // The first run of each writes its index; it also names a product to open.
        var handles: [String] = []
        for catalog in catalogs {
            let (_, output) = try run(binary, catalog.flags + ["search", "tea", "--json", "--limit", "1"], environment: environment)
            let first = try JSONSerialization.jsonObject(with: output) as? [[String: Any]]
            guard let handle = first?.first?["handle"] as? String else {
                throw PtyBenchmark.Failure.spawn("search tea found nothing to open in the \(catalog.name) catalog")
            }
            handles.append(handle)
        }
        print("storefront \(binary); \(runs) runs of each, median wall time and largest peak RSS")
        print("| command (`--json`) | shipped catalog | 100,000 products | 100,000 / shipped |")
        print("|---|---|---|---|")
        for command in ["search tea", "product HANDLE", "collections"] {
            var figures: [Figure] = []
            for (index, catalog) in catalogs.enumerated() {
                let words = command.split(separator: " ").map { $0 == "HANDLE" ? handles[index] : String($0) }
                var times: [Double] = []
                var peak = 0.0
                for _ in 0..<runs {
                    let (figure, _) = try run(binary, catalog.flags + words + ["--json"], environment: environment)
                    times.append(figure.milliseconds)
                    peak = max(peak, figure.megabytes)
                }
                times.sort()
                figures.append(Figure(milliseconds: times[times.count / 2], megabytes: peak))
            }
            func cell(_ figure: Figure) -> String { String(format: "%.0f ms, %.0f MB", figure.milliseconds, figure.megabytes) }
            print(String(format: "| `%@` | %@ | %@ | %.2fx time, %.2fx memory |", command, cell(figures[0]), cell(figures[1]),
                         figures[1].milliseconds / max(figures[0].milliseconds, 0.001), figures[1].megabytes / max(figures[0].megabytes, 0.001)))
        }
    }

    /// Runs the storefront once; its wall time, peak RSS and standard output. A failure is an error.
    static func run(_ binary: String, _ arguments: [String], environment: [String]) throws -> (Figure, Data) {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { throw PtyBenchmark.Failure.spawn("pipe failed: errno \(errno)") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([binary] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        let start = ContinuousClock.now
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, envp)
        close(pipe[1])
        guard spawned == 0 else {
            close(pipe[0])
            throw PtyBenchmark.Failure.spawn("could not start \(binary): error \(spawned)")
        }
        var output = Data()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(pipe[0], &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            output.append(contentsOf: buffer[..<n])
        }
        close(pipe[0])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let elapsed = ContinuousClock.now - start
        guard status == 0 else {
            throw PtyBenchmark.Failure.spawn("storefront \(arguments.joined(separator: " ")) failed (status \(status))")
        }
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        return (Figure(milliseconds: milliseconds, megabytes: Double(usage.ru_maxrss) / 1024), output)
    }
}
