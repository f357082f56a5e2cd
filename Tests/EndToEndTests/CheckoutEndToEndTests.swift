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
        try fill(session, label: "Card number", with: "4242424242424242", shows: "4242")
        try fill(session, label: "Expir", with: "1229")
        try fill(session, label: "Security code", with: "123", shows: "•••")
        try fill(session, label: "Name on card", with: "Ada Lovelace")
        try session.send("Enter")

        try session.waitFor(text: "Review your order")
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

    private func openCheckoutWithTheEventLog(_ session: TmuxSession) throws {
        try session.send("c")
        try session.waitFor(text: "Checkout")
        try session.send("e")
        try session.waitFor(text: "Events (0)")
        try session.send("Enter")
        try session.waitFor("the contact step") { $0.contains("Contact ›") && $0.contains("esc ✕") }
    }
}
