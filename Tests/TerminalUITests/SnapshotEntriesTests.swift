import XCTest

/// The shared snapshot files (`headers.txt`, `footers.txt`, `help.txt`) read back what was written,
/// blank rows and empty entries included, in name order.
final class SnapshotEntriesTests: XCTestCase {
    func testEntriesReadBackAsWritten() {
        var entries = SnapshotEntries(parsing: "")
        entries.set("80x24 search", to: " ↑↓ move  ? help")
        entries.set("120x40 body", to: "\n  two rows below a blank one\n")
        entries.set("40x12 empty", to: "")
        XCTAssertEqual(entries.entries.map(\.name), ["120x40 body", "40x12 empty", "80x24 search"])
        let read = SnapshotEntries(parsing: entries.file)
        XCTAssertEqual(read.text(of: "120x40 body"), "\n  two rows below a blank one\n")
        XCTAssertEqual(read.text(of: "40x12 empty"), "")
        XCTAssertEqual(read.text(of: "80x24 search"), " ↑↓ move  ? help")
        XCTAssertNil(read.text(of: "80x24 cart"))
        XCTAssertEqual(read.file, entries.file)
    }

    func testSettingAnEntryReplacesItAndKeepsTheOthers() {
        var entries = SnapshotEntries(parsing: "## a\none\n## b\ntwo\n")
        entries.set("a", to: "uno")
        XCTAssertEqual(entries.file, "## a\nuno\n## b\ntwo\n")
    }

    func testALineThatWouldStartAnEntryIsRefused() {
        XCTAssertTrue(SnapshotEntries.wouldSplit("row\n## not a name"))
        XCTAssertFalse(SnapshotEntries.wouldSplit(" ## a footer key"))
    }
}
