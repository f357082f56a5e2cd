import Foundation

/// The storefront binary with pipes for stdin and stdout, and a temporary state directory.
final class PlainProcess: @unchecked Sendable { // the output is behind the lock
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let lock = NSLock()
    private var collected = Data()
    private let stateDirectory: URL

    init(arguments: [String], environment: [String: String]) throws {
        guard let binary = TmuxSession.storefrontBinary() else {
            throw EndToEndSetupError("the storefront binary is not built: run swift build --build-tests first")
        }
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-plain-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: stateDirectory, withIntermediateDirectories: true)
        var env = ProcessInfo.processInfo.environment
        env["XDG_STATE_HOME"] = stateDirectory.path
        env["XDG_CONFIG_HOME"] = stateDirectory.path // no settings file of this machine
        env["XDG_CACHE_HOME"] = stateDirectory.path
        env["LANG"] = "C.UTF-8"
        for (key, value) in environment { env[key] = value }
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        output.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.collected.append(data) }
        }
        try process.run()
    }

    deinit {
        terminate()
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    func write(_ text: String) { input.fileHandleForWriting.write(Data(text.utf8)) }

    func closeInput() { try? input.fileHandleForWriting.close() }

    var text: String { lock.withLock { String(decoding: collected, as: UTF8.self) } }

    /// The rest of the first output line that starts with `prefix`, within `timeout`.
    func waitForLine(prefix: String, timeout: TimeInterval = 20) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for line in text.split(separator: "\n") {
                if let range = line.range(of: prefix) { return String(line[range.upperBound...]) }
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return nil
    }

    /// Waits for the process to end (killing it after `timeout`); its output and exit status.
    func finish(timeout: TimeInterval) -> (String, Int32) {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.05)
        output.fileHandleForReading.readabilityHandler = nil
        let rest = output.fileHandleForReading.readDataToEndOfFile()
        lock.withLock { collected.append(rest) }
        return (text, process.terminationStatus)
    }

    func terminate() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
