import IssueReporting
import Testing

/// Where the test store's failures go.
///
/// Under Swift Testing they are recorded with `Issue.record` directly: on Linux, IssueReporting can
/// only reach Swift Testing through a support library this package does not link, and would merely
/// print. Everything else (XCTest, or reporters a test installed with `withIssueReporters`) goes
/// through IssueReporting's `reportIssue`.
enum TestFailure {
    static func report(_ message: String, underSwiftTesting: Bool = Test.current != nil,
                       fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        if underSwiftTesting, IssueReporters.current.allSatisfy({ $0 is _DefaultReporter }) {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: SourceLocation(fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
        } else {
            reportIssue(message, fileID: fileID, filePath: filePath, line: line, column: column)
        }
    }
}
