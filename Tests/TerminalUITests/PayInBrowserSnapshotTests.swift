import AppCore
import CheckoutSheet
import XCTest
@testable import TerminalUI

/// The sheet for a shop that takes payment only in its web checkout: the address whole, on rows of
/// its own, the key that opens it, and the order once it is paid in the browser.
final class PayInBrowserSnapshotTests: XCTestCase {
    static let address = "https://aurora-outfitters.myshopify.com/cart/c/Z2NwLWV1cm9wZS13ZXN0NDowMUpCWjJaN0ZQQjY0UDBH?key=4f2a9c0b7e1d"

    static func state(_ step: CheckoutPage.Step, url: String = address) -> AppState {
        var state = Fixtures.checkout(step)
        state.checkout.page = CheckoutPage(step: step, progress: 1, summary: Fixtures.summary, webCheckoutURL: url)
        return state
    }

    func testTheAddressIsShownWholeWithTheKeyThatOpensIt() {
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)] {
            let grid = Renderer.render(Self.state(.unavailable), size: size, environment: Fixtures.environment)
            assertScreenSnapshot(Self.state(.unavailable), "checkout-pay-in-browser", size: size)
            // Joined back at the screen's edges, the rows hold the address exactly once, uncut.
            let joined = grid.text.split(separator: "\n").map { String($0) }.joined()
            XCTAssertTrue(joined.contains(Self.address), "address cut at \(size)")
        }
    }

    func testAnAddressThatFitsTheScreenIsOneRow() {
        let short = "https://aurora.example/cart/c/abc123?key=9f"
        let grid = Renderer.render(Self.state(.unavailable, url: short), size: Size(width: 80, height: 24),
                                   environment: Fixtures.environment)
        XCTAssertEqual(grid.text.split(separator: "\n").filter { $0.contains(short) }.count, 1)
        XCTAssertTrue(grid.text.contains("o open in browser"))
    }

    func testPaidInTheBrowser() {
        assertScreenSnapshot(Self.state(.thankYou), "checkout-paid-in-browser", size: Size(width: 80, height: 24))
    }
}
