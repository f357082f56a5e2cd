import AppCore
import Storefront
import XCTest
@testable import TerminalUI

/// Moving the selection one row rewrites the two bars (the old one and the new), not the two
/// whole rows: what changes between the frames is what the terminal is sent, and a bar that ran
/// to the far column cost 1.4 times the bytes of a minimal C list per move at 120 columns.
final class SelectionBarTests: XCTestCase {
    private let sizes = [Size(width: 80, height: 24), Size(width: 120, height: 40)]

    private func render(_ state: AppState, _ size: Size) -> Grid {
        Renderer.render(state, size: size, environment: Fixtures.environment)
    }

    /// Cells that differ between two frames of one size.
    private func changedCells(_ a: Grid, _ b: Grid) -> Int {
        zip(a.cells, b.cells).filter { $0 != $1 }.count
    }

    private func row(containing text: String, in grid: Grid) throws -> Int {
        try XCTUnwrap((0..<grid.size.height).first { grid.line($0).contains(text) }, "no row shows \(text)")
    }

    /// The cells of `text` on its row carry the selection's reverse video (or not).
    private func isReversed(_ text: String, in grid: Grid) throws -> Bool {
        let y = try row(containing: text, in: grid)
        let line = grid.line(y)
        let start = try XCTUnwrap(line.range(of: text))
        let x = DisplayWidth.of(String(line[..<start.lowerBound]))
        return grid[x, y].style.attributes.contains(.reverse)
    }

    private func products(selected: Int) -> AppState {
        var state = Fixtures.browsing
        state.screens = [.collections, .products(collectionHandle: Fixtures.collections[0].handle)]
        state.collectionProducts[Fixtures.collections[0].handle] = PagedList(items: Fixtures.products, selectedIndex: selected)
        return state
    }

    private func search(selected: Int) -> AppState {
        var state = Fixtures.browsing
        state.screens = [.collections, .search]
        state.search = SearchState(query: "tee", results: PagedList(items: Array(Fixtures.products.suffix(12)), selectedIndex: selected),
                                   resultsQuery: "tee")
        return state
    }

    private func cart(selected: Int) -> AppState {
        var state = Fixtures.withCart
        state.screens = [.collections, .cart]
        state.cart.selectedLineIndex = selected
        return state
    }

    private func orders(selected: Int) -> AppState {
        var state = Fixtures.browsing
        state.orders = OrdersScreenTests.placed
        state.screens = [.collections, .orders(OrdersState(selectedIndex: selected))]
        return state
    }

    func testAMoveRewritesTheTwoBarsNotTheTwoRows() {
        let lists: [(String, (Int) -> AppState)] = [("products", products), ("search results", search), ("cart", cart),
                                                    ("orders", orders)]
        for (name, state) in lists {
            for size in sizes {
                let changed = changedCells(render(state(0), size), render(state(1), size))
                XCTAssertGreaterThan(changed, 0, "\(name) at \(size.width)x\(size.height)")
                // The C ncurses list of the benchmark rewrites two rows of 59 cells.
                XCTAssertLessThanOrEqual(changed, 2 * 60, "\(name) at \(size.width)x\(size.height): \(changed) cells changed")
            }
        }
    }

    func testTheBarCoversTheNameAndTheAmountsStayAsOnEveryRow() throws {
        for size in sizes {
            let list = render(products(selected: 1), size)
            XCTAssertTrue(try isReversed(Fixtures.products[1].title, in: list))
            XCTAssertFalse(try isReversed(ProductTable.price(of: Fixtures.products[1]), in: list), "\(size.width)x\(size.height)")

            let cartGrid = render(cart(selected: 0), size)
            let line = Fixtures.sampleCart.lines[0]
            XCTAssertTrue(try isReversed(line.merchandise.productTitle, in: cartGrid))
            XCTAssertFalse(try isReversed(line.cost.totalAmount.formatted, in: cartGrid), "\(size.width)x\(size.height)")

            let ordersGrid = render(orders(selected: 0), size)
            XCTAssertTrue(try isReversed("▸ #1002", in: ordersGrid))
            XCTAssertFalse(try isReversed("$31.50", in: ordersGrid), "\(size.width)x\(size.height)")
        }
    }
}
