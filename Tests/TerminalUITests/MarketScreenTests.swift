import AppCore
import Foundation
import Storefront
import XCTest
@testable import TerminalUI

/// The country picker, and a price screen in yen read from the bundled catalog's Japanese market.
final class MarketScreenTests: XCTestCase {
    func storefront() throws -> EmbeddedStorefront {
        try EmbeddedStorefront(stateDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("market-screens-\(UUID().uuidString)"))
    }

    func inJapan(_ store: EmbeddedStorefront, _ screens: [Screen]) async throws -> AppState {
        let japan = store.inContext(BuyerContext(country: "JP"))
        var state = AppState()
        state.shop = try await store.shop()
        state.country = "JP"
        state.localization = try await japan.localization()
        let collections = try await japan.collections(.first(12), sortKey: .id, productPreview: 3)
        state.collections = PagedList(items: collections.nodes, pageInfo: collections.pageInfo)
        let coffee = try await japan.collectionProducts(handle: "coffee", page: .first(25), sortKey: .collectionDefault, reverse: false)
        state.collectionProducts["coffee"] = PagedList(items: coffee.nodes, pageInfo: coffee.pageInfo)
        state.screens = screens
        return state
    }

    /// Four countries with their currencies; the selection on Japan, the current country marked.
    func testThePicker() async throws {
        var state = try await inJapan(try storefront(), [.collections])
        let countries = try XCTUnwrap(state.localization?.availableCountries)
        XCTAssertEqual(countries.map(\.isoCode), ["NL", "US", "GB", "JP"])
        state.country = "GB"
        state.screens.append(.markets(MarketPickerState(countries: countries, selectedIndex: 3)))
        assertScreenSnapshots(state, "markets-picker")
    }

    /// The coffee in yen, whole yen rounded up to tens, grouped by thousands; the header says JP ¥.
    /// Cold brew, not sold in Japan, is not listed there (not "sold out").
    func testCoffeeInYen() async throws {
        let state = try await inJapan(try storefront(), [.collections, .products(collectionHandle: "coffee")])
        XCTAssertFalse(state.collectionProducts["coffee"]?.items.contains { $0.handle == "cold-brew-concentrate" } ?? true)
        assertScreenSnapshots(state, "markets-coffee-jpy")
    }

    /// Cold brew's page in Japan: the shop's own product, no price, "Not sold in Japan".
    func testAProductNotSoldInJapan() async throws {
        let store = try storefront()
        var state = try await inJapan(store, [.collections, .productDetail(handle: "cold-brew-concentrate")])
        let inJapan = try await store.inContext(BuyerContext(country: "JP")).product(handle: "cold-brew-concentrate")
        XCTAssertNil(inJapan)
        let own = try await store.product(handle: "cold-brew-concentrate")
        var detail = ProductDetailState(product: try XCTUnwrap(own))
        detail.notSoldIn = "Japan"
        state.productDetail = detail
        assertScreenSnapshots(state, "markets-not-sold-product")
    }

    /// A cart moved to Japan with cold brew in it: the line stays, priced in yen, marked, and the
    /// row under the note says why.
    func testACartLineNotSoldInJapan() async throws {
        let store = try storefront()
        let espressoProduct = try await store.product(handle: "house-espresso-blend")
        let coldBrewProduct = try await store.product(handle: "cold-brew-concentrate")
        let espresso = try XCTUnwrap(espressoProduct).variants[0].id, coldBrew = try XCTUnwrap(coldBrewProduct).variants[0].id
        let created = try await store.cartCreate(CartInput(lines: [CartLineInput(merchandiseId: espresso, quantity: 2),
                                                                   CartLineInput(merchandiseId: coldBrew)]))
        let payload = try await store.inContext(BuyerContext(country: "JP"))
            .cartBuyerIdentityUpdate(cartId: try XCTUnwrap(created.cart).id, buyerIdentity: BuyerIdentity(countryCode: "JP"))
        let moved = try XCTUnwrap(payload.cart)
        var state = try await inJapan(store, [.collections, .cart])
        state.cart.cart = moved
        state.cart.confirmedCart = moved
        let line = try XCTUnwrap(moved.lines.first { $0.merchandise.productHandle == "cold-brew-concentrate" })
        state.cart.notSoldHere = [CartWarning(code: .productUnavailableInBuyerLocation,
                                              message: "Cold Brew Concentrate, 1 L is not sold in Japan.", target: line.id)]
        assertScreenSnapshots(state, "markets-not-sold-cart")
        // Too long to sit whole beside the button at 80 columns, the tax's note takes the total's
        // row for its first sentence rather than being cut.
        let text = Renderer.render(state, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("Prices include consumption tax.") && text.contains("Shipping is calculated at checkout."), text)
    }

    func testKeys() async throws {
        let state = try await inJapan(try storefront(), [.collections])
        XCTAssertEqual(KeyMaps.current(for: state).action(for: .character("m")), .markets(.open))
        var picking = state
        picking.screens.append(.markets(MarketPickerState(countries: state.localization?.availableCountries ?? [], selectedIndex: 1)))
        let map = KeyMaps.current(for: picking)
        XCTAssertNil(map.action(for: .character("m")), "already here")
        XCTAssertEqual(map.action(for: .down), .markets(.moveSelection(by: 1)))
        XCTAssertEqual(map.action(for: .up), .markets(.moveSelection(by: -1)))
        XCTAssertEqual(map.action(for: .enter), .markets(.chooseSelected))
        // First and last, a page: as in every list.
        for key in [Key.home, .character("g")] { XCTAssertEqual(map.action(for: key), .markets(.moveSelection(by: -1_000_000)), "\(key)") }
        for key in [Key.end, .character("G")] { XCTAssertEqual(map.action(for: key), .markets(.moveSelection(by: 1_000_000)), "\(key)") }
        XCTAssertNotNil(map.action(for: .pageDown))
        XCTAssertEqual(map.action(for: .escape), .navigation(.back))
    }
}
