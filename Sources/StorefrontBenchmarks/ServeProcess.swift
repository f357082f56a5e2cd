import Foundation

/// `storefront serve` started for a benchmark: state and cache directories of its own under
/// `directory`, and its output in `serve.log` there.
enum ServeProcess {
    static func start(_ binary: String, arguments: [String], directory: URL) throws -> (Process, URL) {
        let log = directory.appendingPathComponent("serve.log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["serve"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = directory.appendingPathComponent("state").path
        environment["XDG_CACHE_HOME"] = directory.appendingPathComponent("cache").path
        process.environment = environment
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        return (process, log)
    }
}
