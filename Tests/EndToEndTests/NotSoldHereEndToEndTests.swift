import Foundation
import XCTest

/// The real binary at 80x24, started in Japan straight on a product Japan does not sell: the page
/// loads before the shop has named its countries, and still says "Not sold in Japan" (not "no
/// longer available"); `a` says why nothing was added.
final class NotSoldHereEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
    }

    func testAProductOpenedAtStartInACountryThatDoesNotSellIt() throws {
        let session = try TmuxSession(width: 80, height: 24, arguments: ["--country", "JP", "--open", "product cold-brew-concentrate"])
        // The header names the market once the shop has answered, which may be a frame after the page.
        let page = try session.waitFor("the page in Japan") { $0.contains("Not sold in Japan") && $0.contains("JP ¥") }
        XCTAssertTrue(page.contains("Cold Brew Concentrate, 1 L"), page)
        XCTAssertFalse(page.contains("no longer available"), page)
        XCTAssertFalse(page.contains("¥2,310"), "no price where it is not sold:\n\(page)")
        try session.send("a")
        try session.waitFor(text: "Cold Brew Concentrate, 1 L is not sold in Japan.")
        XCTAssertTrue(try session.screen().contains("cart empty"))
    }
}
