import Foundation
import XCTest

/// The built `storefront` binary running in a detached tmux session: keys go in with send-keys,
/// the screen comes out with capture-pane, exactly what a person at that terminal would see.
/// Each session has its own tmux server (socket), so tests never touch anyone else's tmux.
final class TmuxSession {
    let socket: String
    let name = "storefront"
    let stateDirectory: URL

    static var tmuxPath: String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The storefront executable of the build the tests belong to: next to the test bundle, or
    /// under `.build/debug` of the package.
    static func storefrontBinary(filePath: String = #filePath) -> String? {
        let bundleDirectory = Bundle(for: TmuxSession.self).bundleURL.deletingLastPathComponent()
        let packageRoot = URL(fileURLWithPath: filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        return [bundleDirectory.appendingPathComponent("storefront"),
                packageRoot.appendingPathComponent(".build/debug/storefront")]
            .map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// `storefrontBinary()` as found from this file, for tests elsewhere in the target.
    static var builtStorefront: String? { storefrontBinary() }

    /// The built `storefront` for `serve` and `mcp`, which it hands to `storefront-server` beside
    /// it; an error that says what to build when either is missing.
    static func builtServingStorefront() throws -> String {
        guard let storefront = builtStorefront else {
            throw EndToEndSetupError("the storefront binary is not built: run swift build --build-tests first")
        }
        let server = URL(fileURLWithPath: storefront).deletingLastPathComponent().appendingPathComponent("storefront-server").path
        guard FileManager.default.isExecutableFile(atPath: server) else {
            throw EndToEndSetupError("storefront-server is not built beside \(storefront): run swift build --build-tests first")
        }
        return storefront
    }

    /// The built `storefront` and `storefront-bench` beside it, or an error that says what to build.
    static func builtBenchmark() throws -> (storefront: String, bench: String) {
        guard let storefront = builtStorefront else {
            throw EndToEndSetupError("the storefront binary is not built: run swift build --build-tests first")
        }
        let bench = URL(fileURLWithPath: storefront).deletingLastPathComponent().appendingPathComponent("storefront-bench").path
        guard FileManager.default.isExecutableFile(atPath: bench) else { throw EndToEndSetupError("storefront-bench is not built") }
        return (storefront, bench)
    }

    /// Runs `storefront-bench` with `arguments` (in `directory`) to its end: its exit status and
    /// everything it wrote, standard output and error together.
    static func runBenchmark(_ arguments: [String], in directory: URL? = nil) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try builtBenchmark().bench)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
    }

    /// The storefront in the pane.
    /// - Parameters:
    ///   - stateDirectory: the `XDG_STATE_HOME` to run with (and `XDG_CACHE_HOME` beside it); a new
    ///     temporary one when nil. Removed when the session ends either way.
    ///   - prepare: gets the state directory before the app starts.
    convenience init(width: Int = 100, height: Int = 30, arguments: [String] = [], environment: [String: String] = [:],
                     stateDirectory: URL? = nil, prepare: (URL) throws -> Void = { _ in }) throws {
        guard let binary = TmuxSession.storefrontBinary() else {
            throw EndToEndSetupError("the storefront binary is not built: run swift build --build-tests first")
        }
        let settings = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        try self.init(width: width, height: height, stateDirectory: stateDirectory, prepare: prepare) { state in
            ["env", "XDG_STATE_HOME=\(state.path)", "XDG_CONFIG_HOME=\(state.path)", "XDG_CACHE_HOME=\(state.appendingPathComponent("cache").path)", "LANG=C.UTF-8"]
                + settings + [binary] + arguments
        }
    }

