import Foundation
import XCTest

/// Steps a shopper takes, shared by the end-to-end tests (locally and over SSH).
extension XCTestCase {
    /// Opens the first collection, then products in turn until one can be bought; picks another
    /// value of its first option when that one is available too; adds it.
    func addAProductToTheCart(_ session: TmuxSession) throws {
        try session.waitFor("the collections") { $0.contains("Collections") && $0.contains("▸ ") }
        try session.send("Enter")
        try session.waitFor(text: "Price")
        for attempt in 0..<8 {
            if attempt > 0 {
                try session.send("Escape")
                try session.waitFor(text: "Price")
                for _ in 0..<attempt { try session.send("j") }
            }
            try session.send("Enter")
            let detail = try session.waitFor(text: "Quantity")
            guard detail.contains("Add to cart") else { continue }
            // Another value of the first option, when the product has one and it can be bought.
            try session.send("Right")
            let picked = session.poll(timeout: 2) { $0 != detail } ?? detail
            if !picked.contains("Add to cart") { try session.send("Left") }
            try session.waitFor(text: "Add to cart")
            try session.send("a")
            try session.waitFor(text: "cart 1 item")
            return
        }
        XCTFail("no product in the first collection could be added")
        throw TmuxSession.TimeoutError(description: "no available product")
    }

    /// Moves the focus (Tab) to the field whose label starts the cursor's row, then types `value`
    /// and waits until the page shows it (`shows`, for masked fields).
    func fill(_ session: TmuxSession, label: String, with value: String, shows: String? = nil,
                      file: StaticString = #filePath, line: UInt = #line) throws {
        for _ in 0..<12 {
            let cursor = try session.cursor()
            let rows = try session.screen().split(separator: "\n", omittingEmptySubsequences: false)
            if cursor.row >= 0, cursor.row < rows.count, Self.label(of: rows, cursor: cursor)?.range(of: label, options: .caseInsensitive) != nil {
                try session.type(value)
                try session.waitFor(text: shows ?? value, file: file, line: line)
                return
            }
            try session.send("Tab")
            try session.waitForCursorToLeave(row: cursor.row, file: file, line: line)
        }
        XCTFail("no field labelled \(label)", file: file, line: line)
    }

    /// The text labelling the field under the cursor: beside it on its row, or, when nothing but
    /// the sheet's border is left of the cursor, the row above (a long label goes above its field).
    private static func label(of rows: [Substring], cursor: (row: Int, column: Int, visible: Bool)) -> Substring? {
        let row = rows[cursor.row]
        let left = row.prefix(max(0, cursor.column))
        if left.contains(where: \.isLetter) { return row }
        return cursor.row > 0 ? rows[cursor.row - 1] : nil
    }
}
