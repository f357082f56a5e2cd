import CStartupClock
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Where the time before the first frame goes, when `STOREFRONT_TRACE_STARTUP=1`: each phase is
/// stamped with CLOCK_MONOTONIC as it ends, and the stamps are written to stderr once the terminal
/// is restored (on the screen they would spoil the frame being measured). `storefront-bench pty`
/// reads them and subtracts the moment it started the process.
///
/// Each line: `startup-trace <nanoseconds> <phase>`. The first phase, `libraries-loaded`, is the
/// moment the program's own initialisers ran: the dynamic loader has mapped, relocated and
/// initialised every shared library.
public enum StartupTrace {
    public static let variable = "STOREFRONT_TRACE_STARTUP"
    public static let linePrefix = "startup-trace "
    /// The phase that ends when the collections are on screen (the app's first frame is its loading screen).
    public static let firstContentPhase = "first-content-frame"

    public static let isOn: Bool = {
        guard let value = getenv(variable) else { return false }
        return String(cString: value) == "1"
    }()

    private static let marks = Mutex<[(phase: String, nanoseconds: Int64)]>([])

    /// Stamps the end of `phase` (nothing when tracing is off).
    public static func mark(_ phase: String) {
        guard isOn else { return }
        let now = storefront_monotonic_ns()
        marks.withLock { marks in
            if marks.isEmpty { marks.append(("libraries-loaded", storefront_libraries_loaded_ns())) }
            marks.append((phase, now))
        }
    }

    /// The stamps so far as lines, oldest first, each with the milliseconds since the one before.
    public static func lines() -> [String] {
        let all = marks.withLock { $0 }
        var previous: Int64?
        return all.map { mark in
            defer { previous = mark.nanoseconds }
            let delta = previous.map { Double(mark.nanoseconds - $0) / 1e6 } ?? 0
            return linePrefix + "\(mark.nanoseconds) \(mark.phase) +\((delta * 100).rounded() / 100) ms"
        }
    }

    /// Writes the stamps to stderr, once (nothing when tracing is off).
    public static func flush() {
        guard isOn else { return }
        let text = lines().map { $0 + "\n" }.joined()
        marks.withLock { $0.removeAll() }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// One stamp line read back: its moment and phase, or nil for any other line.
    public static func parse(_ line: Substring) -> (nanoseconds: Int64, phase: String)? {
        guard line.hasPrefix(linePrefix) else { return nil }
        let fields = line.dropFirst(linePrefix.count).split(separator: " ")
        guard fields.count >= 2, let nanoseconds = Int64(fields[0]) else { return nil }
        return (nanoseconds, String(fields[1]))
    }
}
