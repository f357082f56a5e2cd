import XCTest
@testable import TerminalUI

/// Plain mode through a whole checkout: each question asked once, the sheet's events printed as they
/// come (after the page they follow), and the next prompt only once the sheet has gone.
@MainActor
final class PlainCheckoutTests: XCTestCase {
    func testPayingAndClosingAsksEachQuestionOnce() async throws {
        let output = try await PlainConversation.run([
            "open 1", "add 1", "checkout", "ada@example.com",
            "Ada", "Lovelace", "Keizersgracht 1", "", "Amsterdam", "", "1015 CJ", "",
            "", "4242 4242 4242 4242", "12/30", "123", "Ada Lovelace", "", "", "orders", "quit",
        ])
        XCTAssertTrue(output.contains("Thank you for your order! Order #1001"), output)
        XCTAssertEqual(output.components(separatedBy: "Close the checkout? (enter) ").count - 1, 1, output)
        XCTAssertEqual(output.components(separatedBy: "Pay now? (enter pays; /back, /cancel) ").count - 1, 1, output)
        // The sheet has gone (its last event printed) before the next prompt.
        let dismissed = try XCTUnwrap(output.range(of: "event: dismissed"))
        let nextPrompt = try XCTUnwrap(output.range(of: "> orders"))
        XCTAssertLessThan(dismissed.lowerBound, nextPrompt.lowerBound, output)
        // A step's pixels follow its page and come before the next question.
        let submitted = try XCTUnwrap(output.range(of: "event: pixel event=checkout_address_info_submitted"))
        let shippingQuestion = try XCTUnwrap(output.range(of: "Shipping method number"))
        XCTAssertLessThan(submitted.lowerBound, shippingQuestion.lowerBound, output)
        XCTAssertTrue(output.contains("1. #1001"), output)
    }
}
