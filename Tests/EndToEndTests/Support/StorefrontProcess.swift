import Foundation
import Synchronization

/// The built `storefront` binary run as a plain child process (no terminal): `serve`, `login`.
/// Standard output is collected line by line; the process is stopped (SIGTERM) when dropped.
final class StorefrontProcess: Sendable {
    private let process: Process
    private let output = Collected()

    init(_ arguments: [String], stateDirectory: URL) throws {
        let serving = arguments.contains("serve") || arguments.contains("mcp")
        guard let binary = serving ? try TmuxSession.builtServingStorefront() : TmuxSession.storefrontBinary() else {
            throw EndToEndSetupError("the storefront binary is not built: run swift build --build-tests first")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = stateDirectory.path
        // No settings file of the machine running the tests: a fresh directory has none.
        environment["XDG_CONFIG_HOME"] = stateDirectory.path
        environment["XDG_CACHE_HOME"] = stateDirectory.appendingPathComponent("cache").path
        environment["LANG"] = "C.UTF-8"
        // No browser here: the test is the browser.
        environment.removeValue(forKey: "DISPLAY")
        environment.removeValue(forKey: "WAYLAND_DISPLAY")
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
        let output = self.output
        pipe.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { output.text.withLock { $0 += String(decoding: data, as: UTF8.self) } }
        }
        self.process = process
        try process.run()
    }

    deinit { stop() }

    /// The process id, which stays the same when `storefront` becomes `storefront-server`.
    var processIdentifier: Int32 { process.processIdentifier }

    var text: String { output.text.withLock { $0 } }
    var lines: [String] { text.split(separator: "\n").map(String.init) }

    /// The first line for which `match` gives a value, waiting up to `timeout` for it.
    func waitForLine<T>(timeout: TimeInterval = 15, _ match: (String) -> T?) -> T? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for line in lines { if let value = match(line) { return value } }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// The exit status, waiting up to `timeout`; nil when still running.
    func waitForExit(timeout: TimeInterval = 15) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        return process.isRunning ? nil : process.terminationStatus
    }

    func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}

/// What a process printed so far, shared with the pipe's reader.
private final class Collected: Sendable {
    let text = Mutex<String>("")
}
