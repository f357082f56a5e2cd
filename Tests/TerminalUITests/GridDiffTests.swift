import XCTest
@testable import TerminalUI

/// `Grid.diff` decides which cells the driver sends to the terminal each frame.
final class GridDiffTests: XCTestCase {
    private static let size = Size(width: 6, height: 2)

    private func grid(_ rows: [String], size: Size = size, style: Style = .plain) -> Grid {
        var grid = Grid(size: size)
        for (y, row) in rows.enumerated() { grid.write(row, x: 0, y: y, style: style) }
        return grid
    }

    private func describe(_ changes: [Grid.Change]) -> [String] {
        changes.map { "\($0.x),\($0.y) \($0.cell.content)" }
    }

    func testIdenticalFramesGiveNothing() {
        let frame = grid(["hello", "日本 é"])
        XCTAssertEqual(Grid.diff(previous: frame, next: frame), [])
        XCTAssertEqual(Grid.diff(previous: frame, next: grid(["hello", "日本 é"])), [])
    }

    func testOneChangedCellIsOneChangeWhereItIs() {
        let changes = Grid.diff(previous: grid(["hello", "world"]), next: grid(["hello", "wOrld"]))
        XCTAssertEqual(changes, [Grid.Change(x: 1, y: 1, cell: Cell(content: "O", width: 1, style: .plain))])
    }

    func testAWideCharacterIsWrittenAtItsFirstColumnOnly() {
        let changes = Grid.diff(previous: grid(["abcd"]), next: grid(["a日d"]))
        XCTAssertEqual(describe(changes), ["1,0 日"], "the continuation under the second column is never written")
        XCTAssertEqual(changes.first?.cell.width, 2)
    }

    func testNarrowCharactersReplacingAWideOneWriteBothColumns() {
        let changes = Grid.diff(previous: grid(["a日d"]), next: grid(["abcd"]))
        XCTAssertEqual(describe(changes), ["1,0 b", "2,0 c"])
    }

    func testACombiningMarkChangesItsCell() {
        let changes = Grid.diff(previous: grid(["cafe"]), next: grid(["cafe\u{301}"]))
        XCTAssertEqual(describe(changes), ["3,0 e\u{301}"])
        XCTAssertEqual(Grid.diff(previous: grid(["cafe\u{301}"]), next: grid(["cafe\u{301}"])), [])
    }

    func testAnAttributeChangeAloneIsAChange() {
        let bold = Style(attributes: .bold)
        var next = grid(["hello"])
        next.restyle(Rect(x: 1, y: 0, width: 2, height: 1)) { _ in bold }
        let changes = Grid.diff(previous: grid(["hello"]), next: next)
        XCTAssertEqual(changes, [Grid.Change(x: 1, y: 0, cell: Cell(content: "e", width: 1, style: bold)),
                                 Grid.Change(x: 2, y: 0, cell: Cell(content: "l", width: 1, style: bold))])
        let coloured = grid(["hello"], style: Style(foreground: .red))
        XCTAssertEqual(describe(Grid.diff(previous: grid(["hello"]), next: coloured)), ["0,0 h", "1,0 e", "2,0 l", "3,0 l", "4,0 o"],
                       "a colour change is a change; the blank after the word kept its style")
    }

    func testAResizeWritesEveryCellOfTheNewFrame() {
        let wider = Size(width: 8, height: 2)
        let changes = Grid.diff(previous: grid(["hello", "日本"]), next: grid(["hello", "日本"], size: wider))
        XCTAssertEqual(changes.count, 8 + 6, "both rows in full, a wide character once")
        XCTAssertEqual(changes.map(\.y), Array(repeating: 0, count: 8) + Array(repeating: 1, count: 6), "in row order")
        XCTAssertEqual(describe(Array(changes[8..<10])), ["0,1 日", "2,1 本"])
    }

    func testWithoutAPreviousFrameEveryCellIsWritten() {
        XCTAssertEqual(Grid.diff(previous: nil, next: grid(["hi"])).count, 12)
        XCTAssertEqual(Grid.diff(previous: nil, next: Grid(size: Size(width: 0, height: 3))), [])
    }
}
