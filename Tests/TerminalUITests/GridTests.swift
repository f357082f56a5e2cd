import XCTest
@testable import TerminalUI

final class GridTests: XCTestCase {
    func testWriteClipsAtTheRightEdge() {
        var grid = Grid(size: Size(width: 6, height: 2))
        let end = grid.write("abcdefgh", x: 2, y: 0, style: .plain)
        XCTAssertEqual(grid.text, "  abcd\n")
        XCTAssertEqual(end, 6)
    }

    func testWideCharacterThatDoesNotFitBecomesASpace() {
        var grid = Grid(size: Size(width: 5, height: 1))
        grid.write("ab日本", x: 0, y: 0, style: .plain)
        XCTAssertEqual(grid.line(0), "ab日 ")
        XCTAssertEqual(grid[2, 0].width, 2)
        XCTAssertTrue(grid[3, 0].isContinuation)
        XCTAssertEqual(grid[4, 0], .blank())
    }

    func testWideCharacterStraddlingTheClipEdgeBecomesSpaces() {
        var grid = Grid(size: Size(width: 8, height: 1))
        grid.write("xxxxxxxx", x: 0, y: 0, style: .plain)
        grid.write("日本語", x: 1, y: 0, style: .plain, clip: Rect(x: 2, y: 0, width: 4, height: 1))
        XCTAssertEqual(grid.line(0), "xx 本 xx")
    }

    func testOverwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var grid = Grid(size: Size(width: 4, height: 1))
        grid.write("日本", x: 0, y: 0, style: .plain)
        grid.write("a", x: 1, y: 0, style: .plain)
        XCTAssertEqual(grid.line(0), " a本")
        grid.write("b", x: 2, y: 0, style: .plain)
        XCTAssertEqual(grid.line(0), " ab ")
    }

    func testControlCharactersAreFilteredAtTheBuffer() {
        var grid = Grid(size: Size(width: 10, height: 1))
        grid.write("a\u{1B}[2Jb\u{7}\u{9B}c\nd", x: 0, y: 0, style: .plain)
        XCTAssertEqual(grid.text, "a[2Jbcd")
    }

    func testCombiningMarksJoinTheirCell() {
        var grid = Grid(size: Size(width: 4, height: 1))
        grid.write("e\u{301}x", x: 0, y: 0, style: .plain)
        XCTAssertEqual(grid[0, 0].content, "e\u{301}")
        XCTAssertEqual(grid[1, 0].content, "x")
    }

    func testWritesOutsideTheGridDoNothing() {
        var grid = Grid(size: Size(width: 3, height: 1))
        grid.write("abc", x: 0, y: 5, style: .plain)
        grid.write("abc", x: -2, y: 0, style: .plain)
        XCTAssertEqual(grid.text, "c")
    }

    func testTextTrimsTrailingSpacesPerRow() {
        var grid = Grid(size: Size(width: 5, height: 3))
        grid.write("hi", x: 1, y: 1, style: .plain)
        XCTAssertEqual(grid.text, "\n hi\n")
    }

    func testCanvasTruncatesWithEllipsisAndClipsToItsRect() {
        var grid = Grid(size: Size(width: 12, height: 3))
        let canvas = Canvas(rect: Rect(x: 2, y: 1, width: 6, height: 1))
        canvas.text("Organic coffee", y: 0, style: .plain, in: &grid)
        canvas.text("never", y: 1, style: .plain, in: &grid)
        XCTAssertEqual(grid.text, "\n  Organ…\n")
        canvas.textRight("$9.50", y: 0, style: .plain, in: &grid)
        XCTAssertEqual(grid.line(1), "  O$9.50    ")
    }

    func testBorderDrawsABoxWithTitle() {
        var grid = Grid(size: Size(width: 12, height: 3))
        Canvas(rect: grid.bounds).border(style: .plain, title: "Cart", in: &grid)
        XCTAssertEqual(grid.text, "╭─ Cart ───╮\n│          │\n╰──────────╯")
    }

    func testCroppingKeepsTheCellsOfTheRectangleAndMovesTheCursorWithThem() {
        var grid = Grid(size: Size(width: 6, height: 4))
        for y in 0..<4 { grid.write("row \(y)!", x: 0, y: y, style: .plain) }
        grid.cursor = Grid.Point(x: 3, y: 2)
        grid.focus = Grid.Point(x: 0, y: 0)
        let middle = grid.cropped(to: Rect(x: 0, y: 1, width: 6, height: 2))
        XCTAssertEqual(middle.size, Size(width: 6, height: 2))
        XCTAssertEqual(middle.text, "row 1!\nrow 2!")
        XCTAssertEqual(middle.cursor, Grid.Point(x: 3, y: 1))
        XCTAssertNil(middle.focus, "the focus was on a row left out")
    }

    func testCroppingBlanksAWideCharacterCutByASide() {
        var grid = Grid(size: Size(width: 6, height: 1))
        grid.write("a日本c", x: 0, y: 0, style: .plain)
        let cut = grid.cropped(to: Rect(x: 2, y: 0, width: 2, height: 1))
        XCTAssertEqual(cut.line(0), "  ", "the tail of 日 and the head of 本 are half characters")
        XCTAssertFalse(cut[0, 0].isContinuation)
        XCTAssertEqual(grid.cropped(to: Rect(x: 1, y: 0, width: 4, height: 1)).line(0), "日本")
        XCTAssertEqual(grid.cropped(to: Rect(x: 4, y: 0, width: 9, height: 3)).size, Size(width: 2, height: 1), "clipped to the grid")
    }
}
