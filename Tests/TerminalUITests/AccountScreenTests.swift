import AppCore
import Foundation
import Storefront
import XCTest
@testable import TerminalUI

/// The account screen in each state, the header's login state, and the account keys.
final class AccountScreenTests: XCTestCase {
    static let customer = Customer(
        id: "gid://shopify/Customer/7001", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace",
        defaultAddress: MailingAddress(address1: "Keizersgracht 123", city: "Amsterdam", countryCode: "NL", postalCode: "1015 CJ"))

    func state(_ status: AccountState.Status, orders: [CustomerOrder]? = nil) -> AppState {
        var state = Fixtures.browsing
        state.screens = [.collections, .account]
        state.account = AccountState(status: status, isAvailable: true, orders: orders)
        return state
    }

    private func snapshot(_ state: AppState, _ name: String, sizes: [Size] = [Size(width: 80, height: 24), Size(width: 40, height: 12)],
                          file: StaticString = #filePath, line: UInt = #line) {
        for size in sizes { assertScreenSnapshot(state, name, size: size, file: file, line: line) }
    }

    func testLoggedOut() { snapshot(state(.loggedOut), "account-logged-out") }

    func testWaitingForTheBrowserShowsTheWholeAddress() {
        let url = URL(string: "http://127.0.0.1:8787/account/oauth/authorize?scope=openid%20email%20customer-account-api%3Afull&client_id=storefront-cli&response_type=code&redirect_uri=http%3A%2F%2F127.0.0.1%3A40123%2Fcallback&state=abc&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256")!
        // 80x24 has no room for the QR code; 120x40 shows it beside the address.
        snapshot(state(.loggingIn(authorizationURL: url)), "account-logging-in", sizes: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
        let text = Renderer.render(state(.loggingIn(authorizationURL: url)), size: Size(width: 80, height: 24),
                                   environment: Fixtures.environment).text
        let joined = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined()
        XCTAssertTrue(joined.contains(url.absoluteString), "every character of the address is on screen")
    }

    func testLoggedInWithOrders() {
        let orders = [CustomerOrder(id: "1002", name: "#1002", processedAt: Fixtures.date, totalPrice: Fixtures.usd("72.00"),
                                    lineItems: [.init(title: "Linen Shirt", quantity: 1), .init(title: "Cap", quantity: 2)])]
        snapshot(state(.loggedIn(AccountSession(customer: Self.customer, expiresAt: Fixtures.date)), orders: orders),
                 "account-logged-in")
    }

    /// A customer known by an SSH key before their first order: no name or e-mail to show, and
    /// none made up. The header says "signed in"; the account screen says the checkout asks.
    func testACustomerWithoutANameOrEmail() {
        let nameless = Customer(id: "gid://shopify/Customer/8001")
        let state = state(.loggedIn(AccountSession(customer: nameless, expiresAt: Fixtures.date)), orders: [])
        snapshot(state, "account-logged-in-nameless")
        let text = Renderer.render(state, size: Size(width: 80, height: 24), environment: Fixtures.environment).text
        XCTAssertTrue(text.split(separator: "\n").first?.contains("signed in · cart") == true, text)
        XCTAssertFalse(text.contains("gid://"), text)
    }

    func testSessionEnded() { snapshot(state(.sessionEnded(reason: "the refresh token was revoked")), "account-session-ended",
                                       sizes: [Size(width: 80, height: 24)]) }

    func testTheHeaderShowsWhoIsLoggedIn() {
        var browsing = Fixtures.browsing
        browsing.account = AccountState(status: .loggedIn(AccountSession(customer: Self.customer, expiresAt: Fixtures.date)),
                                        isAvailable: true)
        let header = Renderer.render(browsing, size: Size(width: 80, height: 24), environment: Fixtures.environment)
            .text.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(header.contains("Ada · cart"), header)
        browsing.account.status = .loggedOut
        let guest = Renderer.render(browsing, size: Size(width: 80, height: 24), environment: Fixtures.environment)
            .text.split(separator: "\n").first.map(String.init) ?? ""
        XCTAssertTrue(guest.contains("guest · cart"), guest)
        // Without customer accounts the header is as it always was.
        XCTAssertFalse(Renderer.render(Fixtures.browsing, size: Size(width: 80, height: 24), environment: Fixtures.environment)
            .text.split(separator: "\n").first.map(String.init)?.contains("guest") ?? true)
    }

    func testAccountKeys() {
        XCTAssertEqual(KeyMaps.current(for: state(.loggedOut)).action(for: .enter), .account(.logInTapped))
        XCTAssertEqual(KeyMaps.current(for: state(.sessionEnded(reason: "x"))).action(for: .enter), .account(.logInTapped))
        XCTAssertEqual(KeyMaps.current(for: state(.loggingIn(authorizationURL: nil))).action(for: .escape), .account(.cancelLogin))
        let loggedIn = state(.loggedIn(AccountSession(customer: Self.customer, expiresAt: Fixtures.date)))
        XCTAssertEqual(KeyMaps.current(for: loggedIn).action(for: .character("x")), .account(.logOutTapped))
        XCTAssertEqual(KeyMaps.current(for: loggedIn).action(for: .escape), .navigation(.back))
        // From any other screen, u opens the account; not when the app has no accounts.
        var browsing = Fixtures.browsing
        XCTAssertNil(KeyMaps.current(for: browsing).action(for: .character("u")))
        browsing.account.isAvailable = true
        XCTAssertEqual(KeyMaps.current(for: browsing).action(for: .character("u")), .account(.open))
    }
}