    /// Runs `command` (given this session's state directory) in the pane instead of the storefront.
    init(width: Int = 100, height: Int = 30, stateDirectory: URL? = nil, prepare: (URL) throws -> Void = { _ in },
         command: (URL) -> [String]) throws {
        socket = "storefront-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.stateDirectory = stateDirectory ?? FileManager.default.temporaryDirectory.appendingPathComponent(socket)
        try FileManager.default.createDirectory(at: self.stateDirectory, withIntermediateDirectories: true)
        try prepare(self.stateDirectory)
        let command = command(self.stateDirectory)
            .map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
        // The first command starts the tmux server, which keeps the descriptors it was given: no
        // pipe here, or reading its output would wait for the server to exit.
        try tmux(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command], captureOutput: false)
    }

    deinit {
        _ = try? tmux("kill-server")
        // A server that exits with its last session can leave its socket file behind.
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socket)")
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    /// Sends keys as tmux names them ("Enter", "Escape", "Tab", "Right") or literal text with `literal`.
    func send(_ keys: String..., literal: Bool = false) throws {
        try tmux(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    func type(_ text: String) throws { try send(text, literal: true) }

    /// Resizes the window, as a terminal window dragged to a new size.
    func resize(width: Int, height: Int) throws {
        try tmux("resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)")
    }

    /// The screen as text, one line per row.
    func screen() throws -> String { try tmux("capture-pane", "-p", "-t", name) }

    /// The cursor's row and column, and whether it is shown.
    func cursor() throws -> (row: Int, column: Int, visible: Bool) {
        let parts = try tmux("display-message", "-p", "-t", name, "#{cursor_y} #{cursor_x} #{cursor_flag}")
            .split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard parts.count == 3 else { return (-1, -1, false) }
        return (parts[0], parts[1], parts[2] == 1)
    }

    /// Polls the screen until `condition` holds; fails the test with the last screen after `timeout`.
    @discardableResult
    func waitFor(_ description: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line,
                 _ condition: (String) throws -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if try condition(last) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTFail("timed out waiting for \(description); the screen was:\n\(last)", file: file, line: line)
        throw TimeoutError(description: description)
    }

    /// Polls the screen until `condition` holds, without failing: nil after `timeout`.
    func poll(timeout: TimeInterval, _ condition: (String) -> Bool) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let screen = try? screen(), condition(screen) { return screen }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 10, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        try waitFor("\"\(text)\"", timeout: timeout, file: file, line: line) { $0.contains(text) }
    }

    /// Waits until the cursor leaves the row it is on (a Tab moved the focus to the next field).
    func waitForCursorToLeave(row: Int, file: StaticString = #filePath, line: UInt = #line) throws {
        try waitFor("the cursor to leave row \(row)", file: file, line: line) { _ in try cursor().row != row }
    }

    /// Waits until the process has exited and tmux shows the shell-less pane as dead (or gone).
    func waitForExit(timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if (try? tmux("list-sessions")) == nil { return true }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return false
    }

    struct TimeoutError: Error { var description: String }

    @discardableResult
    private func tmux(_ arguments: String...) throws -> String { try tmux(arguments) }

    /// Runs tmux and returns what it printed. Spawned and reaped directly (posix_spawn, waitpid):
    /// the tmux server that `new-session` leaves behind must not hold anything this waits on.
    @discardableResult
    private func tmux(_ arguments: [String], captureOutput: Bool = true) throws -> String {
        guard let path = TmuxSession.tmuxPath else { throw EndToEndSetupError.noTmux }
        var environment = ProcessInfo.processInfo.environment
        environment["LANG"] = "C.UTF-8"
        environment.removeValue(forKey: "TMUX")
        let argv = ([path, "-u", "-L", socket] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }

        var fds: [Int32] = [-1, -1]
        guard pipe(&fds) == 0 else { throw TmuxFailure(arguments: arguments, status: -1) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captureOutput {
            posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
        // With no signal blocked or ignored: tmux inherits both from the thread that spawns it (a
        // task's thread may block SIGTERM), and its server then never heeds `kill-server`, which
        // sends SIGTERM to itself; it would outlive the test with the program in its pane.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        close(fds[1])
        defer { close(fds[0]) }
        guard spawned == 0 else { throw TmuxFailure(arguments: arguments, status: Int32(spawned)) }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[..<n]
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // WIFEXITED and WEXITSTATUS are macros; the exit code is in the second byte.
        let exitCode = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : -1
        guard exitCode == 0 else { throw TmuxFailure(arguments: arguments, status: exitCode) }
        return String(decoding: output, as: UTF8.self)
    }

    struct TmuxFailure: Error { var arguments: [String]; var status: Int32 }
}

/// What the end-to-end tests need and did not find. They fail rather than skip: a run that never
/// drove the real binary must not look like a pass.
struct EndToEndSetupError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
    static let noTmux = EndToEndSetupError("tmux is not installed (apt-get install tmux); the end-to-end tests drive the app through it")
}
