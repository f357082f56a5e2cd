import Foundation

/// Timing helpers shared by the benchmarks.
enum BenchmarkClock {
    /// Seconds taken by `body`.
    static func measure(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func measure(_ body: () async throws -> Void) async rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try await body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// CPU seconds (user + system) this process has used so far. On a busy machine the wall time
    /// of single-threaded work includes waiting for a core; the CPU time does not.
    static func cpuTime() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// CPU seconds (all threads) of this process, to the nanosecond: for timing single calls.
    static func processCPUTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// Wall and CPU seconds taken by `body`.
    static func measureBoth(_ body: () async throws -> Void) async rethrows -> (wall: Double, cpu: Double) {
        let cpu = processCPUTime()
        let wall = try await measure(body)
        return (wall, processCPUTime() - cpu)
    }

    /// "load average 1.52 1.40 1.31" from /proc/loadavg: how busy the machine was.
    static func loadAverage() -> String {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return "load average unknown" }
        return "load average " + text.split(separator: " ").prefix(3).joined(separator: " ")
    }

    /// The value at quantile q (0...1) of sorted samples, nearest rank.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let rank = Int((q * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(sorted.count - 1, max(0, rank))]
    }

    static func milliseconds(_ seconds: Double) -> String { String(format: "%8.3f ms", seconds * 1000) }

    /// A table with a header row, columns padded to their widest cell (right-aligned but the first).
    static func table(_ rows: [[String]]) -> String {
        let widths = (0..<(rows.first?.count ?? 0)).map { c in rows.map { $0[c].count }.max() ?? 0 }
        return rows.enumerated().map { r, row in
            let line = row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
            return r == 0 ? line + "\n" + String(repeating: "-", count: line.count) : line
        }.joined(separator: "\n")
    }
}
