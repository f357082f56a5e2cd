import XCTest
@testable import TerminalUI

final class ColorProfileTests: XCTestCase {
    func testNoColorWinsWhenSetAndNotEmpty() {
        XCTAssertEqual(ColorProfile.detect(environment: ["NO_COLOR": "1", "TERM": "xterm-256color"]), .monochrome)
        XCTAssertEqual(ColorProfile.detect(environment: ["NO_COLOR": "0", "TERM": "xterm-direct"]), .monochrome)
    }

    func testAnEmptyNoColorDoesNotDisableColour() {
        // no-color.org: "present and not empty".
        XCTAssertEqual(ColorProfile.detect(environment: ["NO_COLOR": "", "TERM": "xterm-256color"]), .trueColor)
        XCTAssertEqual(ColorProfile.detect(environment: ["NO_COLOR": "", "TERM": "xterm-256color"])
            .limited(hasColors: true, colors: 256), .ansi256)
    }

    func testDumbOrMissingTermIsMonochrome() {
        XCTAssertEqual(ColorProfile.detect(environment: ["TERM": "dumb", "COLORTERM": "truecolor"]), .monochrome)
        XCTAssertEqual(ColorProfile.detect(environment: [:]), .monochrome)
    }

    func testTheTerminfoEntryDecidesTheDepth() {
        let asked = ColorProfile.detect(environment: ["TERM": "xterm"])
        XCTAssertEqual(asked.limited(hasColors: true, colors: 8), .ansi8)
        XCTAssertEqual(asked.limited(hasColors: true, colors: 16), .ansi16)
        XCTAssertEqual(asked.limited(hasColors: true, colors: 256), .ansi256)
        XCTAssertEqual(asked.limited(hasColors: true, colors: 1 << 24), .trueColor, "a direct-colour entry")
    }

    func testCOLORTERMAsksForTrueColour() {
        XCTAssertTrue(ColorProfile.wantsTrueColor(["COLORTERM": "truecolor"]))
        XCTAssertTrue(ColorProfile.wantsTrueColor(["COLORTERM": "24bit"]))
        XCTAssertFalse(ColorProfile.wantsTrueColor(["COLORTERM": "yes"]))
        XCTAssertFalse(ColorProfile.wantsTrueColor([:]))
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

    func testExactColoursAtEveryDepth() {
        let teal = Color.rgb(0, 135, 175)
        XCTAssertEqual(teal.paletteIndex(colors: 1 << 24), 0x0087AF, "24-bit: the exact value")
        XCTAssertEqual(teal.paletteIndex(colors: 256), 31, "256: the xterm palette entry with that value")
        XCTAssertEqual(Color.rgb(128, 128, 128).paletteIndex(colors: 256), 244)
        XCTAssertEqual(Color.rgb(215, 0, 0).paletteIndex(colors: 16), 1)
        XCTAssertEqual(Color.rgb(0, 0, 0).paletteIndex(colors: 1 << 24), 8, "never a number that means a palette colour")
    }

    func testTheNearestPaletteEntryIsTheOneASearchOfAllEntriesFinds() {
        func searched(_ rgb: (Int, Int, Int)) -> Int {
            var best = 16, bestDistance = Int.max
            for index in 16..<256 {
                let entry = Color.xtermRGB(index)
                let d = (entry.0 - rgb.0) * (entry.0 - rgb.0) + (entry.1 - rgb.1) * (entry.1 - rgb.1) + (entry.2 - rgb.2) * (entry.2 - rgb.2)
                if d < bestDistance { best = index; bestDistance = d }
            }
            return best
        }
        // Every fifth value on each channel, every grey, and each palette entry's own value and
        // the values one either side (where ties between neighbours fall).
        var samples: [(Int, Int, Int)] = []
        for r in stride(from: 0, through: 255, by: 5) {
            for g in stride(from: 0, through: 255, by: 5) { for b in stride(from: 0, through: 255, by: 5) { samples.append((r, g, b)) } }
        }
        for level in 0...255 { samples.append((level, level, level)) }
        let steps = [0, 47, 48, 95, 114, 115, 116, 135, 155, 175, 195, 215, 235, 255]
        for r in steps { for g in steps { for b in steps { samples.append((r, g, b)) } } }
        for index in 16..<256 {
            let (r, g, b) = Color.xtermRGB(index)
            for delta in -1...1 { samples.append((min(255, max(0, r + delta)), g, min(255, max(0, b - delta)))) }
        }
        for rgb in samples {
            XCTAssertEqual(Color.nearestIndexed(rgb), searched(rgb), "\(rgb)")
        }
    }

    func testDirectColourKeepsTheBasicColoursAndConvertsTheRest() {
        XCTAssertEqual(Color.red.paletteIndex(colors: 1 << 24), 1, "the terminal's own red")
        XCTAssertEqual(Color.brightBlack.paletteIndex(colors: 1 << 24), 0x7F7F7F)
        XCTAssertEqual(Color.indexed(244).paletteIndex(colors: 1 << 24), 0x808080)
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
