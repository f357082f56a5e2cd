import Foundation
import XCTest

/// `storefront mcp` on stdio, as a process: a line far past the transport's bound (4 MiB) is
/// answered with a JSON-RPC parse error without the process holding it, and the next message is
/// answered as usual.
final class AgentsEndToEndStdioTests: XCTestCase {
    func testALineLongerThanTheBoundIsAParseErrorAndNeverHeld() throws {
        guard let binary = TmuxSession.builtStorefront else { throw XCTSkip("build the storefront executable first") }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("mcp-stdio-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: state) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["mcp"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_STATE_HOME"] = state.path
        environment["XDG_CACHE_HOME"] = state.appendingPathComponent("cache").path
        process.environment = environment
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        // A process that dies mid-write must fail the test, not end it by SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        defer { if process.isRunning { process.terminate() } }
        // One that never answers (a transport scanning the whole line again on every read) is stopped.
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }

        // 128 MiB without a newline, then the newline and an initialize request.
        let hugeLine = 128 << 20
        let writer = DispatchQueue(label: "mcp-stdio-writer")
        writer.async {
            let chunk = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
            for _ in 0..<(hugeLine >> 20) { try? input.fileHandleForWriting.write(contentsOf: chunk) }
            let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}"#
            try? input.fileHandleForWriting.write(contentsOf: Data(("\n" + initialize + "\n").utf8))
        }
        var received = Data()
        while received.split(separator: UInt8(ascii: "\n")).count < 2 {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received.append(chunk)
        }
        let peak = Self.peakResidentBytes(of: process.processIdentifier)
        try? input.fileHandleForWriting.close()
        let answers = received.split(separator: UInt8(ascii: "\n")).compactMap {
            try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any]
        }
        XCTAssertEqual(answers.count, 2, String(decoding: received.prefix(2_000), as: UTF8.self))
        let error = answers.first?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? Int, -32700, "\(answers.first ?? [:])")
        XCTAssertEqual(answers.last?["id"] as? Int, 1)
        XCTAssertNotNil(answers.last?["result"], "the next message is answered: \(answers.last ?? [:])")
        let peakBytes = try XCTUnwrap(peak, "the process's peak memory is readable")
        XCTAssertLessThan(peakBytes, hugeLine, "the long line was not held: peak resident \(peakBytes >> 20) MiB")
        process.waitUntilExit()
    }

    /// VmHWM of a process, in bytes.
    static func peakResidentBytes(of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "") else { return nil }
        return kilobytes * 1024
    }
}
