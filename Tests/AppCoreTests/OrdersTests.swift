import XCTest
import AppCore
import AppCoreTesting
import CheckoutSheet
import Storefront

@MainActor
final class OrdersTests: XCTestCase {
    let placed = [PlacedOrder(id: "o1", name: "#1001", placedAt: Fixtures.date),
                  PlacedOrder(id: "o2", name: "#1002", placedAt: Fixtures.date.addingTimeInterval(60))]

    /// A guest's orders are those placed here, newest first: enter opens one, esc goes back to the list.
    func testAGuestOpensAnOrderPlacedHere() async {
        let env = TestEnvironment()
        let store = env.store(AppState(orders: placed))
        await store.send(.orders(.open)) { $0.screens = [.collections, .orders(OrdersState())] }
        await store.send(.orders(.moveSelection(by: 1, rows: 10))) { $0.screens[1] = .orders(OrdersState(selectedIndex: 1)) }
        await store.send(.orders(.moveSelection(by: 1, rows: 10)))
        await store.send(.orders(.openSelected)) { $0.screens[1] = .orders(OrdersState(selectedIndex: 1, openOrderId: "o1")) }
        await store.send(.orders(.closeDetails)) { $0.screens[1] = .orders(OrdersState(selectedIndex: 1)) }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.finish()
    }

    /// Signed in, the account's orders load when the screen opens; a failure says why.
    func testASignedInCustomersOrdersLoad() async {
        var env = TestEnvironment()
        let order = CustomerOrder(id: "900", name: "#900", processedAt: Fixtures.date, totalPrice: Fixtures.usd("20.00"),
                                  lineItems: [.init(title: "Shirt", quantity: 1)])
        let answers = Recorder<Int>()
        env.account = AccountTests.account(orders: {
            answers.record(1)
            if answers.values.count > 1 { throw AppError(message: "the account server is down") }
            return [order]
        })
        let store = env.store(AccountTests.loggedIn(AppState(orders: placed)))
        await store.send(.orders(.open)) { $0.screens = [.collections, .orders(OrdersState(isLoading: true))] }
        await store.receive(.orders(.ordersResponse(.success([order])))) {
            $0.screens[1] = .orders(OrdersState(customerOrders: [order]))
        }
        await store.send(.orders(.open)) { $0.screens[1] = .orders(OrdersState(customerOrders: [order], isLoading: true)) }
        await store.receive(.orders(.ordersResponse(.failure(AppError(message: "the account server is down"))))) {
            $0.screens[1] = .orders(OrdersState(customerOrders: [order]))
        }
        await store.receive(.orders(.delegate(.failed(AppError(message: "Could not load your orders: the account server is down"))))) {
            $0.errorMessage = "Could not load your orders: the account server is down"
        }
        await store.finish()
    }

    /// The shop refuses the login while the orders load (the account server forgot it): the session
    /// ends with "log in again", and the list is this terminal's guest orders, not a customer's.
    func testARefusedLoginWhileLoadingOrdersEndsTheSession() async {
        var env = TestEnvironment()
        env.account = AccountTests.account(orders: { throw LoginRequired(reason: "the Customer Account API refused the access token") })
        let store = env.store(AccountTests.loggedIn(AppState(orders: placed)))
        let reason = "the Customer Account API refused the access token"
        let ended = "Your session has ended (\(reason)). Log in again on the account screen; your cart is kept."
        await store.send(.orders(.open)) { $0.screens = [.collections, .orders(OrdersState(isLoading: true))] }
        await store.receive(.orders(.ordersResponse(.failure(AppError(LoginRequired(reason: reason)))))) {
            $0.screens[1] = .orders(OrdersState())
        }
        await store.receive(.orders(.delegate(.sessionEnded(reason: reason)))) { $0.account.status = .sessionEnded(reason: reason) }
        await store.receive(.account(.delegate(.failed(AppError(message: ended))))) { $0.errorMessage = ended }
        await store.receive(.account(.delegate(.sessionEnded)))
        await store.finish()
        guard case .orders(let screen) = store.state.screens.last else { return XCTFail("the orders screen closed") }
        XCTAssertEqual(screen.summaries(placed: store.state.orders, signedIn: store.state.account.isLoggedIn).map(\.number), ["#1002", "#1001"])
    }

    /// From the thank-you page: the sheet closes and the orders open, with the order just placed.
    func testTheThankYouPageOpensTheOrders() async {
        let env = TestEnvironment()
        var state = AppState(screens: [.collections, .cart], orders: placed)
        state.checkout = CheckoutState(isPresented: true, page: CheckoutPage(step: .thankYou, orderName: "#1002", orderId: "o2"))
        let store = env.store(state)
        await store.send(.orders(.open)) { $0.screens = [.collections, .cart, .orders(OrdersState())] }
        await store.finish()
        XCTAssertEqual(env.sheet.calls, [.dismiss])
    }
}
