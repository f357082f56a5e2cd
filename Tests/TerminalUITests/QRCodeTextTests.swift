import XCTest
@testable import TerminalUI

/// QR codes as half blocks: two modules per character, light modules (and the quiet zone) drawn.
final class QRCodeTextTests: XCTestCase {
    func testAShortTextIsAVersionOneCodeWithItsFinderPatterns() throws {
        // Version 1 is 21 modules; with two quiet modules a side, 25 columns and 13 rows.
        let rows = try XCTUnwrap(QRCodeText.rows(for: "HELLO"))
        XCTAssertEqual(rows.count, 13)
        XCTAssertTrue(rows.allSatisfy { $0.count == 25 })
        XCTAssertEqual(rows[0], String(repeating: "█", count: 25), "the quiet zone is light")
        // Modules 2 and 3: the finder patterns' dark top edge (seven modules), over their light ring
        // (dark, five light, dark): the light lower halves are "▄".
        let finderTop = Array(rows[1])
        XCTAssertEqual(String(finderTop[0..<2]), "██")
        XCTAssertEqual(String(finderTop[2..<9]), " ▄▄▄▄▄ ")
        XCTAssertEqual(String(finderTop[16..<23]), " ▄▄▄▄▄ ")
        // Modules 4 and 5 of the finder: the light ring's side, light in both.
        XCTAssertEqual(Array(rows[2])[3], "█")
    }

    func testTooMuchTextIsNoCode() {
        XCTAssertNil(QRCodeText.rows(for: String(repeating: "x", count: 5000)))
    }
}
