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

    /// An order as the ledger recorded it (the Dutch shop, VAT in the prices): each line with its
    /// variant, quantity, unit and line price, then subtotal, discounts, shipping, VAT and total.
    static func recorded(country: String, currency: String, shipping: String, taxes: String, total: String) -> PlacedOrder {
        func money(_ amount: String) -> Money { Money(amount: Decimal(string: amount) ?? 0, currencyCode: currency) }
        let draft = OrderDraft(
            checkoutSessionId: "s1", cartId: "c1", email: "ada@example.com", phone: nil,
            lineItems: [OrderLineItem(title: "Huisblend espresso", variantTitle: "1 kg / Whole bean", quantity: 3, price: money("42.00"),
                                      merchandiseId: "v1", productId: "p1"),
                        OrderLineItem(title: "Enamel Camp Mug", variantTitle: "Default Title", quantity: 1, price: money("18.00"),
                                      merchandiseId: "v2", productId: "p2")],
            subtotal: money("144.00"), shipping: money(shipping), taxes: money(taxes), discounts: money("28.80"), total: money(total),
            shippingAddress: MailingAddress(city: "Utrecht", countryCode: country), billingAddress: nil, shippingMethod: "Express",
            payment: nil)
        return PlacedOrder(recorded: Order(id: "1001", name: "#1001", processedAt: Fixtures.date, draft: draft))
    }

    func testARecordedOrdersDetailsAreItsReceipt() {
        let nl = Self.recorded(country: "NL", currency: "EUR", shipping: "14.90", taxes: "22.58", total: "130.10")
        let open = OrdersState(openOrderId: "1001")
        assertScreenSnapshots(state(open, placed: [nl]), "orders-receipt")
        let text = Renderer.render(state(open, placed: [nl]), size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        for expected in ["Huisblend espresso · 1 kg / Whole bean", "€42.00", "€126.00", "Enamel Camp Mug ", "Subtotal", "€144.00",
                         "-€28.80", "Shipping (Express)", "€14.90", "VAT included", "€22.58", "€130.10"] {
            XCTAssertTrue(text.contains(expected), "\(expected) in\n\(text)")
        }
        XCTAssertFalse(text.contains("Default Title"))
        // Sales tax is added in the United States, and named so; plain mode says the same.
        let us = Self.recorded(country: "US", currency: "USD", shipping: "14.90", taxes: "9.22", total: "139.32")
        var plain = state(open, placed: [us])
        let us80 = Renderer.render(plain, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        XCTAssertTrue(us80.contains("Sales tax") && !us80.contains("Sales tax included"), us80)
        plain.screens = [.collections, .orders(open)]
        let said = OrdersPresenter(orders: open).plain(plain)
        XCTAssertTrue(said.contains("3 × Huisblend espresso · 1 kg / Whole bean  $42.00 each  $126.00"), said)
        XCTAssertTrue(said.contains("Shipping (Express) $14.90") && said.contains("Sales tax $9.22") && said.contains("Total $139.32"), said)
    }

    func testNoOrdersYet() {
        var empty = state(placed: [])
        empty.account = AccountState(status: .loggedOut, isAvailable: true)
        assertScreenSnapshots(empty, "orders-empty")
    }

    /// Through a pipe, an empty list whose login ended says where the account's orders are, as the
    /// screen does, and the account line says the session ended in a sentence of its own.
    func testNoOrdersHereAfterTheSessionEnded() {
        var ended = state(placed: [])
        ended.account = AccountState(status: .sessionEnded(reason: "the Customer Account API refused the access token"), isAvailable: true)
        XCTAssertEqual(OrdersPresenter(orders: OrdersState()).plain(ended), "Your orders: none yet. login shows your account's orders.")
        XCTAssertEqual(PlainView.account(ended.account),
                       "Account: your session has ended (the Customer Account API refused the access token). login logs in again.")
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
