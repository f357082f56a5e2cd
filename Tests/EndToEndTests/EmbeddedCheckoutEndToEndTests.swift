import Foundation
import XCTest

/// The real binary with `--checkout-protocol 2025-10`: the checkout sheet speaks the Embedded
/// Checkout Protocol and the event log shows its events. The app preloads the checkout when the
/// cart opens, so its `start` went by before the sheet was up and is not replayed: the first event
/// is the `update` of the contact step, and closing the sheet is `dismiss`.
final class EmbeddedCheckoutEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
    }

    func testTheEventLogShowsUpdateAndDismiss() throws {
        let session = try TmuxSession(arguments: ["--checkout-protocol", "2025-10"])
        try session.addAProductToTheCart()
        try session.send("c")
        try session.waitFor(text: "Checkout")
        try session.send("e")
        try session.waitFor(text: "Events (0)")
        try session.send("Enter")
        try session.waitFor("the contact step") { $0.contains("Contact ›") && $0.contains("esc ✕") }
        try session.type("ada@example.com")
        try session.waitFor(text: "ada@example.com")
        try session.send("Enter")
        try session.waitFor(text: "First name")
        let updated = try session.waitFor(text: "Events (1)")
        XCTAssertTrue(updated.contains("update"), updated)
        XCTAssertFalse(updated.contains("start"), "start is not replayed for the preloaded checkout: \(updated)")
        XCTAssertFalse(updated.contains("pixel"), "no pixels in 2025-10: \(updated)")
        try session.send("Escape")
        let closed = try session.waitFor(text: "afterCompletion=false")
        XCTAssertTrue(closed.contains("dismiss"), closed)
        XCTAssertFalse(closed.contains("cancel"), "2025-10 closes with dismiss: \(closed)")
        try session.send("C-c")
        XCTAssertTrue(session.waitForExit(), "Ctrl-C quits")
    }
}
