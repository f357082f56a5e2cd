import AppCore
import Storefront
import XCTest
@testable import TerminalUI

/// The queries the empty search screen suggests find products in the shop's own catalog.
final class SearchExamplesTests: XCTestCase {
    func testEveryExampleOnTheSearchScreenFindsProducts() throws {
        let catalog = try CatalogLoader.bundled()
        for example in SearchView.examples {
            let found = try catalog.products(matching: example)
            XCTAssertFalse(found.isEmpty, "\(example) finds nothing in the bundled catalog")
        }
    }

    func testTheExamplesAreShownWhole() {
        var state = Fixtures.browsing
        state.screens = [.collections, .search]
        for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
            let text = Renderer.render(state, size: size, environment: Fixtures.environment).text
            for example in SearchView.examples {
                XCTAssertTrue(text.contains(example), "\(example) at \(size):\n\(text)")
            }
        }
    }
}
