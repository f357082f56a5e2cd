import CNcursesw
import Foundation
import XCTest
@testable import TerminalUI

/// The width table must say exactly what the C library's `wcwidth` (through the curses shim) says in a UTF-8 locale, since
/// that is what ncurses uses to place characters. `WIDTH_TABLE_RECORD=1` regenerates the table.
final class WidthTableTests: XCTestCase {
    func testTableAgreesWithWcwidthForEveryCodePoint() throws {
        guard setlocale(LC_CTYPE, "C.UTF-8") != nil else { throw XCTSkip("no C.UTF-8 locale") }
        defer { setlocale(LC_CTYPE, "C") }
        var runs: [(start: UInt32, width: Int8)] = []
        for value in UInt32(0)...0x10FFFF {
            let width = Int8(clamping: Self.wcwidthOf(value))
            if runs.last?.width != width { runs.append((value, width)) }
        }
        if ProcessInfo.processInfo.environment["WIDTH_TABLE_RECORD"] != nil {
            try record(runs)
            return
        }
        XCTAssertEqual(runs.count, WidthTable.starts.count, "WidthTable.swift is stale; regenerate with WIDTH_TABLE_RECORD=1")
        for (index, run) in runs.enumerated() where index < WidthTable.starts.count {
            guard run.start == WidthTable.starts[index], run.width == WidthTable.widths[index] else {
                return XCTFail(String(format: "wcwidth says U+%04X starts a run of width %d; the table says U+%04X, %d",
                                      run.start, run.width, WidthTable.starts[index], WidthTable.widths[index]))
            }
        }
        XCTAssertEqual(DisplayWidth.lookup(0x4E2D), 2)
        XCTAssertEqual(DisplayWidth.lookup(0x301), 0)
    }

    /// Surrogates are not characters: glibc may give them a width, but they never reach a String.
    private static func wcwidthOf(_ value: UInt32) -> Int {
        (0xD800...0xDFFF).contains(value) ? -1 : Int(cn_wcwidth(wchar_t(bitPattern: value)))
    }

    private func record(_ runs: [(start: UInt32, width: Int8)]) throws {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TerminalUI/Rendering/WidthTable.swift").standardized
        func rows<T>(_ values: [T], _ format: (T) -> String) -> String {
            stride(from: 0, to: values.count, by: 12).map { i in
                "        " + values[i..<min(i + 12, values.count)].map(format).joined(separator: ", ") + ","
            }.joined(separator: "\n")
        }
        let text = """
        // Generated from glibc's wcwidth in the C.UTF-8 locale by WidthTableTests (WIDTH_TABLE_RECORD=1).
        // Do not edit by hand. Run-length encoded: code points from starts[i] up to starts[i + 1] - 1
        // have width widths[i] (-1: not printable).
        enum WidthTable {
            static let starts: [UInt32] = [
        \(rows(runs.map(\.start)) { String(format: "0x%X", $0) })
            ]
            static let widths: [Int8] = [
        \(rows(runs.map(\.width)) { String($0) })
            ]
        }

        """
        try text.write(to: file, atomically: true, encoding: .utf8)
    }
}
