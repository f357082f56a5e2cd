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
        try session.addAProductToTheCart()
        try openCheckoutWithTheEventLog(session)

        try session.type("ada@example.com")
        try session.waitFor(text: "ada@example.com")
        try session.send("Enter")
        try session.waitFor(text: "First name")
        try session.fill(label: "First name", with: "Ada")
        try session.fill(label: "Last name", with: "Lovelace")
        try session.fill(label: "Address", with: "1 Canal Street")
        try session.fill(label: "City", with: "Amsterdam")
        try session.fill(label: "postal code", with: "1011 AB")
        try session.send("Enter")

        try session.waitFor(text: "Shipping method")
        try session.send("Enter")
        try session.waitFor(text: "Card number")
        // The number shows grouped while it is typed; the expiry takes its " / " as typed.
        try session.fill(label: "Card number", with: "4242424242424242", shows: "4242 4242 4242 4242")
        try session.fill(label: "Expir", with: "1229", shows: "12 / 29")
        try session.waitFor(text: "•••• •••• •••• 4242")
        try session.fill(label: "Security code", with: "123", shows: "•••")
        try session.fill(label: "Name on card", with: "Ada Lovelace")
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
        // The header says "cart empty" while the thank-you page is still up: wait for the cart itself.
        try session.waitFor(text: "Your cart is empty.")
        try session.send("q")
        XCTAssertTrue(session.waitForExit(), "q quits")
    }

    func testClosingTheSheetEmitsCancel() throws {
        let session = try TmuxSession()
        try session.addAProductToTheCart()
        try openCheckoutWithTheEventLog(session)
        try session.send("Escape")
        let screen = try session.waitFor(text: "afterCompletion=false")
        XCTAssertTrue(screen.contains("cancel"), screen)
        try session.waitFor("the sheet to close") { !$0.contains("esc ✕") }
        XCTAssertTrue(try session.screen().contains("Checkout"), "back on the cart")
        try session.send("C-c")
        XCTAssertTrue(session.waitForExit(), "Ctrl-C quits")
    }

    /// A policy link (alt-3 while the e-mail field has the focus) opens About at that policy, its
    /// title on the page's first row, and the click is in the event log; esc is the sheet again,
    /// its field as typed, and esc again closes it.
    func testAPolicyLinkOpensAboutAndEscReturnsToTheSheet() throws {
        let session = try TmuxSession()
        try session.addAProductToTheCart()
        try openCheckoutWithTheEventLog(session)
        try session.type("ada@")
        try session.waitFor(text: "ada@")
        try session.send("M-3")
        let about = try session.waitFor(text: "esc back to checkout")
        let rows = about.split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertTrue(rows.count > 3 && rows[3].contains("Privacy policy"), about)
        XCTAssertFalse(about.contains("esc ✕"), "the sheet is covered: \(about)")
        XCTAssertTrue(about.contains("linkClick"), "the click is logged: \(about)")
        try session.send("Escape")
        let sheet = try session.waitFor("the sheet again") { $0.contains("esc ✕") }
        XCTAssertTrue(sheet.contains("ada@"), sheet)
        try session.send("Escape")
        try session.waitFor(text: "afterCompletion=false")
        try session.send("C-c")
        XCTAssertTrue(session.waitForExit(), "Ctrl-C quits")
    }

    // MARK: Steps

    private func openCheckoutWithTheEventLog(_ session: TmuxSession) throws {
        try session.send("c")
        try session.waitFor(text: "Checkout")
        try session.send("e")
        try session.waitFor(text: "Events (0)")
        try session.send("Enter")
        try session.waitFor("the contact step") { $0.contains("Contact ›") && $0.contains("esc ✕") }
    }
}
