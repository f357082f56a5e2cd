import Foundation
import XCTest

/// The real binary with `--checkout-protocol 2025-10`: the checkout sheet speaks the Embedded
/// Checkout Protocol and the event log shows its events. The app preloads the checkout when the
/// cart opens, so its `start` went by before the sheet was up and is not replayed: the first event
/// is the `update` of the contact step, and closing the sheet is `dismiss`. The delivery step asks
/// the app for the address, and the app's picker answers it.
final class EmbeddedCheckoutEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
    }

    func testTheEventLogShowsUpdateTheAddressRequestAndDismiss() throws {
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
        // The delivery step asks the app for the address: nobody is logged in, so there is none to pick.
        let asked = try session.waitFor(text: "Choose a shipping address")
        XCTAssertTrue(asked.contains("No saved addresses"), asked)
        XCTAssertTrue(asked.contains("addressChangeStart"), asked)
        XCTAssertTrue(asked.contains("update"), asked)
        XCTAssertFalse(asked.contains("start "), "start is not replayed for the preloaded checkout: \(asked)")
        XCTAssertFalse(asked.contains("pixel"), "no pixels in 2025-10: \(asked)")
        // Esc declines: the picker closes, the page says so and the sheet stays up.
        try session.send("Escape")
        // The log's answer and the page's sentence may reach the screen in different frames.
        let declined = try session.waitFor("the declined request on the log and the page") {
            $0.contains("result=error") && $0.contains("shopper kept the current address. Enter it here.")
        }
        XCTAssertFalse(declined.contains("Choose a shipping address"), declined)
        XCTAssertTrue(declined.contains("esc ✕"), declined)
        try session.send("Escape")
        let closed = try session.waitFor(text: "afterCompletion=false")
        XCTAssertTrue(closed.contains("dismiss"), closed)
        XCTAssertFalse(closed.contains("cancel"), "2025-10 closes with dismiss: \(closed)")
        try session.send("C-c")
        XCTAssertTrue(session.waitForExit(), "Ctrl-C quits")
    }

    /// The shopper types the address the page asks for: the page's delivery form takes it.
    func testATypedAddressAnswersTheAddressRequest() throws {
        let session = try TmuxSession(arguments: ["--checkout-protocol", "2025-10"])
        try session.addAProductToTheCart()
        try session.send("c")
        try session.waitFor(text: "Checkout")
        try session.send("e")
        try session.waitFor(text: "Events (0)")
        try session.send("Enter")
        try session.waitFor("the contact step") { $0.contains("Contact ›") && $0.contains("esc ✕") }
        try session.type("ada@example.com")
        try session.send("Enter")
        let asked = try session.waitFor(text: "Type an address…")
        XCTAssertTrue(asked.contains("No saved addresses"), asked)
        try session.send("Enter")
        try session.waitFor(text: "Type a shipping address")
        // Enter with nothing typed: the form says what is missing and nothing is sent.
        try session.send("Enter")
        let refused = try session.waitFor(text: "Enter a name")
        XCTAssertFalse(refused.contains("result="), refused)
        try session.type("Vincent van Gogh")
        try session.send("Tab")
        try session.type("Prinsengracht 263")
        try session.send("Tab")
        try session.type("Amsterdam")
        try session.send("Tab")
        try session.type("1016 GV")
        try session.send("Enter")
        let taken = try session.waitFor(text: "result=answered")
        XCTAssertFalse(taken.contains("Type a shipping address"), taken)
        // The page's delivery fields hold the typed address.
        try session.waitFor("the page's fields filled") { $0.contains("Vincent") && $0.contains("van Gogh") && $0.contains("Prinsengracht 263") }
        try session.send("C-c")
        XCTAssertTrue(session.waitForExit(), "Ctrl-C quits")
    }
}
