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

/// Compares text with one entry of a shared snapshot file, `__Snapshots__/<file>.txt`, where each
/// entry is a line `## <name>` followed by its text. Parts of many screens that change together (a
/// key every footer shows) live in one file, so such a change rewrites one file, not one per screen.
/// Entries stay in name order; recording rewrites only this entry, and fails once like `assertSnapshot`.
func assertSnapshotEntry(_ text: String, named name: String, in fileName: String,
                         file: StaticString = #filePath, line: UInt = #line) {
    let directory = URL(fileURLWithPath: "\(file)").deletingLastPathComponent().appendingPathComponent("__Snapshots__")
    let url = directory.appendingPathComponent("\(fileName).txt")
    let recording = ProcessInfo.processInfo.environment["SNAPSHOT_RECORD"] != nil
    if SnapshotEntries.wouldSplit(text) {
        return XCTFail("\(name) has a line starting \"## \", which would start an entry of \(fileName)", file: file, line: line)
    }
    var entries = SnapshotEntries(parsing: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    let expected = entries.text(of: name)
    if expected == text { return }
    if recording || expected == nil {
        entries.set(name, to: text)
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        do { try entries.file.write(to: url, atomically: true, encoding: .utf8) } catch {
            XCTFail("could not write \(url.path): \(error)", file: file, line: line)
        }
        let diff = expected.map { "\n" + snapshotDiff(expected: $0, actual: text) } ?? ""
        XCTFail("recorded \(name) in \(fileName); check it and run again without SNAPSHOT_RECORD\(diff)", file: file, line: line)
        return
    }
    guard let expected else { return }
    XCTFail("\(name) in \(fileName) differs:\n" + snapshotDiff(expected: expected, actual: text), file: file, line: line)
}

/// The entries of a shared snapshot file: `## <name>` lines, each followed by its text's lines.
struct SnapshotEntries {
    private static let marker = "## "
    private(set) var entries: [(name: String, text: String)] = []

    init(parsing file: String) {
        var lines = file.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        var current: (name: String, lines: [String])?
        for line in lines {
            if line.hasPrefix(Self.marker) {
                if let current { entries.append((current.name, current.lines.joined(separator: "\n"))) }
                current = (String(line.dropFirst(Self.marker.count)), [])
            } else {
                current?.lines.append(line)
            }
        }
        if let current { entries.append((current.name, current.lines.joined(separator: "\n"))) }
    }

    static func wouldSplit(_ text: String) -> Bool {
        text.split(separator: "\n", omittingEmptySubsequences: false).contains { $0.hasPrefix(marker) }
    }

    func text(of name: String) -> String? { entries.first { $0.name == name }?.text }

    mutating func set(_ name: String, to text: String) {
        entries.removeAll { $0.name == name }
        entries.append((name, text))
        entries.sort { $0.name < $1.name }
    }

    var file: String { entries.map { Self.marker + $0.name + "\n" + $0.text + "\n" }.joined() }
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
