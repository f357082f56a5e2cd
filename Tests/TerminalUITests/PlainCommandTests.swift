import XCTest
import Storefront
@testable import TerminalUI

/// The plain mode's lines: a word (or its short form, with or without a leading slash) and its arguments.
final class PlainCommandTests: XCTestCase {
    /// A line wider than 80 columns would be broken mid-word by the terminal.
    func testHelpFitsEightyColumns() {
        for line in PlainCommand.helpText.split(separator: "\n") {
            XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), 80, "\(line)")
        }
        XCTAssertTrue(PlainCommand.helpText.contains("(on a product: add QUANTITY)"))
    }

    func testWordsAndArguments() {
        XCTAssertEqual(PlainCommand("open 3"), .open(3))
        XCTAssertEqual(PlainCommand("  o 12 "), .open(12))
        XCTAssertEqual(PlainCommand("search tag:tea AND -tag:sale"), .search("tag:tea AND -tag:sale"))
        XCTAssertEqual(PlainCommand("add"), .add(nil))
        XCTAssertEqual(PlainCommand("add 2"), .add(2))
        XCTAssertEqual(PlainCommand("set Size 1 kg"), .set(option: "Size", value: "1 kg"))
        XCTAssertEqual(PlainCommand("qty 3"), .quantity(line: nil, quantity: 3))
        XCTAssertEqual(PlainCommand("qty 1 3"), .quantity(line: 1, quantity: 3))
        XCTAssertEqual(PlainCommand("remove 2"), .remove(2))
        XCTAssertEqual(PlainCommand("discount WELCOME10"), .discount("WELCOME10"))
        XCTAssertEqual(PlainCommand("discount none"), .discount(nil))
        XCTAssertEqual(PlainCommand("note Ring twice"), .note("Ring twice"))
        XCTAssertEqual(PlainCommand("/quit"), .quit)
        XCTAssertEqual(PlainCommand(""), .list)
        XCTAssertEqual(PlainCommand("CART"), .cart)
        XCTAssertEqual(PlainCommand("orders"), .orders(nil))
        XCTAssertEqual(PlainCommand("order #1001"), .orders("#1001"))
        XCTAssertEqual(PlainCommand("orders 2"), .orders("2"))
        XCTAssertEqual(PlainCommand("about"), .about(nil))
        XCTAssertEqual(PlainCommand("about Refund"), .about(.refund))
        XCTAssertEqual(PlainCommand("/about terms-of-service"), .about(.termsOfService))
        XCTAssertEqual(PlainCommand("policy privacy"), .about(.privacy))
        XCTAssertEqual(PlainCommand("country"), .country(nil))
        XCTAssertEqual(PlainCommand("country JP"), .country("JP"))
        XCTAssertEqual(PlainCommand("/countries united states"), .country("united states"))
    }

    func testMistakesSayWhatIsExpected() {
        XCTAssertEqual(PlainCommand("open"), .invalid("open needs a number, like open 2."))
        XCTAssertEqual(PlainCommand("open three"), .invalid("open needs a number, like open 2."))
        XCTAssertEqual(PlainCommand("set Size"), .invalid("set needs an option and a value, like set Size 1 kg."))
        XCTAssertEqual(PlainCommand("about returns"), .invalid("\"returns\" is not a policy; try about refund, shipping, privacy or terms."))
        XCTAssertEqual(PlainCommand("fly"), .invalid("Unknown command \"fly\". help lists the commands."))
    }
}
