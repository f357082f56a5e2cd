import AppCore
import Foundation
import Storefront
import XCTest
@testable import TerminalUI

/// "Your orders": the orders placed from this terminal, one order's details, a signed-in
/// customer's orders, and the keys that reach the screen.
final class OrdersScreenTests: XCTestCase {
    static let placed = [
        PlacedOrder(id: "gid://shopify/Order/1001", name: "#1001", placedAt: Fixtures.date,
                    lines: [.init(title: "Linen Shirt (M / Sand)", quantity: 2), .init(title: "Canvas Tote", quantity: 1)],
                    total: Fixtures.usd("138.00")),
        PlacedOrder(id: "gid://shopify/Order/1002", name: "#1002", placedAt: Fixtures.date.addingTimeInterval(86_400 * 2),
                    lines: [.init(title: "House Espresso Blend (1 kg / Espresso)", quantity: 1)], total: Fixtures.usd("31.50")),
    ]

    func state(_ orders: OrdersState = OrdersState(), placed: [PlacedOrder] = placed) -> AppState {
        var state = Fixtures.browsing
        state.orders = placed
        state.screens = [.collections, .orders(orders)]
        return state
    }

    func testTheOrdersPlacedHereNewestFirst() { assertScreenSnapshots(state(), "orders-list") }

    func testOneOrdersDetails() { assertScreenSnapshots(state(OrdersState(selectedIndex: 1, openOrderId: "gid://shopify/Order/1001")), "orders-details") }

    func testNoOrdersYet() {
        var empty = state(placed: [])
        empty.account = AccountState(status: .loggedOut, isAvailable: true)
        assertScreenSnapshots(empty, "orders-empty")
    }

    /// Signed in, the account's orders are listed (not those placed here as a guest).
    func testASignedInCustomersOrders() {
        let order = CustomerOrder(id: "gid://shopify/Order/900", name: "#900", processedAt: Fixtures.date.addingTimeInterval(-86_400 * 30),
                                  totalPrice: Fixtures.usd("64.00"), lineItems: [.init(title: "Canvas Tote", quantity: 2)],
                                  financialStatus: "PARTIALLY_REFUNDED", fulfillmentStatus: "FULFILLED")
        var signedIn = state(OrdersState(customerOrders: [order]))
        signedIn.account = AccountState(status: .loggedIn(AccountSession(customer: AccountScreenTests.customer,
                                                                         expiresAt: Fixtures.date.addingTimeInterval(3600))),
                                        isAvailable: true)
        let text = Renderer.render(signedIn, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("#900"))
        XCTAssertFalse(text.contains("#1001"), "a guest's orders of this terminal are not the account's")
        XCTAssertTrue(text.contains("Orders of your account"))
        // The API's statuses as it displays them; an account server that does not say them: "placed".
        XCTAssertTrue(text.contains("#900  2026-04-28  Partially refunded · Fulfilled  2 items"), text)
        var unsaid = order
        unsaid.financialStatus = nil
        unsaid.fulfillmentStatus = nil
        signedIn.screens = [.collections, .orders(OrdersState(customerOrders: [unsaid]))]
        XCTAssertTrue(Renderer.render(signedIn, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
            .contains("#900  2026-04-28  placed  2 items"))
    }

    func testKeys() {
        let list = KeyMaps.current(for: state())
        XCTAssertEqual(list.action(for: .enter), .orders(.openSelected))
        XCTAssertEqual(list.action(for: .down), .orders(.moveSelection(by: 1, rows: 10)))
        XCTAssertEqual(list.action(for: .escape), .navigation(.back))
        XCTAssertNil(list.action(for: .character("o")), "already here")
        let details = KeyMaps.current(for: state(OrdersState(openOrderId: "gid://shopify/Order/1001")))
        XCTAssertEqual(details.action(for: .escape), .orders(.closeDetails))
        // From any screen where letters are commands, and from the thank-you page.
        XCTAssertEqual(KeyMaps.current(for: Fixtures.browsing).action(for: .character("o")), .orders(.open))
        XCTAssertEqual(KeyMaps.current(for: Fixtures.checkout(.thankYou)).action(for: .character("o")), .orders(.open))
    }
}
