import Subprocess
import SystemPackage

/// A program run to its end from a test: how it ended and what it printed.
///
/// Through swift-subprocess, whose waiting suspends: tests run on Swift's few cooperative threads
/// (two on two cores), and the in-process server a test starts needs them to answer the program.
/// Foundation's `Process` waits by spinning the calling thread's run loop, or needs a thread of
/// its own per child to wait on.
public struct ProgramRun: Sendable {
    /// The exit code, or 128 plus the signal that ended the program, as a shell reports it.
    public var status: Int32
    public var stdout: String
    public var stderr: String
    /// The process id the program ran as (ended and reaped by now).
    public var processIdentifier: Int32

    /// Each stream is kept up to this many bytes; a program that prints more is an error.
    public static let outputLimit = 64 << 20

    /// Runs the program at `path` with `arguments` and exactly `environment`, its standard input
    /// empty, until it ends.
    public static func run(_ path: String, _ arguments: [String], environment: [String: String]) async throws -> ProgramRun {
        var variables: [Environment.Key: String] = [:]
        for (name, value) in environment {
            if let key = Environment.Key(rawValue: name) { variables[key] = value }
        }
        let result = try await Subprocess.run(.path(FilePath(path)), arguments: Arguments(arguments),
                                              environment: .custom(variables),
                                              output: .string(limit: outputLimit), error: .string(limit: outputLimit))
        let status: Int32 = switch result.terminationStatus {
        case .exited(let code): code
        case .signaled(let signal): 128 + signal
        }
        return ProgramRun(status: status, stdout: result.standardOutput, stderr: result.standardError,
                          processIdentifier: result.processIdentifier.value)
    }
}
