import Foundation
import XCTest

/// What the app starts with: on the embedded catalog nothing goes to the network, so no part of
/// the HTTP client (its event loop threads) is started for it.
final class StartupEndToEndTests: XCTestCase {
    /// The names of the process's threads (Linux: /proc/PID/task/*/comm).
    private func threadNames(of pid: pid_t) throws -> [String] {
        let tasks = try FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        return tasks.compactMap { task in
            (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/comm", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    func testTheEmbeddedShopStartsNoNetworkThreads() throws {
        let app = try PtyProcess(environment: ["TERM": "xterm-256color"])
        try app.waitFor("Coffee")
        app.settle()
        let names = try threadNames(of: app.pid)
        XCTAssertFalse(names.isEmpty, "the app's threads are listed")
        XCTAssertEqual(names.filter { $0.hasPrefix("NIO-") }, [], "threads: \(names)")
        app.send("q")
        XCTAssertEqual(app.waitForExit(), 0)
    }

    /// The start-up trace's phases in order (written to stderr, the pty, once the app has quit).
    private func phases(_ arguments: [String]) throws -> [String] {
        let app = try PtyProcess(arguments: arguments, environment: ["TERM": "xterm-256color", "STOREFRONT_TRACE_STARTUP": "1"])
        try app.waitFor("Coffee")
        app.send("q")
        XCTAssertEqual(app.waitForExit(), 0)
        return app.text.split(whereSeparator: \.isNewline).compactMap { line in
            line.range(of: "startup-trace ").flatMap { line[$0.upperBound...].split(separator: " ").dropFirst().first.map(String.init) }
        }
    }

    func testTheBareCommandDrawsItsFirstFrameBeforeReadingItsCommandLine() throws {
        let bare = try phases([])
        let drawn = try XCTUnwrap(bare.firstIndex(of: "first-frame-written"), "\(bare)")
        XCTAssertLessThan(drawn, try XCTUnwrap(bare.firstIndex(of: "arguments-parsed"), "\(bare)"), "\(bare)")
        // With arguments, the command line says what to run first.
        let given = try phases(["--country", "NL"])
        XCTAssertGreaterThan(try XCTUnwrap(given.firstIndex(of: "first-frame-written"), "\(given)"),
                             try XCTUnwrap(given.firstIndex(of: "arguments-parsed"), "\(given)"), "\(given)")
    }
}
