import AppCore
import CheckoutSheet
import Storefront
import XCTest
@testable import TerminalUI

/// Every frame says where the buyer's attention is: the hidden cursor rests on the selected item's
/// row (screen readers follow it there), and a focused text field shows the cursor at its insertion point.
final class FocusTests: XCTestCase {
    private func render(_ state: AppState) -> Grid {
        Renderer.render(state, size: Size(width: 80, height: 24), environment: Fixtures.environment)
    }

    private func row(containing text: String, in grid: Grid) -> Int? {
        (0..<grid.size.height).first { grid.line($0).contains(text) }
    }

    func testTheSelectedCollectionHasTheFocus() {
        var state = Fixtures.browsing
        for index in [0, 2, 4] {
            state.collections.selectedIndex = index
            let grid = render(state)
            XCTAssertNil(grid.cursor)
            XCTAssertEqual(grid.focus?.y, row(containing: "▸ " + Fixtures.collections[index].title, in: grid))
            XCTAssertEqual(grid.focus?.x, 0)
        }
    }

    func testTheSelectedProductAndCartLineHaveTheFocus() {
        var products = Fixtures.browsing
        let handle = Fixtures.collections[0].handle
        products.screens = [.collections, .products(collectionHandle: handle)]
        products.collectionProducts[handle] = PagedList(items: Fixtures.products, selectedIndex: 3)
        var grid = render(products)
        XCTAssertEqual(grid.focus?.y, row(containing: Fixtures.products[3].title, in: grid))

        var cart = Fixtures.withCart
        cart.screens = [.collections, .cart]
        cart.cart.selectedLineIndex = 1
        grid = render(cart)
        XCTAssertEqual(grid.focus?.y, row(containing: Fixtures.sampleCart.lines[1].merchandise.productTitle, in: grid))
    }

    func testTheFocusedOptionValueHasTheFocus() {
        var detail = Fixtures.withCart
        detail.screens = [.collections, .productDetail(handle: Fixtures.linenShirt.handle)]
        detail.productDetail = ProductDetailState(product: Fixtures.linenShirt)
        detail.productDetail?.focusedOptionIndex = 1
        let grid = render(detail)
        let option = Fixtures.linenShirt.options[1]
        let chosen = detail.productDetail!.selectedOptions[1].value
        let y = row(containing: option.name, in: grid)
        XCTAssertEqual(grid.focus?.y, y)
        if let y, let focus = grid.focus {
            let line = grid.line(y)
            let start = line.range(of: "[\(chosen)]")!.lowerBound
            XCTAssertEqual(focus.x, DisplayWidth.of(String(line[..<start])), "on the chosen value of \(option.name)")
        }
    }

    func testTheChosenShippingRateHasTheFocusAndNotTheListUnderTheSheet() {
        let grid = render(Fixtures.checkout(.shipping))
        XCTAssertEqual(grid.focus?.y, row(containing: "(•) Express", in: grid))
        let review = render(Fixtures.checkout(.review))
        XCTAssertNil(review.focus, "nothing under the sheet keeps the focus")
    }

    func testAFocusedFieldShowsTheCursorAtItsEnd() {
        let grid = render(Fixtures.checkout(.contact))
        guard let cursor = grid.cursor, let y = row(containing: "ada@example.com", in: grid) else {
            return XCTFail("the focused field shows the cursor")
        }
        XCTAssertEqual(cursor.y, y)
        let line = grid.line(y)
        let end = line.range(of: "ada@example.com")!.upperBound
        XCTAssertEqual(cursor.x, DisplayWidth.of(String(line[..<end])))
    }
}
