import AppCore
import Foundation
import Storefront
import XCTest
@testable import TerminalUI

/// "About the shop": the description and the four policies with their text, scrolled.
final class AboutScreenTests: XCTestCase {
    static func policy(_ kind: ShopPolicy.Kind, _ body: String) -> ShopPolicy {
        ShopPolicy(kind: kind, id: "gid://shopify/ShopPolicy/\(kind.rawValue)", handle: kind.defaultHandle, title: kind.defaultTitle,
                   body: body, url: "https://aurora-outfitters.example/policies/\(kind.defaultHandle)")
    }

    static let shop = Shop(
        name: "Aurora Outfitters", description: "Outdoor clothing and gear for long days in the hills, made to be mended.",
        domain: "aurora-outfitters.example", currencyCode: "USD", countryCode: "US",
        policies: [
            policy(.refund, "<p>Return anything unworn within 30 days for a full refund.</p><p>Refunds go back to the card you paid with within 5 business days of the parcel reaching us.</p>"),
            policy(.shipping, "<p>Orders ship within 2 business days.</p><ul><li>US: free over $75, else $6.</li><li>Canada: $15.</li></ul>"),
            policy(.privacy, "<p>We keep your name, address and order history to send your orders. We never sell them.</p>"),
            policy(.termsOfService, "<p>By ordering you agree to these terms. Prices are in US dollars and include no tax.</p>"),
        ])

    func state(_ about: AboutState = AboutState(), shop: Shop? = shop) -> AppState {
        var state = Fixtures.browsing
        state.shop = shop
        state.screens = [.collections, .about(about)]
        return state
    }

    func testTheDescriptionAndThePolicies() { assertScreenSnapshots(state(), "about") }

    /// Scrolled to the end, the terms of service are on screen.
    func testScrolledToTheEnd() {
        let body = Size(width: 40, height: 12 - 2)
        let map = KeyMaps.current(for: state(), body: body)
        guard case .screen(.about(.scroll(_, let limit)))? = map.action(for: .end) else { return XCTFail("end scrolls the page") }
        let text = Renderer.render(state(AboutState(offset: limit)), size: Size(width: 40, height: 12), environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("Terms of service"), text)
        XCTAssertFalse(text.contains("↓ more"), text)
    }

    /// A policy link of the checkout sheet: About covers the sheet, the shipping policy's title on
    /// the page's first row; esc goes back to the checkout and nothing else leaves it.
    func overSheet(_ policy: ShopPolicy.Kind) -> AppState {
        var state = Fixtures.checkout(.contact)
        state.shop = Self.shop
        state.screens.append(.about(AboutState(policy: policy, overSheet: true)))
        return state
    }

    func testAPolicyOpenedFromTheSheet() { assertScreenSnapshots(overSheet(.shipping), "about-policy-over-sheet") }

    func testAPolicyOpenedFromTheSheetKeepsItsTitleAtTheTop() {
        for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)] {
            let lines = Renderer.render(overSheet(.privacy), size: size, environment: Fixtures.environment).text
                .split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertTrue(lines[3].contains("Privacy policy"), "\(size): \(lines[3])")
            XCTAssertFalse(lines.contains { $0.contains("Contact") }, "the sheet is covered at \(size)")
        }
    }

    func testKeysOverTheSheet() {
        let body = Size(width: 80, height: 22)
        let map = KeyMaps.current(for: overSheet(.shipping), body: body)
        XCTAssertEqual(map.action(for: .escape), .navigation(.back))
        XCTAssertTrue(map.footerHints.contains { $0.label == "back to checkout" }, "\(map.footerHints)")
        for key: Key in [.character("c"), .character("/"), .character("o"), .character("q"), .character("u")] {
            XCTAssertNil(map.action(for: key), "\(key) would leave the checkout")
        }
        XCTAssertEqual(map.action(for: .ctrl("c")), .navigation(.quit))
        let title = AboutPresenter.page(Self.shop, width: 78).titles[.shipping]!
        guard case .screen(.about(.scrollFrom(let line, 1, _)))? = map.action(for: .down) else { return XCTFail("↓ scrolls from the title") }
        XCTAssertEqual(line, title)
        // Once scrolled, the page scrolls from where it is.
        var scrolled = overSheet(.shipping)
        scrolled.screens[scrolled.screens.count - 1] = .about(AboutState(offset: title + 1, overSheet: true))
        guard case .screen(.about(.scroll(1, _)))? = KeyMaps.current(for: scrolled, body: body).action(for: .down) else { return XCTFail() }
    }

    func testWithoutTheShopsAnswer() { assertScreenSnapshots(state(shop: nil), "about-unknown") }

    func testKeys() {
        XCTAssertEqual(KeyMaps.current(for: Fixtures.browsing).action(for: .character("i")), .navigation(.push(.about(AboutState()))))
        XCTAssertNil(KeyMaps.current(for: state()).action(for: .character("i")), "already here")
        XCTAssertEqual(KeyMaps.current(for: state()).action(for: .escape), .navigation(.back))
    }

    /// A list item too long for its row wraps under its own text, so the bullet stands alone.
    func testAListItemWrapsUnderItsText() {
        let item = "Coffee and tea: only while the bag or tin is still sealed, because opened food cannot be sold again."
        let shop = Shop(name: "Aurora Outfitters", description: "", domain: "aurora-outfitters.example", currencyCode: "USD",
                        countryCode: "US", policies: [Self.policy(.refund, "<ul><li>\(item)</li></ul>")])
        let lines = AboutPresenter.lines(shop, width: 40).map(\.text)
        guard let first = lines.firstIndex(where: { $0.hasPrefix("• Coffee") }) else { return XCTFail("\(lines)") }
        XCTAssertTrue(lines[first + 1].hasPrefix("  ") && !lines[first + 1].hasPrefix("   "), "\(lines)")
        XCTAssertEqual(([lines[first]] + lines[(first + 1)...].prefix { $0.hasPrefix("  ") }).joined(separator: " ").split(separator: " ").joined(separator: " "),
                       "• " + item)
        XCTAssertTrue(lines.allSatisfy { $0.count <= 40 })
    }
}
