import AppCore
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
        XCTAssertEqual(PlainCommand("/quit"), .quit)
        XCTAssertEqual(PlainCommand(""), .list)
        XCTAssertEqual(PlainCommand("more"), .more)
        // A screen's own words keep what follows them as typed (less the spaces around it).
        XCTAssertEqual(PlainCommand("search tag:tea AND -tag:sale"), .screen(word: "search", arguments: "tag:tea AND -tag:sale"))
        XCTAssertEqual(PlainCommand("add"), .screen(word: "add", arguments: ""))
        XCTAssertEqual(PlainCommand("set Size 1 kg"), .screen(word: "set", arguments: "Size 1 kg"))
        XCTAssertEqual(PlainCommand("CART"), .screen(word: "cart", arguments: ""))
        XCTAssertEqual(PlainCommand("order #1001"), .screen(word: "order", arguments: "#1001"))
        XCTAssertEqual(PlainCommand("/countries united states"), .screen(word: "countries", arguments: "united states"))
    }

    /// Each screen's words reach its own verb; a word two screens share goes by its arguments.
    func testScreenWordsReachTheirScreensVerbs() {
        func help(_ word: String, _ arguments: String) -> String? {
            PlainVerb.named(word, arguments: arguments, in: Screen.plainVerbs)?.help
        }
        XCTAssertEqual(help("order", "2"), OrdersPresenter.plainVerbs[0].help)
        XCTAssertEqual(help("subs", ""), SubscriptionsPresenter.plainVerbs[0].help)
        XCTAssertEqual(help("policy", "privacy"), AboutPresenter.plainVerbs[0].help)
        XCTAssertEqual(help("m", "JP"), MarketsPresenter.plainVerbs[0].help)
        XCTAssertEqual(help("find", "tea"), SearchPresenter.plainVerbs[0].help)
        XCTAssertNil(help("fly", ""))
        // `cancel` alone stops a login; `cancel N` is a subscription's, `cancel x` too (it says how).
        let cancels = Screen.plainVerbs.filter { $0.words.contains("cancel") }
        XCTAssertEqual(cancels.count, 2)
        XCTAssertTrue(cancels[0].takes("") && !cancels[0].takes("2"))
        XCTAssertTrue(cancels[1].takes("2") && cancels[1].takes("2 yes") && !cancels[1].takes(""))
        // `qty Q` is the product's, `qty N Q` the cart's.
        let quantities = Screen.plainVerbs.filter { $0.words.contains("qty") }
        XCTAssertEqual(quantities.map { $0.takes("3") }, [true, false])
        XCTAssertEqual(quantities.map { $0.takes("1 3") }, [false, true])
        // No word is claimed twice with the same arguments taken by both.
        for word in Set(Screen.plainVerbs.flatMap(\.words)) {
            for arguments in ["", "2", "1 3", "2 yes", "tea"] {
                XCTAssertLessThanOrEqual(Screen.plainVerbs.filter { $0.words.contains(word) && $0.takes(arguments) }.count, 1, "\(word) \(arguments)")
            }
        }
    }

    func testMistakesSayWhatIsExpected() async throws {
        XCTAssertEqual(PlainCommand("open"), .invalid("open needs a number, like open 2."))
        XCTAssertEqual(PlainCommand("open three"), .invalid("open needs a number, like open 2."))
        XCTAssertEqual(PlainCommand("fly"), .invalid("Unknown command \"fly\". help lists the commands."))
        let output = try await PlainConversation.run(["set Size", "about returns", "search", "add x", "qty x", "remove", "quit"])
        for expected in [
            "set needs an option and a value, like set Size 1 kg.",
            "\"returns\" is not a policy; try about refund, shipping, privacy or terms.",
            "search needs a query, like search tag:tea.",
            "add needs a number, like add 2.",
            "qty needs a quantity (on a product) or a line and a quantity (in the cart), like qty 1 3.",
            "remove needs a number, like remove 2.",
        ] {
            XCTAssertTrue(output.contains(expected), "\(expected) in\n\(output)")
        }
    }

    /// The commands of the cart, a product, the about page and the countries, in one conversation.
    func testScreenCommandsDoWhatTheySay() async throws {
        let output = try await PlainConversation.run([
            "open 1", "open 1", "qty 2", "add", "cart", "qty 1 3", "discount none", "note Ring twice",
            "about refund", "country", "country JP", "quit",
        ])
        for expected in ["Adding 2 ×", "Cart: 2 items", "Cart: 3 items", "Refund policy", "Japan", "Shopping from Japan: prices in JPY."] {
            XCTAssertTrue(output.contains(expected), "\(expected) in\n\(output)")
        }
    }
}
