import AppCore
import CheckoutSheet
import Storefront
import XCTest
@testable import TerminalUI

final class KeyMapTests: XCTestCase {
    func testCollectionsKeys() {
        let map = KeyMaps.current(for: Fixtures.browsing)
        XCTAssertEqual(map.action(for: .down), .collections(.moveSelection(by: 1, rows: 10)))
        XCTAssertEqual(map.action(for: .character("k")), .collections(.moveSelection(by: -1, rows: 10)))
        XCTAssertEqual(map.action(for: .enter), .collections(.openSelected))
        XCTAssertEqual(map.action(for: .character("/")), .navigation(.openSearch))
        XCTAssertEqual(map.action(for: .character("c")), .navigation(.openCart))
        XCTAssertEqual(map.action(for: .character("e")), .eventLog(.toggle))
        XCTAssertEqual(map.action(for: .character("q")), .navigation(.quit))
        XCTAssertEqual(map.action(for: .ctrl("c")), .navigation(.quit))
        XCTAssertEqual(map.action(for: .character("?")), .navigation(.toggleHelp))
        XCTAssertNil(map.action(for: .character("z")))
    }

    /// Over the checkout sheet (which ignores q), q in help closes help instead of quitting.
    func testQInTheCheckoutsHelpClosesHelp() {
        var state = Fixtures.checkout(.review)
        state.isHelpVisible = true
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .character("q")), .navigation(.toggleHelp))
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .ctrl("c")), .navigation(.quit))
        state.isHelpVisible = false
        XCTAssertNil(KeyMaps.current(for: state).action(for: .character("q")), "the sheet ignores q")
        var browsing = Fixtures.browsing
        browsing.isHelpVisible = true
        XCTAssertEqual(KeyMaps.current(for: browsing).action(for: .character("q")), .navigation(.quit))
    }

    /// In a card field: ctrl-u clears it, digits type, alt-digit opens a link, shift-↑↓ scroll the log.
    /// A request picker over a typing field takes the keys: arrows move, enter picks, esc declines
    /// (not closes the sheet), and letters do not reach the field under it.
    func testRequestPickerKeysOverTheSheet() {
        var state = Fixtures.checkout(.payment)
        let card = CheckoutPaymentCard(number: "4242424242424242", expiry: "12/30", securityCode: "123", nameOnCard: "Test")
        state.checkout.picker = CheckoutRequestPicker(request: CheckoutRequest(kind: .paymentMethodChange, id: "1"), options: [.card(card)])
        let map = KeyMaps.current(for: state)
        XCTAssertEqual(map.action(for: .down), .checkout(.pickerMove(by: 1)))
        XCTAssertEqual(map.action(for: .up), .checkout(.pickerMove(by: -1)))
        XCTAssertEqual(map.action(for: .enter), .checkout(.pickerChoose))
        XCTAssertEqual(map.action(for: .escape), .checkout(.pickerDecline))
        XCTAssertNil(map.action(for: .character("x")))
        XCTAssertEqual(Array(map.footerHints.map(\.keys).prefix(3)), ["↑↓", "enter", "esc"])
    }

    func testCheckoutKeysWhileTyping() {
        var state = Fixtures.checkout(.payment)
        state.checkout.page?.links = Fixtures.shopLinks
        let map = KeyMaps.current(for: state)
        XCTAssertEqual(map.action(for: .ctrl("u")), .checkout(.pageInput(.clearField)))
        XCTAssertEqual(map.action(for: .character("1")), .checkout(.pageInput(.insert("1"))))
        XCTAssertEqual(map.action(for: .alt("1")), .checkout(.pageInput(.openLink(url: Fixtures.shopLinks[0].url))))
        XCTAssertEqual(map.action(for: .shiftUp), .eventLog(.scroll(by: 1)))
        XCTAssertEqual(map.action(for: .shiftDown), .eventLog(.scroll(by: -1)))
        XCTAssertEqual(map.action(for: .shiftPageUp), .eventLog(.scroll(by: 5)))
        XCTAssertEqual(map.action(for: .character("[")), .checkout(.pageInput(.insert("["))), "[ types in a field")
        XCTAssertTrue(map.globalHints.contains { $0.keys == "shift-↑↓" && $0.label == "scroll events" }, "help lists it")
        // Off a field, the digit alone opens the link and [ ] scroll.
        let review = KeyMaps.current(for: Fixtures.checkout(.review))
        XCTAssertEqual(review.action(for: .character("1")), .checkout(.pageInput(.openLink(url: "https://aurora.example/policies/refund"))))
        XCTAssertEqual(review.action(for: .character("[")), .eventLog(.scroll(by: 1)))
    }

    func testShiftedKeysComeFromCurses() {
        XCTAssertEqual(Key.from(curses: 0o521, isKeyCode: true), .shiftUp)
        XCTAssertEqual(Key.from(curses: 0o520, isKeyCode: true), .shiftDown)
        XCTAssertEqual(Key.from(curses: 0o616, isKeyCode: true), .shiftPageUp)
        XCTAssertEqual(Key.from(curses: 0o614, isKeyCode: true), .shiftPageDown)
    }

    func testPageKeysMoveByTheVisibleRows() {
        let map = KeyMaps.current(for: Fixtures.browsing, listRows: 17)
        XCTAssertEqual(map.action(for: .pageDown), .collections(.moveSelection(by: 17, rows: 17)))
        XCTAssertEqual(map.action(for: .pageUp), .collections(.moveSelection(by: -17, rows: 17)))
    }

    func testEscapeDismissesTheErrorBarBeforeGoingBack() {
        var state = Fixtures.browsing
        state.screens = [.collections, .products(collectionHandle: "summer")]
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .escape), .navigation(.back))
        state.errorMessage = "Something failed"
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .escape), .errorBar(.dismiss))
    }

    func testSearchTakesLettersAsText() {
        var state = Fixtures.browsing
        state.screens = [.collections, .search]
        let map = KeyMaps.current(for: state)
        XCTAssertEqual(map.action(for: .character("q")), .search(.insert("q")), "q types, it does not quit")
        XCTAssertEqual(map.action(for: .character("j")), .search(.insert("j")))
        XCTAssertEqual(map.action(for: .down), .search(.moveSelection(by: 1, rows: 10)))
        XCTAssertEqual(map.action(for: .backspace), .search(.deleteBackward))
        XCTAssertEqual(map.action(for: .ctrl("c")), .navigation(.quit))
        XCTAssertEqual(map.action(for: .function(1)), .navigation(.toggleHelp))
        XCTAssertEqual(map.typedText(.character("é")), "é")
        XCTAssertNil(map.typedText(.enter))
    }

    func testCartModes() {
        var state = Fixtures.withCart
        state.screens = [.collections, .cart]
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .character("x")), .cart(.requestRemove))
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .enter), .checkout(.start))
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .character("d")), .cart(.beginEditing(.discountCode)))
        state.cart.pendingRemoveLineId = "line-1"
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .character("y")), .cart(.confirmRemove))
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .character("n")), .cart(.cancelRemove))
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .escape), .cart(.cancelRemove))
        state.cart.pendingRemoveLineId = nil
        state.cart.editing = .note
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .character("x")), .cart(.insert("x")))
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .enter), .cart(.commitEditing))
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .escape), .cart(.cancelEditing))
    }

    func testEmptyCartHasNoLineKeys() {
        var state = Fixtures.browsing
        state.screens = [.collections, .cart]
        let map = KeyMaps.current(for: state)
        XCTAssertNil(map.action(for: .character("x")))
        XCTAssertNil(map.action(for: .enter))
        XCTAssertEqual(map.action(for: .escape), .navigation(.back))
    }

    func testCheckoutFormTypesIntoTheFocusedField() {
        let map = KeyMaps.current(for: Fixtures.checkout(.contact))
        XCTAssertEqual(map.action(for: .character("a")), .checkout(.pageInput(.insert("a"))))
        XCTAssertEqual(map.action(for: .character("e")), .checkout(.pageInput(.insert("e"))), "e types, it does not toggle the log")
        XCTAssertEqual(map.action(for: .tab), .checkout(.pageInput(.focusNext)))
        XCTAssertEqual(map.action(for: .backtab), .checkout(.pageInput(.focusPrevious)))
        XCTAssertEqual(map.action(for: .enter), .checkout(.pageInput(.submit)))
        XCTAssertEqual(map.action(for: .escape), .checkout(.close))
        XCTAssertEqual(map.action(for: .ctrl("e")), .eventLog(.toggle))
    }

    func testShippingArrowsChooseTheNextRate() {
        let map = KeyMaps.current(for: Fixtures.checkout(.shipping))
        XCTAssertEqual(map.action(for: .down), .checkout(.pageInput(.selectRate(id: "pickup"))))
        XCTAssertEqual(map.action(for: .up), .checkout(.pageInput(.selectRate(id: "standard"))))
        XCTAssertEqual(map.action(for: .ctrl("b")), .checkout(.pageInput(.back)))
        XCTAssertEqual(map.action(for: .character("e")), .eventLog(.toggle))
    }

    func testThankYouClosesAndDigitsOpenLinks() {
        let map = KeyMaps.current(for: Fixtures.checkout(.thankYou))
        XCTAssertEqual(map.action(for: .enter), .checkout(.close))
        XCTAssertEqual(map.action(for: .character("1")), .checkout(.pageInput(.openLink(url: "mailto:help@aurora.example"))))
        XCTAssertNil(map.action(for: .character("2")))
    }

    func testHelpListsEveryBoundKeyOfTheScreen() {
        for state in [Fixtures.browsing, Fixtures.checkout(.shipping), Fixtures.checkout(.payment)] {
            let map = KeyMaps.current(for: state)
            let help = Set((map.screenHints + map.globalHints).map(\.label))
            for binding in map.bindings + map.global where !binding.label.isEmpty {
                XCTAssertTrue(help.contains(binding.label), "\(binding.label) is missing from help")
            }
            // The footer is drawn from the same bindings.
            XCTAssertEqual(map.footerHints.map(\.label), (map.bindings + map.global).filter { !$0.label.isEmpty }.map(\.label))
        }
    }

    func testHelpOverlayKeys() {
        var state = Fixtures.browsing
        state.isHelpVisible = true
        let map = KeyMaps.current(for: state)
        XCTAssertEqual(map.action(for: .escape), .navigation(.toggleHelp))
        XCTAssertEqual(map.action(for: .character("?")), .navigation(.toggleHelp))
        XCTAssertNil(map.action(for: .enter), "keys of the screen under help do nothing")
    }
}
