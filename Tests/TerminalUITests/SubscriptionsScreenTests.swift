import AppCore
import Foundation
import Storefront
import XCTest
@testable import TerminalUI

/// "Your subscriptions": the list (item, plan, price per delivery, status, next delivery), the
/// cancellation's question, the empty list, and the keys that reach and work the screen.
final class SubscriptionsScreenTests: XCTestCase {
    static let subscriptions = [
        CustomerSubscription(id: "gid://shopify/SubscriptionContract/1", title: "House Espresso Blend", variantTitle: "1 kg / Espresso",
                             quantity: 1, interval: .week, intervalCount: 2, pricePerDelivery: Fixtures.usd("28.35"), status: .active,
                             nextDelivery: Fixtures.date.addingTimeInterval(14 * 86_400), nextCycle: 2),
        CustomerSubscription(id: "gid://shopify/SubscriptionContract/2", title: "Guatemala Huehuetenango El Injerto",
                             variantTitle: "250 g / Whole bean", quantity: 2, interval: .week, intervalCount: 4,
                             pricePerDelivery: Fixtures.usd("33.30"), status: .paused,
                             nextDelivery: Fixtures.date.addingTimeInterval(28 * 86_400), nextCycle: 2),
        CustomerSubscription(id: "gid://shopify/SubscriptionContract/3", title: "Sencha Asamushi", variantTitle: nil, quantity: 1,
                             interval: .month, intervalCount: 1, pricePerDelivery: Fixtures.usd("12.60"), status: .cancelled,
                             nextDelivery: nil, nextCycle: nil),
    ]

    func state(_ screen: SubscriptionsState) -> AppState {
        var state = Fixtures.browsing
        state.account = AccountState(status: .loggedIn(AccountSession(customer: Customer(id: "gid://shopify/Customer/7", email: "ada@example.com",
                                                                                            firstName: "Ada", lastName: "Lovelace"),
                                                                      expiresAt: Fixtures.date)), isAvailable: true)
        state.screens = [.collections, .account, .subscriptions(screen)]
        return state
    }

    func testTheList() {
        var screen = SubscriptionsState(subscriptions: Self.subscriptions, selectedIndex: 1)
        screen.notice = "Paused 2 × Guatemala Huehuetenango El Injerto — 250 g / Whole bean."
        assertScreenSnapshots(state(screen), "subscriptions-list")
        let wide = Renderer.render(state(screen), size: Size(width: 120, height: 40), environment: Fixtures.environment).text
        for expected in ["every 2 weeks", "$28.35", "active", "2026-06-", "paused", "cancelled", "—", "▸ 2 × Guatemala"] {
            XCTAssertTrue(wide.contains(expected), "\(expected) in\n\(wide)")
        }
    }

    func testTheCancellationAsksFirst() {
        let screen = SubscriptionsState(subscriptions: Self.subscriptions, confirmingCancel: Self.subscriptions[0].id)
        assertScreenSnapshots(state(screen), "subscriptions-confirm-cancel")
        for width in [40, 80, 120] {
            let text = Renderer.render(state(screen), size: Size(width: width, height: 24), environment: Fixtures.environment).text
            XCTAssertTrue(text.contains("? y/n"), text)
        }
        let keys = KeyMaps.current(for: state(screen))
        XCTAssertEqual(keys.action(for: .character("y")), .subscriptions(.confirmCancel))
        XCTAssertEqual(keys.action(for: .character("n")), .subscriptions(.dismissCancel))
        XCTAssertEqual(keys.action(for: .escape), .subscriptions(.dismissCancel))
    }

    func testTheEmptyListSaysHowToSubscribe() {
        assertScreenSnapshots(state(SubscriptionsState(subscriptions: [])), "subscriptions-empty")
        let text = Renderer.render(state(SubscriptionsState(subscriptions: [])), size: Size(width: 80, height: 24),
                                   environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("Purchase row"), text)
    }

    func testLoading() {
        let text = Renderer.render(state(SubscriptionsState(isLoading: true)), size: Size(width: 80, height: 24),
                                   environment: Fixtures.environment).text
        XCTAssertTrue(text.contains("Loading…"), text)
    }

    /// `s` on the account screen opens it; p toggles pause and resume by the selected one's status,
    /// s skips, x asks to cancel.
    func testTheKeys() {
        var account = state(SubscriptionsState())
        account.screens = [.collections, .account]
        XCTAssertEqual(KeyMaps.current(for: account).action(for: .character("s")), .subscriptions(.open))
        let active = KeyMaps.current(for: state(SubscriptionsState(subscriptions: Self.subscriptions)))
        XCTAssertEqual(active.action(for: .character("p")), .subscriptions(.togglePause))
        XCTAssertTrue(active.bindings.contains { $0.label == "pause" })
        XCTAssertEqual(active.action(for: .character("s")), .subscriptions(.skipNext))
        XCTAssertEqual(active.action(for: .character("x")), .subscriptions(.requestCancel))
        XCTAssertEqual(active.action(for: .character("r")), .subscriptions(.reload))
        let paused = KeyMaps.current(for: state(SubscriptionsState(subscriptions: Self.subscriptions, selectedIndex: 1)))
        XCTAssertTrue(paused.bindings.contains { $0.label == "resume" })
        // A cancelled one offers no change in the footer; a key pressed anyway is the shop's to refuse.
        let cancelled = state(SubscriptionsState(subscriptions: Self.subscriptions, selectedIndex: 2))
        let footer = Renderer.render(cancelled, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
            .split(separator: "\n").last.map(String.init) ?? ""
        for hidden in ["p pause", "s skip", "x cancel"] { XCTAssertFalse(footer.contains(hidden), footer) }
        XCTAssertTrue(footer.contains("r reload"), footer)
        XCTAssertEqual(KeyMaps.current(for: cancelled).action(for: .character("p")), .subscriptions(.togglePause))
    }

    /// A long item gives way at a word, never inside one.
    func testClipCutsAtAWord() {
        XCTAssertEqual(SubscriptionsPresenter.clip("Guatemala Huehuetenango El Injerto — 250 g / Whole bean", width: 30),
                       "Guatemala Huehuetenango El…")
        XCTAssertEqual(SubscriptionsPresenter.clip("Short", width: 30), "Short")
        XCTAssertEqual(SubscriptionsPresenter.clip("House Espresso Blend — 1 kg / Espresso", width: 25), "House Espresso Blend…")
    }
}
