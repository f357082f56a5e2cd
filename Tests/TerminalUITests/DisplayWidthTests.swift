import XCTest
@testable import TerminalUI

final class DisplayWidthTests: XCTestCase {
    func testWidthsOfAsciiCjkEmojiAndCombiningMarks() {
        XCTAssertEqual(DisplayWidth.of("abc"), 3)
        XCTAssertEqual(DisplayWidth.of("日本語"), 6)
        XCTAssertEqual(DisplayWidth.of("😀"), 2)
        XCTAssertEqual(DisplayWidth.of("e\u{301}"), 1, "a combining acute accent adds nothing")
        XCTAssertEqual(DisplayWidth.of("Ｔｅａ"), 6, "fullwidth Latin is wide")
        XCTAssertEqual(DisplayWidth.of("a\u{7}b\u{1B}[31m"), 6, "controls are dropped, the rest is text")
        XCTAssertEqual(DisplayWidth.of("…"), 1)
    }

    func testCellSplitMirrorsCursesCells() {
        let cells = CellText.split("ae\u{301}日\u{7}")
        XCTAssertEqual(cells, [CellText(content: "a", width: 1), CellText(content: "e\u{301}", width: 1),
                               CellText(content: "日", width: 2)])
        // A ZWJ family is several cells to curses; we measure it the same way.
        XCTAssertEqual(CellText.split("👨\u{200D}👩").map(\.width), [2, 2])
        // A leading combining mark has nothing to join and is dropped.
        XCTAssertEqual(CellText.split("\u{301}x"), [CellText(content: "x", width: 1)])
        // Unassigned code points are shown as the replacement character.
        XCTAssertEqual(CellText.split("\u{378}"), [CellText(content: "\u{FFFD}", width: 1)])
    }

    func testTruncateByWidthWithEllipsis() {
        XCTAssertEqual(TextLayout.truncate("Coffee beans", to: 20), "Coffee beans")
        XCTAssertEqual(TextLayout.truncate("Coffee beans", to: 8), "Coffee…")
        XCTAssertEqual(TextLayout.truncate("Coffee beans", to: 12), "Coffee beans")
        XCTAssertEqual(TextLayout.truncate("日本語のお茶", to: 7), "日本語…")
        XCTAssertEqual(TextLayout.truncate("日本語のお茶", to: 6), "日本…", "a wide character is never split")
        XCTAssertEqual(DisplayWidth.of(TextLayout.truncate("日本語のお茶", to: 6)), 5)
        XCTAssertEqual(TextLayout.truncate("😀😀😀", to: 4), "😀…")
        XCTAssertEqual(TextLayout.truncate("cafe\u{301} noir", to: 5), "cafe\u{301}…", "the accent stays on its letter")
        XCTAssertEqual(TextLayout.truncate("abc", to: 1), "…")
        XCTAssertEqual(TextLayout.truncate("abc", to: 0), "")
    }

    func testFitPadsToExactWidth() {
        XCTAssertEqual(TextLayout.fit("ab", to: 5), "ab   ")
        XCTAssertEqual(TextLayout.fit("ab", to: 5, alignment: .trailing), "   ab")
        XCTAssertEqual(TextLayout.fit("日本語", to: 5), "日本…")
        XCTAssertEqual(TextLayout.fit("日本語のお", to: 6, alignment: .trailing), " 日本…")
    }

    func testWrapByWords() {
        XCTAssertEqual(TextLayout.wrap("the quick brown fox jumps", width: 10), ["the quick", "brown fox", "jumps"])
        XCTAssertEqual(TextLayout.wrap("a\n\nb", width: 10), ["a", "", "b"])
        XCTAssertEqual(TextLayout.wrap("abcdefghijkl", width: 5), ["abcde", "fghij", "kl"])
        XCTAssertEqual(TextLayout.wrap("日本語のお茶です", width: 5), ["日本", "語の", "お茶", "です"])
        for line in TextLayout.wrap("Ethically sourced 日本 beans roasted weekly in small batches", width: 9) {
            XCTAssertLessThanOrEqual(DisplayWidth.of(line), 9, line)
        }
    }
}
