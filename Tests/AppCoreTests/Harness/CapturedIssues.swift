import IssueReporting
import Synchronization

/// An issue reporter that keeps what it is told instead of failing the test, so tests can check
/// that the test store fails when it must, and with which message.
final class CapturedIssues: IssueReporter {
    private let messages = Mutex<[String]>([])

    var all: [String] { messages.withLock { $0 } }

    func reportIssue(_ message: @autoclosure () -> String?, severity: IssueSeverity, fileID: StaticString,
                     filePath: StaticString, line: UInt, column: UInt) {
        let text = message() ?? ""
        messages.withLock { $0.append(text) }
    }

    /// Runs `body` with failures captured, and returns them.
    @MainActor
    static func during(_ body: @MainActor () async -> Void) async -> [String] {
        let captured = CapturedIssues()
        await withIssueReporters([captured]) { await body() }
        return captured.all
    }
}
