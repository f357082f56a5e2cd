import XCTest
@testable import TerminalUI

final class ColorProfileTests: XCTestCase {
    func testNoColorWinsWhateverItsValue() {
        XCTAssertEqual(ColorProfile.detect(environment: ["NO_COLOR": "1", "TERM": "xterm-256color"]), .monochrome)
        XCTAssertEqual(ColorProfile.detect(environment: ["NO_COLOR": "", "TERM": "xterm-256color", "COLORTERM": "truecolor"]), .monochrome)
    }

    func testDumbOrMissingTermIsMonochrome() {
        XCTAssertEqual(ColorProfile.detect(environment: ["TERM": "dumb", "COLORTERM": "truecolor"]), .monochrome)
        XCTAssertEqual(ColorProfile.detect(environment: [:]), .monochrome)
    }

    func testTrueColorAnd256ColorTerminals() {
        XCTAssertEqual(ColorProfile.detect(environment: ["TERM": "xterm", "COLORTERM": "truecolor"]), .ansi256)
        XCTAssertEqual(ColorProfile.detect(environment: ["TERM": "xterm", "COLORTERM": "24bit"]), .ansi256)
        XCTAssertEqual(ColorProfile.detect(environment: ["TERM": "tmux-256color"]), .ansi256)
    }

    func testBasicTerminals() {
        XCTAssertEqual(ColorProfile.detect(environment: ["TERM": "xterm"]), .ansi16)
        XCTAssertEqual(ColorProfile.detect(environment: ["TERM": "linux"]), .ansi16)
        XCTAssertEqual(ColorProfile.detect(environment: ["TERM": "vt220"]), .ansi8)
    }

    func testNarrowedToWhatTheTerminalHas() {
        XCTAssertEqual(ColorProfile.ansi256.limited(hasColors: true, colors: 8), .ansi8)
        XCTAssertEqual(ColorProfile.ansi256.limited(hasColors: false, colors: 256), .monochrome)
        XCTAssertEqual(ColorProfile.ansi16.limited(hasColors: true, colors: 256), .ansi16)
    }

    func testIndexedColoursFallBackToTheNearestBasicColour() {
        XCTAssertEqual(Color.indexed(196).paletteIndex(colors: 256), 196)
        XCTAssertEqual(Color.indexed(196).paletteIndex(colors: 16), 9, "pure red is bright red")
        XCTAssertEqual(Color.indexed(196).paletteIndex(colors: 8), 1)
        XCTAssertEqual(Color.indexed(235).paletteIndex(colors: 16), 0, "a dark grey is black")
        XCTAssertEqual(Color.brightWhite.paletteIndex(colors: 8), 7)
        XCTAssertEqual(Color.terminalDefault.paletteIndex(colors: 256), -1)
    }

    func testSelectionAndErrorsStayVisibleWithoutColour() {
        let mono = Theme.standard(.monochrome)
        XCTAssertEqual(mono[.selection], Style(attributes: [.reverse, .bold]))
        XCTAssertTrue(mono[.error].attributes.contains(.bold))
        XCTAssertTrue(mono[.compareAt].attributes.contains(.strikethrough))
        for role in Role.allCases {
            XCTAssertEqual(mono[role].foreground, .terminalDefault, "\(role) uses a colour in monochrome")
            XCTAssertEqual(mono[role].background, .terminalDefault, "\(role) uses a colour in monochrome")
        }
    }
}
