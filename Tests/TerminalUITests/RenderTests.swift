import AppCore
import CheckoutSheet
import Storefront
import XCTest
@testable import TerminalUI

final class RenderTests: XCTestCase {
    private func render(_ state: AppState, _ size: Size, profile: ColorProfile = .monochrome) -> Grid {
        var environment = Fixtures.environment
        environment.profile = profile
        return Renderer.render(state, size: size, environment: environment)
    }

    private func row(containing text: String, in grid: Grid) -> Int? {
        (0..<grid.size.height).first { grid.line($0).contains(text) }
    }

    func testSelectionIsReverseAndBoldWithoutColour() throws {
        let grid = render(Fixtures.browsing, Size(width: 80, height: 24))
        let y = try XCTUnwrap(row(containing: "▸ Summer Essentials", in: grid))
        XCTAssertEqual(grid[3, y].style.attributes, [.reverse, .bold])
        let other = try XCTUnwrap(row(containing: "Coffee & Tea", in: grid))
        XCTAssertFalse(grid[3, other].style.attributes.contains(.reverse))
    }

    /// A failure is ✗ on the error bar's reverse video; a notice of something done (logging out
    /// emptied the cart) is ✓ without it, so it never reads as a failure.
    func testANoticeIsNotDrawnAsAFailure() throws {
        var state = Fixtures.browsing
        state.errorMessage = "Could not reach the storefront: connection refused"
        var grid = render(state, Size(width: 80, height: 24))
        var y = try XCTUnwrap(row(containing: "✗ Could not reach", in: grid))
        XCTAssertTrue(grid[3, y].style.attributes.contains(.reverse))
        state.bar = BarMessage(text: "Logged out: your account's cart (2 items) is no longer shown here.", isNotice: true)
        grid = render(state, Size(width: 80, height: 24))
        y = try XCTUnwrap(row(containing: "✓ Logged out", in: grid))
        XCTAssertFalse(grid[3, y].style.attributes.contains(.reverse), "not the error bar's reverse video")
        XCTAssertFalse(grid.text.contains("✗"), grid.text)
        XCTAssertTrue(grid.line(y).contains("esc dismiss"))
    }

    /// The header names the shop once its answer is in the state; until then, the name it started with.
    func testTheHeaderNamesTheShopFromTheState() throws {
        var state = Fixtures.browsing
        XCTAssertTrue(render(state, Size(width: 80, height: 24)).line(0).hasPrefix(" Aurora Outfitters"))
        state.shop = Shop(name: "Kestrel & Co.", description: "", domain: "kestrel.example", currencyCode: "EUR", countryCode: "NL")
        XCTAssertTrue(render(state, Size(width: 80, height: 24)).line(0).hasPrefix(" Kestrel & Co."))
    }

    func testCompareAtPriceIsStruckAndErrorsAreBold() throws {
        var state = Fixtures.browsing
        state.screens = [.collections, .productDetail(handle: "linen-shirt")]
        state.productDetail = ProductDetailState(product: Fixtures.linenShirt)
        state.errorMessage = "Network down"
        let grid = render(state, Size(width: 80, height: 24))
        let y = try XCTUnwrap(row(containing: "$60.00", in: grid))
        let x = try XCTUnwrap(grid.line(y).range(of: "$60.00")).lowerBound.utf16Offset(in: grid.line(y))
        XCTAssertTrue(grid[x, y].style.attributes.contains(.strikethrough))
        let bar = try XCTUnwrap(row(containing: "Network down", in: grid))
        XCTAssertTrue(grid[2, bar].style.attributes.contains(.bold))
    }

    func testTheSheetUsesTheConfiguredTintWhileLoading() throws {
        var state = Fixtures.checkout(.loading)
        state.checkoutConfiguration.tintColor = .indexed(202)
        state.checkoutConfiguration.title = "Kassa"
        let grid = Renderer.render(state, size: Size(width: 80, height: 24), environment: Fixtures.environment)
        XCTAssertNotNil(row(containing: "─ Kassa ─", in: grid))
        let y = try XCTUnwrap(row(containing: "━", in: grid))
        let x = try XCTUnwrap(grid.line(y).firstIndex(of: "━")).utf16Offset(in: grid.line(y))
        XCTAssertEqual(grid[x, y].style.foreground, .indexed(202))
    }

