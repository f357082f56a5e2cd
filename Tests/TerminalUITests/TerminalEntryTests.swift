import XCTest
@testable import TerminalUI

/// The terminfo entry curses starts with: TERM's own, its direct-colour variant when COLORTERM asks
/// for 24-bit colour, or the closest entry that exists when TERM's is missing.
final class TerminalEntryTests: XCTestCase {
    func testTERMsOwnEntryComesFirst() {
        let entry = TerminalEntry(environment: ["TERM": "xterm-kitty"])
        XCTAssertEqual(entry.candidates.first, "xterm-kitty")
        XCTAssertNil(entry.notice(used: "xterm-kitty"))
    }

    func testXtermCompatibleNamesFallBackToXterm256Color() {
        for term in ["xterm-kitty", "xterm-ghostty", "wezterm", "alacritty", "foot", "iterm2", "ms-terminal", "konsole-256color"] {
            let candidates = TerminalEntry(environment: ["TERM": term]).candidates
            XCTAssertEqual(Array(candidates.prefix(2)), [term, "xterm-256color"], term)
        }
    }

    func testCOLORTERMPicksADirectColourEntry() {
        let kitty = TerminalEntry(environment: ["TERM": "xterm-kitty", "COLORTERM": "truecolor"]).candidates
        XCTAssertEqual(Array(kitty.prefix(4)), ["xterm-kitty-direct", "xterm-kitty", "xterm-direct", "xterm-256color"])
        let xterm = TerminalEntry(environment: ["TERM": "xterm-256color", "COLORTERM": "24bit"]).candidates
        XCTAssertEqual(Array(xterm.prefix(2)), ["xterm-direct", "xterm-256color"])
        let direct = TerminalEntry(environment: ["TERM": "xterm-direct", "COLORTERM": "truecolor"]).candidates
        XCTAssertEqual(direct.first, "xterm-direct")
    }

    func testMultiplexersAndTheConsoleKeepTheirFamily() {
        XCTAssertEqual(TerminalEntry(environment: ["TERM": "tmux-direct-ish"]).candidates.dropFirst().first, "tmux-256color")
        XCTAssertEqual(TerminalEntry(environment: ["TERM": "screen.xterm-256color"]).candidates.dropFirst().first, "screen-256color")
        XCTAssertEqual(TerminalEntry(environment: ["TERM": "linux-16color"]).candidates.dropFirst().first, "linux")
    }

    func testAnUnknownNameGetsAVT100() {
        XCTAssertEqual(TerminalEntry(environment: ["TERM": "nosuchterm"]).candidates, ["nosuchterm", "vt100", "ansi"])
    }

    func testTheStandInIsNamedOnExit() {
        let entry = TerminalEntry(environment: ["TERM": "xterm-ghostty"])
        let notice = entry.notice(used: "xterm-256color")
        XCTAssertEqual(notice?.contains("TERM=xterm-ghostty"), true)
        XCTAssertEqual(notice?.contains("used xterm-256color"), true)
        XCTAssertNil(TerminalEntry(environment: ["TERM": "xterm-256color", "COLORTERM": "truecolor"]).notice(used: "xterm-direct"),
                     "the direct-colour variant of TERM's own entry is not a stand-in")
    }
}
