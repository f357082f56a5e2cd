import Foundation
import XCTest

/// Steps a shopper takes in the running app, shared by the end-to-end tests.
extension TmuxSession {
    /// Opens the first collection, then products in turn until one can be bought; picks another
    /// value of its first option when that one is available too; adds it. Returns the product
    /// page as it was when added.
    @discardableResult
    func addAProductToTheCart() throws -> String {
        try waitFor("the collections") { $0.contains("Collections") && $0.contains("▸ ") }
        try send("Enter")
        try waitFor(text: "Price")
        for attempt in 0..<8 {
            if attempt > 0 {
                try send("Escape")
                try waitFor(text: "Price")
                for _ in 0..<attempt { try send("j") }
            }
            try send("Enter")
            let detail = try waitFor(text: "Quantity")
            guard detail.contains("Add to cart") else { continue }
            // Another value of the first option, when the product has one and it can be bought.
            try send("Right")
            let picked = poll(timeout: 2) { $0 != detail } ?? detail
            if !picked.contains("Add to cart") { try send("Left") }
            let page = try waitFor(text: "Add to cart")
            try send("a")
            try waitFor(text: "cart 1 item")
            return page
        }
        XCTFail("no product in the first collection could be added")
        throw TimeoutError(description: "no available product")
    }

    /// Adds a product, opens the checkout and goes on to its contact step; returns that screen.
    @discardableResult
    func checkOutAProduct() throws -> String {
        try addAProductToTheCart()
        try send("c")
        try waitFor(text: "Checkout")
        try send("Enter")
        return try waitFor("the contact step") { $0.contains("Contact ›") && $0.contains("esc ✕") }
    }

    /// Moves the focus (Tab) to the field whose label starts the cursor's row, then types `value`
    /// and waits until the page shows it (`shows`, for masked fields).
    func fill(label: String, with value: String, shows: String? = nil, file: StaticString = #filePath, line: UInt = #line) throws {
        for _ in 0..<12 {
            let cursor = try cursor()
            let rows = try screen().split(separator: "\n", omittingEmptySubsequences: false)
            if cursor.row >= 0, cursor.row < rows.count,
               Self.label(of: rows, cursor: cursor)?.range(of: label, options: .caseInsensitive) != nil {
                try type(value)
                try waitFor(text: shows ?? value, file: file, line: line)
                return
            }
            try send("Tab")
            try waitForCursorToLeave(row: cursor.row, file: file, line: line)
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