    func testCursorIsShownOnlyInAFocusedField() {
        XCTAssertNil(render(Fixtures.browsing, Size(width: 80, height: 24)).cursor)
        var search = Fixtures.browsing
        search.screens = [.collections, .search]
        search.search.query = "tea"
        XCTAssertEqual(render(search, Size(width: 80, height: 24)).cursor, Grid.Point(x: 11, y: 1))
        var help = search
        help.isHelpVisible = true
        XCTAssertNil(render(help, Size(width: 80, height: 24)).cursor, "help covers the field")
    }

    func testTooSmallNamesTheMinimumAndTheCurrentSize() {
        let text = render(Fixtures.browsing, Size(width: 39, height: 30)).text
        XCTAssertTrue(text.contains("Terminal too small"))
        XCTAssertTrue(text.contains("need at least 40x12,"))
        XCTAssertTrue(text.contains("now 39x30"))
    }

    func testContentIsCentredWithACappedWidthOnVeryWideTerminals() {
        let grid = render(Fixtures.browsing, Size(width: 240, height: 30))
        let header = grid.line(0)
        XCTAssertTrue(header.hasPrefix(String(repeating: " ", count: 40) + " Aurora Outfitters"))
    }

    /// The rows that differ between two frames: what the driver has to rewrite.
    private func changedRows(_ a: Grid, _ b: Grid) -> [Int] {
        (0..<a.size.height).filter { y in
            (0..<a.size.width).contains { x in a[x, y] != b[x, y] }
        }
    }

    /// The collections screen with the second collection selected, then the third.
    private func collectionsFramesAroundAMove(at size: Size) -> (Grid, Grid) {
        var state = Fixtures.browsing
        state.collections.selectedIndex = 1
        let before = Renderer.render(state, size: size, environment: Fixtures.environment)
        state.collections.selectedIndex = 2
        return (before, Renderer.render(state, size: size, environment: Fixtures.environment))
    }

    /// Moving the selection one row on the collections screen at 80x24 rewrites the two list rows
    /// and the description line, never a whole preview pane (the pty benchmark measures the bytes).
    func testAOneRowMoveOnCollectionsRewritesThreeRows() {
        let (before, after) = collectionsFramesAroundAMove(at: Size(width: 80, height: 24))
        XCTAssertEqual(changedRows(before, after), [4, 5, 22])
    }

    /// On a large terminal the preview pane beside the list follows the selection.
    func testTheLargeLayoutPreviewFollowsTheSelection() {
        let (before, after) = collectionsFramesAroundAMove(at: Size(width: 120, height: 40))
        XCTAssertGreaterThan(changedRows(before, after).count, 4)
        XCTAssertTrue(after.text.contains("Packable Rain Jacket"), after.text)
    }

    func testEveryStateRendersAtManySizesInsideTheGrid() {
        var states: [AppState] = [Fixtures.browsing, Fixtures.withCart]
        for step in CheckoutPage.Step.allCases { states.append(Fixtures.checkout(step)) }
        var detail = Fixtures.browsing
        detail.screens = [.collections, .productDetail(handle: "linen-shirt")]
        detail.productDetail = ProductDetailState(product: Fixtures.linenShirt)
        detail.eventLog = EventLogState(entries: Fixtures.events, isVisible: true)
        detail.errorMessage = "A long error message that will certainly not fit on a narrow terminal at all"
        states.append(detail)
        // The edges of the size classes, odd sizes, and a very wide terminal.
        for width in [40, 57, 79, 100, 120, 161] {
            for height in [12, 23, 41] {
                for state in states {
                    let grid = render(state, Size(width: width, height: height), profile: .ansi256)
                    if let cursor = grid.cursor {
                        XCTAssertTrue(cursor.x < width && cursor.y < height, "cursor outside at \(width)x\(height)")
                    }
                    // A wide character never ends up cut: every head is followed by its continuation
                    // on the same row, and no continuation is orphaned.
                    let cells = grid.cells
                    let broken = cells.indices.first { index in
                        if cells[index].width == 2 { return index % width + 1 >= width || !cells[index + 1].isContinuation }
                        if cells[index].isContinuation { return index % width == 0 || cells[index - 1].width != 2 }
                        return false
                    }
                    XCTAssertNil(broken, "a wide character is cut at \(width)x\(height)")
                }
            }
        }
    }
}
