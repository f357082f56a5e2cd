import AppCore
import Storefront
import XCTest
@testable import TerminalUI

/// Over a Storefront API that stopped answering, the screens say what is known: a search that
/// could not run is not "no results", a collection's preview is not its total, and a cart shown
/// as last seen says so.
final class OfflineSnapshotTests: XCTestCase {
    static let size = Size(width: 80, height: 24)
    static let reason = "Could not reach the storefront: the connection was refused"

    func render(_ state: AppState) -> Grid { Renderer.render(state, size: Self.size, environment: Fixtures.environment) }

    func testASearchThatCouldNotRunSaysSo() {
        var state = Fixtures.browsing
        state.screens = [.collections, .search]
        state.search = SearchState(query: "hammock", failure: Self.reason, failedQuery: "hammock")
        state.errorMessage = Self.reason
        state.connection = .offline(dataAge: nil, reason: Self.reason)
        let grid = render(state)
        assertScreenSnapshot(state, "search-offline", size: Self.size)
        XCTAssertFalse(grid.text.contains("No products match"), grid.text)
        XCTAssertTrue(grid.text.contains("Could not search for \"hammock\""), grid.text)
    }

    func testAPreviewIsNotCalledTheCollectionsTotal() {
        var state = Fixtures.browsing
        state.screens = [.collections, .products(collectionHandle: "summer")]
        state.collectionProducts["summer"] = PagedList(items: Array(Fixtures.products.prefix(5)))
        state.connection = .offline(dataAge: 600, reason: Self.reason)
        let grid = render(state)
        assertScreenSnapshot(state, "products-preview-offline", size: Self.size)
        XCTAssertFalse(grid.text.contains("5 products"), grid.text)
    }

    func testACartShownAsLastSeenSaysSo() {
        var state = Fixtures.withCart
        state.cart.isUnconfirmed = true
        state.connection = .offline(dataAge: nil, reason: Self.reason)
        let grid = render(state)
        assertScreenSnapshot(state, "cart-last-seen-offline", size: Self.size)
        XCTAssertTrue(grid.line(0).contains("offline · last seen: cart 4 items"), grid.line(0))
    }
}
