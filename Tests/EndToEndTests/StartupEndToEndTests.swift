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
}
