import Foundation
import XCTest

/// Compares text with a snapshot file in `__Snapshots__/<name>.txt`, exactly.
/// `SNAPSHOT_RECORD=1` rewrites a file that differs; a missing snapshot is recorded. Either way the
/// test fails once, so a changed or new screen is always looked at before it is accepted: record
/// mode never makes a differing screen pass.
func assertSnapshot(_ text: String, named name: String, file: StaticString = #filePath, line: UInt = #line) {
    let directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let url = directory.appendingPathComponent("\(name).txt")
    let recording = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] != nil
    let expected = try? String(contentsOf: url, encoding: .utf8)
    if expected == text + "\n" { return }
    if recording || expected == nil {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do { try (text + "\n").write(to: url, atomically: true, encoding: .utf8) } catch {
            XCTFail("could not write \(url.path): \(error)", file: file, line: line)
        }
        let diff = expected.map { "\n" + snapshotDiff(expected: $0, actual: text + "\n") } ?? ""
        XCTFail("recorded snapshot \(name); check it and run again without SNAPSHOT_RECORD\(diff)", file: file, line: line)
        return
    }
    guard let expected else { return }
    XCTFail("snapshot \(name) differs:\n" + snapshotDiff(expected: expected, actual: text + "\n"), file: file, line: line)
}

/// A line-by-line diff: `-` expected, `+` actual, with the row number, only for rows that differ.
func snapshotDiff(expected: String, actual: String) -> String {
    let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for row in 0..<max(old.count, new.count) {
        let a = row < old.count ? String(old[row]) : nil
        let b = row < new.count ? String(new[row]) : nil
        if a != b {
            let number = String(row).leftPadded(to: 3)
            out.append("\(number) - |\(a ?? "(none)")|")
            out.append("\(number) + |\(b ?? "(none)")|")
        }
    }
    return out.joined(separator: "\n")
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
