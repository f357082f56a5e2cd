import Foundation
import XCTest

/// The real binary under a real terminal (tmux): browse, pick a variant, add it, open the cart,
/// check out with a test card and see the thank-you page and the lifecycle events; and a run that
/// closes the sheet and sees the cancel event.
final class CheckoutEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
    }

    func testBrowseAddToCartCheckOutAndSeeTheEvents() throws {
        let session = try TmuxSession()
        try addAProductToTheCart(session)
        try openCheckoutWithTheEventLog(session)

        try session.type("ada@example.com")
        try session.waitFor(text: "ada@example.com")
        try session.send("Enter")
        try session.waitFor(text: "First name")
        try fill(session, label: "First name", with: "Ada")
        try fill(session, label: "Last name", with: "Lovelace")
        try fill(session, label: "Address", with: "1 Canal Street")
        try fill(session, label: "City", with: "Amsterdam")
        try fill(session, label: "postal code", with: "1011 AB")
        try session.send("Enter")

        try session.waitFor(text: "Shipping method")
        try session.send("Enter")
        try session.waitFor(text: "Card number")
        // The number shows grouped while it is typed; the expiry takes its " / " as typed.
        try fill(session, label: "Card number", with: "4242424242424242", shows: "4242 4242 4242 4242")
        try fill(session, label: "Expir", with: "1229", shows: "12 / 29")
        try session.waitFor(text: "•••• •••• •••• 4242")
        try fill(session, label: "Security code", with: "123", shows: "•••")
        try fill(session, label: "Name on card", with: "Ada Lovelace")
        try session.send("Enter")

        let review = try session.waitFor(text: "Review your order")
        XCTAssertTrue(review.contains("Visa •••• 4242") && review.contains("ada@example.com"), review)
        XCTAssertTrue(review.contains("Incl. VAT"), "the Dutch shop's prices include VAT: \(review)")
        try session.send("Enter")
        let thanks = try session.waitFor(text: "Thank you for your order")
        XCTAssertTrue(thanks.contains("Order #"), thanks)
        try session.waitFor(text: "checkout_completed")
        try session.waitFor(text: "complete")

        // Closing the thank-you page is the cancel that follows a completion.
        try session.send("Enter")
        try session.waitFor(text: "afterCompletion=true")
        try session.waitFor(text: "cart empty")
        try session.send("q")
        XCTAssertTrue(session.waitForExit(), "q quits")
    }

    func testClosingTheSheetEmitsCancel() throws {
        let session = try TmuxSession()
        try addAProductToTheCart(session)
        try openCheckoutWithTheEventLog(session)
        try session.send("Escape")
        let screen = try session.waitFor(text: "afterCompletion=false")
        XCTAssertTrue(screen.contains("cancel"), screen)
        try session.waitFor("the sheet to close") { !$0.contains("esc ✕") }
        XCTAssertTrue(try session.screen().contains("Checkout"), "back on the cart")
        try session.send("C-c")
        XCTAssertTrue(session.waitForExit(), "Ctrl-C quits")
    }

    // MARK: Steps

    /// Opens the first collection, then products in turn until one can be bought; picks another
    /// value of its first option when that one is available too; adds it.
    private func addAProductToTheCart(_ session: TmuxSession) throws {
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

    private func openCheckoutWithTheEventLog(_ session: TmuxSession) throws {
        try session.send("c")
        try session.waitFor(text: "Checkout")
        try session.send("e")
        try session.waitFor(text: "Events (0)")
        try session.send("Enter")
        try session.waitFor("the contact step") { $0.contains("Contact ›") && $0.contains("esc ✕") }
    }

    /// Moves the focus (Tab) to the field whose label starts the cursor's row, then types `value`
    /// and waits until the page shows it (`shows`, for masked fields).
    private func fill(_ session: TmuxSession, label: String, with value: String, shows: String? = nil,
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
