import XCTest
import AppCore
import AppCoreTesting
import Storefront

@MainActor
final class AccountTests: XCTestCase {
    static let customer = Customer(id: "gid://shopify/Customer/7", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace")
    static let session = AccountSession(customer: customer, expiresAt: Fixtures.date.addingTimeInterval(3600))
    static let loginURL = URL(string: "http://127.0.0.1:8787/account/oauth/authorize?client_id=storefront-cli")!

    /// An account client whose answers each test sets.
    static func account(session: AccountSession? = nil, token: AccessTokenAnswer = .token("tok-1"),
                        logIn: @escaping @Sendable (@escaping @Sendable (URL) async -> Void) async throws -> AccountSession = { _ in
                            throw AppError(message: "no login expected") },
                        logOut: @escaping @Sendable () async throws -> Void = { },
                        orders: @escaping @Sendable () async throws -> [CustomerOrder] = { [] },
                        forgetSession: @escaping @Sendable () async throws -> Void = { }) -> AccountClient {
        AccountClient(currentSession: { session }, accessToken: { token }, logIn: logIn, logOut: logOut, orders: orders,
                      forgetSession: forgetSession)
    }

    static func loggedIn(_ state: AppState = AppState()) -> AppState {
        var state = state
        state.account = AccountState(status: .loggedIn(session), isAvailable: true)
        return state
    }

    static func signedInCart() -> Cart {
        var cart = Fixtures.shirtCart()
        cart.buyerIdentity = BuyerIdentity(email: "ada@example.com", customerAccessToken: "tok-1", customer: customer)
        return cart
    }

    func testStartReadsTheSavedSession() async {
        var env = TestEnvironment()
        env.storefront.onCollections = { _ in .empty }
        env.account = Self.account(session: Self.session)
        let store = env.store()

        await store.send(.appStarted) {
            $0.setLoading([.collections, .cartRestore])
            $0.account.isAvailable = true
        }
        // Collections, the cart and the session load side by side; only the session matters here.
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertEqual(store.state.account.status, .loggedIn(Self.session))
        await store.finish()
    }

    func testWithoutAnAccountClientNothingIsAsked() async {
        let store = TestEnvironment().store()
        await store.send(.account(.logInTapped))
        await store.send(.account(.logOutTapped))
        await store.finish()
    }

    func testANewCartOfALoggedInCustomerCarriesTheirToken() async {
        var env = TestEnvironment()
        env.account = Self.account()
        let inputs = Recorder<CartInput>()
        let created = Self.signedInCart()
        env.storefront.onCartCreate = { input in inputs.record(input); return CartPayload(cart: created) }
        let shirt = Fixtures.shirt()
        let store = env.store(Self.loggedIn(AppState(screens: [.collections, .productDetail(handle: "shirt")],
                                                     productDetail: ProductDetailState(product: shirt))))

        await store.send(.productDetail(.addToCart))
        let red = CartAddRequest(CartMerchandise(variant: shirt.variants[0], of: shirt), quantity: 1)
        await store.receive(.productDetail(.delegate(.addToCart(red.merchandise, quantity: 1)))) {
            $0.setLoading([.cartCreate])
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await store.receive(.cart(.addResponse(requestId: 1, adding: [red], .success(CartPayload(cart: created)))),
                            assert: CartTests.answered(1, with: created))
        await store.receive(.cart(.delegate(.added(CartAddOutcome(request: red, added: 1))))) {
            $0.productDetail?.confirmation = "Added 1 × Shirt shirt (S / Red) to your cart."
        }
        await env.clock.advance(by: .seconds(4))
        await store.receive(.productDetail(.confirmationExpired)) { $0.productDetail?.confirmation = nil }
        await store.finish()
        XCTAssertEqual(inputs.values.map(\.buyerIdentity), [BuyerIdentity(customerAccessToken: "tok-1")])
    }

    func testLoggingInShowsTheAddressThenGivesTheCartTheToken() async {
        var env = TestEnvironment()
        let gate = Gate<Int, AccountSession>()
        // Orders answer only when the test says so, after the cart: the two requests run side by side.
        let orders = Gate<Int, [CustomerOrder]>()
        env.account = Self.account(logIn: { showURL in
            await showURL(Self.loginURL)
            return try await gate.wait(for: 0)
        }, orders: { try await orders.wait(for: 0) })
        let identities = Recorder<BuyerIdentity>()
        var attached = Fixtures.shirtCart()
        attached.buyerIdentity = BuyerIdentity(email: "ada@example.com", customerAccessToken: "tok-1", customer: Self.customer)
        env.storefront.onBuyerIdentity = { [attached] _, identity in identities.record(identity); return CartPayload(cart: attached) }
        var cart = Fixtures.shirtCart()
        cart.buyerIdentity = BuyerIdentity(countryCode: "NL")
        var state = AppState(screens: [.collections, .account], cart: CartState(cart: cart, confirmedCart: cart))
        state.account = AccountState(status: .loggedOut, isAvailable: true)
        let store = env.store(state)

        await store.send(.account(.logInTapped)) { $0.account.status = .loggingIn(authorizationURL: nil) }
        await store.receive(.account(.loginURLReady(Self.loginURL))) {
            $0.account.status = .loggingIn(authorizationURL: Self.loginURL)
        }
        gate.answer(0, with: Self.session)
        await store.receive(.account(.loginResponse(.success(Self.session)))) {
            $0.account.status = .loggedIn(Self.session)
            $0.account.isLoadingOrders = true
        }
        await store.receive(.account(.delegate(.loggedIn))) {
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: attached)))),
                            assert: CartTests.answered(1, with: attached))
        orders.answer(0, with: [])
        await store.receive(.account(.ordersResponse(.success([])))) {
            $0.account.isLoadingOrders = false
            $0.account.orders = []
        }
        await store.finish()
        // The country the buyer had stays; the token joins it.
        XCTAssertEqual(identities.values, [BuyerIdentity(countryCode: "NL", customerAccessToken: "tok-1")])
    }

    /// `storefront login` in a shell leaves the app's cart as it was: when the app starts logged in
    /// with a cart that carries nobody, the cart gets the customer's token.
    func testAtStartTheSavedCartOfALoggedInCustomerGetsTheirToken() async {
        var env = TestEnvironment()
        env.account = Self.account()
        let identities = Recorder<BuyerIdentity>()
        let attached = Self.signedInCart()
        env.storefront.onBuyerIdentity = { _, identity in identities.record(identity); return CartPayload(cart: attached) }
        let guest = Fixtures.shirtCart()
        var state = AppState(cart: CartState(cart: guest, confirmedCart: guest))
        state.account = AccountState(status: .unknown, isAvailable: true)
        let store = env.store(state)

        await store.send(.account(.sessionLoaded(Self.session))) { $0.account.status = .loggedIn(Self.session) }
        await store.receive(.account(.delegate(.sessionRestored))) {
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: attached)))),
                            assert: CartTests.answered(1, with: attached))
        await store.finish()
        XCTAssertEqual(identities.values, [BuyerIdentity(customerAccessToken: "tok-1")])
    }

    /// The same when the cart is restored after the session is read; a cart that carries the
    /// customer already is left alone.
    func testARestoredCartOfALoggedInCustomerGetsTheirTokenOnce() async {
        var env = TestEnvironment()
        env.account = Self.account()
        let attached = Self.signedInCart()
        env.storefront.onBuyerIdentity = { _, _ in CartPayload(cart: attached) }
        let guest = Fixtures.shirtCart()
        let store = env.store(Self.loggedIn(AppState(cart: CartState(loading: [.cartRestore]))))

        await store.send(.cart(.restoreResponse(.success(guest)))) {
            $0.setLoading([.cartMutation])
            $0.cart.cart = guest
            $0.cart.confirmedCart = guest
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: attached)))),
                            assert: CartTests.answered(1, with: attached))
        await store.finish()

        let again = env.store(Self.loggedIn(AppState(cart: CartState(loading: [.cartRestore]))))
        await again.send(.cart(.restoreResponse(.success(attached)))) {
            $0.setLoading([])
            $0.cart.cart = attached
            $0.cart.confirmedCart = attached
        }
        await again.finish()
    }

    func testALoginCanBeCancelled() async {
        var env = TestEnvironment()
        // Waits until cancelled, as the login's listener does.
        env.account = Self.account(logIn: { _ in
            let (never, continuation) = AsyncStream<Never>.makeStream()
            defer { continuation.finish() }
            for await _ in never {}
            throw CancellationError()
        })
        var state = AppState()
        state.account = AccountState(status: .loggedOut, isAvailable: true)
        let store = env.store(state)
        await store.send(.account(.logInTapped)) { $0.account.status = .loggingIn(authorizationURL: nil) }
        await store.send(.account(.cancelLogin)) { $0.account.status = .loggedOut }
        await store.finish()
    }

    func testAFailedLoginSaysWhy() async {
        var env = TestEnvironment()
        env.account = Self.account(logIn: { _ in throw AppError(message: "state mismatch") })
        var state = AppState()
        state.account = AccountState(status: .loggedOut, isAvailable: true)
        let store = env.store(state)
        await store.send(.account(.logInTapped)) { $0.account.status = .loggingIn(authorizationURL: nil) }
        await store.receive(.account(.loginResponse(.failure(AppError(message: "state mismatch"))))) {
            $0.account.status = .loggedOut
        }
        await store.receive(.account(.delegate(.failed(AppError(message: "Login failed: state mismatch"))))) { $0.errorMessage = "Login failed: state mismatch" }
        await store.finish()
    }

    /// The refresh token was refused while a cart was being made: the cart is made without the
    /// token, and the customer is asked to log in again.
    func testARefusedRefreshMakesTheNewCartAnonymousAndEndsTheSession() async {
        var env = TestEnvironment()
        env.account = Self.account(token: .loginRequired(reason: "refresh token revoked"))
        let inputs = Recorder<CartInput>()
        let created = Fixtures.shirtCart()
        env.storefront.onCartCreate = { input in inputs.record(input); return CartPayload(cart: created) }
        let store = env.store(Self.loggedIn(AppState(screens: [.collections, .productDetail(handle: "shirt")],
                                                     productDetail: ProductDetailState(product: Fixtures.shirt()))))

        await store.send(.productDetail(.addToCart))
        let shirt = Fixtures.shirt()
        let red = CartAddRequest(CartMerchandise(variant: shirt.variants[0], of: shirt), quantity: 1)
        await store.receive(.productDetail(.delegate(.addToCart(red.merchandise, quantity: 1)))) {
            $0.setLoading([.cartCreate])
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
        }
        await store.receive(.cart(.delegate(.sessionEnded(reason: "refresh token revoked")))) {
            $0.account.status = .sessionEnded(reason: "refresh token revoked")
        }
        await store.receive(.account(.delegate(.failed(AppError(message: "Your session has ended (refresh token revoked). Log in again on the account screen; your cart is kept."))))) { $0.errorMessage = "Your session has ended (refresh token revoked). Log in again on the account screen; your cart is kept." }
        // The new cart has no customer to take the token from.
        await store.receive(.account(.delegate(.sessionEnded)))
        await store.receive(.cart(.addResponse(requestId: 1, adding: [red], .success(CartPayload(cart: created)))),
                            assert: CartTests.answered(1, with: created))
        await store.receive(.cart(.delegate(.added(CartAddOutcome(request: red, added: 1))))) {
            $0.productDetail?.confirmation = "Added 1 × Shirt shirt (S / Red) to your cart."
        }
        await env.clock.advance(by: .seconds(4))
        await store.receive(.productDetail(.confirmationExpired)) { $0.productDetail?.confirmation = nil }
        await store.finish()
        XCTAssertEqual(inputs.values.map(\.buyerIdentity), [nil])
    }

    /// The store no longer knows the customer's token (it was restarted with other sessions): the
    /// add is refused on it. Nothing is called added, the error bar says to log in again, and the
    /// cart goes on without the token so the next add works.
    func testAnAddRefusedForTheLoginSaysLogInAgainAndNeverAdded() async {
        var env = TestEnvironment()
        let forgotten = Recorder<Bool>()
        env.account = Self.account(forgetSession: { forgotten.record(true) })
        let refused = CartUserError(code: .invalid, field: ["buyerIdentity", "customerAccessToken"],
                                    message: "The customer access token is invalid or has expired.")
        let cart = Self.signedInCart()
        var anonymous = cart
        anonymous.buyerIdentity = BuyerIdentity(email: "ada@example.com")
        env.storefront.onLinesAdd = { [cart] _, _ in CartPayload(cart: cart, userErrors: [refused]) }
        env.storefront.onBuyerIdentity = { [anonymous] _, _ in CartPayload(cart: anonymous) }
        let shirt = Fixtures.shirt()
        var state = Self.loggedIn(AppState(screens: [.collections, .productDetail(handle: "shirt")],
                                           productDetail: ProductDetailState(product: shirt)))
        state.cart = CartState(cart: cart, confirmedCart: cart)
        let store = env.store(state)
        let blue = CartAddRequest(CartMerchandise(variant: shirt.variants[1], of: shirt), quantity: 1)

        await store.send(.productDetail(.focusOption(by: 1))) { $0.productDetail?.focusedOptionIndex = 1 }
        await store.send(.productDetail(.selectOptionValue(by: 1))) { $0.productDetail?.selectedOptions[1].value = "Blue" }
        await store.send(.productDetail(.addToCart))
        await store.skipReceivedActionsWhenEffectsEnd()
        let reason = "the store no longer accepts your login, so nothing was added to your cart"
        XCTAssertEqual(store.state.errorMessage, "Your session has ended (\(reason)). Log in again on the account screen; your cart is kept.")
        XCTAssertNil(store.state.productDetail?.confirmation)
        XCTAssertEqual(store.state.account.status, .sessionEnded(reason: reason))
        XCTAssertEqual(store.state.cart.cart, anonymous)
        await store.finish()
        // The refused tokens are deleted: the next start is logged out and says nothing.
        XCTAssertEqual(forgotten.values, [true])
    }

    /// The account server could not be reached for a token: the cart is made without it, and the
    /// saved login stays (nothing was refused).
    func testAnUnreachableAccountServerKeepsTheSavedLogin() async {
        var env = TestEnvironment()
        let forgotten = Recorder<Bool>()
        env.account = Self.account(token: .unavailable(reason: "connection refused"), forgetSession: { forgotten.record(true) })
        let created = Fixtures.shirtCart()
        env.storefront.onCartCreate = { _ in CartPayload(cart: created) }
        let store = env.store(Self.loggedIn(AppState(screens: [.collections, .productDetail(handle: "shirt")],
                                                     productDetail: ProductDetailState(product: Fixtures.shirt()))))

        await store.send(.productDetail(.addToCart))
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertEqual(store.state.account.status, .loggedIn(Self.session))
        XCTAssertEqual(store.state.cart.cart, created)
        await env.clock.advance(by: .seconds(4))
        await store.skipReceivedActionsWhenEffectsEnd()
        await store.finish()
        XCTAssertEqual(forgotten.values, [])
    }

    /// The saved login could not be deleted: the error bar says so after the session ended.
    func testATokenFileThatCannotBeDeletedIsReported() async {
        var env = TestEnvironment()
        env.account = Self.account(forgetSession: { throw AppError(message: "permission denied") })
        let store = env.store(Self.loggedIn())

        await store.send(.account(.sessionEnded(reason: "expired"))) { $0.account.status = .sessionEnded(reason: "expired") }
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertEqual(store.state.errorMessage, "Could not delete the saved login: permission denied")
        await store.finish()
    }

    /// The session ends with a signed-in cart: the cart keeps its lines and loses only the token.
    func testAnEndedSessionDropsTheTokenFromTheCartAndKeepsTheLines() async {
        var env = TestEnvironment()
        env.account = Self.account()
        let identities = Recorder<BuyerIdentity>()
        var anonymous = Self.signedInCart()
        anonymous.buyerIdentity = BuyerIdentity(email: "ada@example.com")
        env.storefront.onBuyerIdentity = { [anonymous] _, identity in identities.record(identity); return CartPayload(cart: anonymous) }
        let cart = Self.signedInCart()
        let store = env.store(Self.loggedIn(AppState(cart: CartState(cart: cart, confirmedCart: cart))))

        await store.send(.account(.sessionEnded(reason: "expired"))) { $0.account.status = .sessionEnded(reason: "expired") }
        await store.receive(.account(.delegate(.failed(AppError(message: "Your session has ended (expired). Log in again on the account screen; your cart is kept."))))) { $0.errorMessage = "Your session has ended (expired). Log in again on the account screen; your cart is kept." }
        await store.receive(.account(.delegate(.sessionEnded))) {
            $0.cart.cart?.buyerIdentity = BuyerIdentity(email: "ada@example.com")
            $0.cart.latestRequestId = 1
            $0.cart.nextRequestId = 2
            $0.setLoading([.cartMutation])
        }
        await store.receive(.cart(.mutationResponse(requestId: 1, .success(CartPayload(cart: anonymous)))),
                            assert: CartTests.answered(1, with: anonymous))
        // A second report changes nothing.
        await store.send(.account(.sessionEnded(reason: "expired")))
        await store.finish()
        XCTAssertEqual(identities.values, [BuyerIdentity(email: "ada@example.com")])
        XCTAssertEqual(store.state.cart.cart?.lines, cart.lines)
    }

    func testLoggingOutForgetsTheSignedInCart() async {
        var env = TestEnvironment()
        let logouts = Recorder<Bool>()
        env.account = Self.account(logOut: { logouts.record(true) })
        let cart = Self.signedInCart()
        let store = env.store(Self.loggedIn(AppState(screens: [.collections, .account], cart: CartState(cart: cart, confirmedCart: cart))))

        await store.send(.account(.logOutTapped))
        await store.receive(.account(.logoutResponse(.success(true)))) { $0.account.status = .loggedOut }
        await store.receive(.account(.delegate(.loggedOut))) { $0.cart = CartState() }
        // The cart emptied on screen: it says why, as a notice of what was done, not as a failure.
        let notice = "Logged out: your account's cart (\(cart.totalQuantity) \(cart.totalQuantity == 1 ? "item" : "items")) is no longer shown here; the next item starts a new cart."
        await store.receive(.cart(.delegate(.notice(notice)))) { $0.bar = BarMessage(text: notice, isNotice: true) }
        await store.finish()
        XCTAssertEqual(logouts.values, [true])
        XCTAssertEqual(env.savedCartIds.values, [nil])
    }

    func testLoggingOutKeepsAnAnonymousCart() async {
        var env = TestEnvironment()
        env.account = Self.account()
        let cart = Fixtures.shirtCart()
        let store = env.store(Self.loggedIn(AppState(cart: CartState(cart: cart, confirmedCart: cart))))
        await store.send(.account(.logOutTapped))
        await store.receive(.account(.logoutResponse(.success(true)))) { $0.account.status = .loggedOut }
        await store.receive(.account(.delegate(.loggedOut)))
        await store.finish()
        XCTAssertEqual(env.savedCartIds.values, [])
    }

    func testTheAccountScreenLoadsTheOrders() async {
        var env = TestEnvironment()
        let order = CustomerOrder(id: "1001", name: "#1001", processedAt: Fixtures.date, totalPrice: Fixtures.usd("20.00"),
                                  lineItems: [.init(title: "Shirt", quantity: 1)])
        env.account = Self.account(orders: { [order] })
        let store = env.store(Self.loggedIn())

        await store.send(.account(.open)) {
            $0.screens = [.collections, .account]
            $0.account.isLoadingOrders = true
        }
        await store.receive(.account(.ordersResponse(.success([order])))) {
            $0.account.isLoadingOrders = false
            $0.account.orders = [order]
        }
        await store.finish()
    }

    /// Opens the account screen of a customer without orders, as far as the orders' answer.
    private func openWithoutOrders(_ store: TestStore<AppState, AppAction>) async {
        await store.send(.account(.open)) {
            $0.screens = [.collections, .account]
            $0.account.isLoadingOrders = true
        }
        await store.receive(.account(.ordersResponse(.success([])))) {
            $0.account.isLoadingOrders = false
            $0.account.orders = []
        }
    }

    /// The account screen shows the customer as the shop has them now (a name changed since the
    /// login), read after the orders; only the logged-in customer's answer replaces the login's copy.
    func testTheAccountScreenShowsTheCustomerAsTheShopHasThemNow() async {
        var env = TestEnvironment()
        var renamed = Self.customer
        renamed.firstName = "Augusta Ada"
        renamed.defaultAddress = MailingAddress(address1: "12 St James's Square", city: "London", countryCode: "GB", postalCode: "SW1Y 4JH")
        var account = Self.account()
        account.customer = { [renamed] in renamed }
        env.account = account
        let store = env.store(Self.loggedIn())

        await openWithoutOrders(store)
        await store.receive(.account(.detailsResponse(.success(renamed)))) {
            $0.account.details = renamed
        }
        await store.finish()

        var other = Customer(id: "gid://shopify/Customer/8", email: "eve@example.com")
        other.firstName = "Eve"
        await store.send(.account(.detailsResponse(.success(other))))
        await store.send(.account(.logOutTapped))
        await store.receive(.account(.logoutResponse(.success(true)))) {
            $0.account.status = .loggedOut
            $0.account.orders = nil
            $0.account.details = nil
        }
        await store.skipReceivedActionsWhenEffectsEnd()
    }

    /// A login the shop refuses when the details are read ends the session, as the orders' does.
    func testDetailsRefusedForTheLoginEndTheSession() async {
        var env = TestEnvironment()
        var account = Self.account()
        account.customer = { throw LoginRequired(reason: "the token was revoked") }
        env.account = account
        let store = env.store(Self.loggedIn())
        await openWithoutOrders(store)
        await store.receive(where: { if case .account(.detailsResponse(.failure)) = $0 { return true }; return false }) {
            $0.account.status = .sessionEnded(reason: "the token was revoked")
            $0.account.orders = nil
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertEqual(store.state.errorMessage?.hasPrefix("Your session has ended (the token was revoked)."), true)
    }

    /// The app started with `account`, once everything the start asked has answered.
    static func started(with account: AccountClient) async -> TestStore<AppState, AppAction> {
        var env = TestEnvironment()
        env.storefront.onCollections = { _ in .empty }
        env.account = account
        let store = env.store()
        await store.send(.appStarted) {
            $0.setLoading([.collections, .cartRestore])
            $0.account.isAvailable = true
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        return store
    }

    /// A saved login the account server no longer knows (it restarted, or revoked the tokens) ends
    /// at the start: the top bar does not name a customer the server would refuse.
    func testARestoredSessionTheServerRefusesEndsAtTheStart() async {
        let forgotten = Recorder<Bool>()
        var account = Self.account(session: Self.session, forgetSession: { forgotten.record(true) })
        account.customer = { throw LoginRequired(reason: "the server does not know this login") }
        let store = await Self.started(with: account)
        XCTAssertEqual(store.state.account.status, .sessionEnded(reason: "the server does not know this login"))
        XCTAssertNil(store.state.account.session)
        XCTAssertEqual(store.state.errorMessage?.hasPrefix("Your session has ended (the server does not know this login)."), true)
        XCTAssertEqual(forgotten.values, [true])
        await store.finish()
    }

    /// Out of reach, the account server cannot say: the saved login stands, and its details are
    /// the login's copy.
    func testARestoredSessionStandsWhileTheServerIsOutOfReach() async {
        var account = Self.account(session: Self.session)
        account.customer = { throw StorefrontError.transport("connection refused") }
        let store = await Self.started(with: account)
        XCTAssertEqual(store.state.account.status, .loggedIn(Self.session))
        XCTAssertNil(store.state.account.details)
        XCTAssertFalse(store.state.account.isConfirming)
        await store.finish()
    }

    /// Confirmed, the shop's own copy of the customer replaces the login's.
    func testARestoredSessionIsConfirmedWithTheShopsCopy() async {
        var renamed = Self.customer
        renamed.lastName = "King"
        var account = Self.account(session: Self.session)
        account.customer = { [renamed] in renamed }
        let store = await Self.started(with: account)
        XCTAssertEqual(store.state.account.status, .loggedIn(Self.session))
        XCTAssertEqual(store.state.account.details, renamed)
        XCTAssertFalse(store.state.account.isConfirming)
        await store.finish()
    }

    func testLoggedOutTheAccountScreenAsksNothing() async {
        var env = TestEnvironment()
        env.account = Self.account()
        var state = AppState()
        state.account = AccountState(status: .loggedOut, isAvailable: true)
        let store = env.store(state)
        await store.send(.account(.open)) { $0.screens = [.collections, .account] }
        await store.finish()
    }
}
