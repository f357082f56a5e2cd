import XCTest
import AppCore
import AppCoreTesting
import Storefront
import Synchronization

/// "Your subscriptions": the signed-in customer's contracts read from the account client, and a
/// change counted as made only once the list read again shows it.
private let subscriberSession = AccountSession(
    customer: Customer(id: "gid://shopify/Customer/7", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace"),
    expiresAt: Fixtures.date.addingTimeInterval(3600))

@MainActor
final class SubscriptionsTests: XCTestCase {
    static let espresso = CustomerSubscription(
        id: "gid://shopify/SubscriptionContract/1", title: "House Espresso Blend", variantTitle: "250 g / Whole bean", quantity: 1,
        interval: .week, intervalCount: 2, pricePerDelivery: Fixtures.usd("11.25"), status: .active,
        nextDelivery: Fixtures.date.addingTimeInterval(14 * 86_400), nextCycle: 2)

    /// The shop's side: contracts that change as asked, or the refusal and answers a test sets.
    final class Shop: Sendable {
        let contracts: Mutex<[CustomerSubscription]>
        let refusal = Mutex<SubscriptionRequestRefused?>(nil)
        /// The shop says yes but changes nothing.
        let ignores = Mutex(false)
        let requests = Recorder<SubscriptionRequest>()
        let reads = Recorder<Int>()

        init(_ contracts: [CustomerSubscription]) { self.contracts = Mutex(contracts) }

        var client: AccountClient {
            AccountClient(currentSession: { subscriberSession }, accessToken: { .token("tok-1") },
                          logIn: { _ in subscriberSession }, logOut: {}, orders: { [] }, forgetSession: {},
                          subscriptions: { self.reads.record(1); return self.contracts.withLock { $0 } },
                          changeSubscription: { subscription, request in
                              self.requests.record(request)
                              if let refusal = self.refusal.withLock({ $0 }) { return refusal }
                              if self.ignores.withLock({ $0 }) { return nil }
                              self.contracts.withLock { contracts in
                                  guard let index = contracts.firstIndex(where: { $0.id == subscription.id }) else { return }
                                  switch request {
                                  case .pause: contracts[index].status = .paused
                                  case .resume: contracts[index].status = .active
                                  case .cancel: contracts[index].status = .cancelled; contracts[index].nextDelivery = nil
                                  case .skip: contracts[index].nextDelivery = contracts[index].nextDelivery?.addingTimeInterval(14 * 86_400)
                                  }
                              }
                              return nil
                          })
        }
    }

    func store(_ shop: Shop) -> TestStore<AppState, AppAction> {
        var env = TestEnvironment()
        env.account = shop.client
        return env.store(AccountTests.loggedIn(AppState(screens: [.collections, .account])))
    }

    func loaded(_ store: TestStore<AppState, AppAction>, _ list: [CustomerSubscription]) async {
        await store.send(.subscriptions(.open)) { $0.screens.append(.subscriptions(SubscriptionsState(isLoading: true))) }
        await store.receive(.subscriptions(.subscriptionsResponse(.success(list)))) {
            $0.screens[2] = .subscriptions(SubscriptionsState(subscriptions: list))
        }
    }

    /// Pause, then resume with the same key: each request goes to the account client, and "Paused …"
    /// shows only once the list read again says paused.
    func testPauseAndResumeAreShownOnceTheListProvesThem() async {
        let shop = Shop([Self.espresso])
        let store = store(shop)
        await loaded(store, [Self.espresso])
        var paused = Self.espresso
        paused.status = .paused
        await store.send(.subscriptions(.togglePause)) {
            var screen = SubscriptionsState(subscriptions: [Self.espresso], isLoading: true)
            screen.pending = .init(request: .pause, subscription: Self.espresso)
            $0.screens[2] = .subscriptions(screen)
        }
        // Accepted: the list is read again, the change still waiting for its proof.
        await store.receive(.subscriptions(.changeResponse(.success(nil))))
        await store.receive(.subscriptions(.subscriptionsResponse(.success([paused])))) {
            $0.screens[2] = .subscriptions(SubscriptionsState(subscriptions: [paused],
                                                              notice: "Paused House Espresso Blend — 250 g / Whole bean."))
        }
        await store.send(.subscriptions(.togglePause)) {
            var screen = SubscriptionsState(subscriptions: [paused], isLoading: true)
            screen.pending = .init(request: .resume, subscription: paused)
            $0.screens[2] = .subscriptions(screen)
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        await store.finish()
        XCTAssertEqual(shop.requests.values, [.pause, .resume])
        guard case .subscriptions(let screen) = store.state.screens.last else { return XCTFail("the screen closed") }
        XCTAssertEqual(screen.subscriptions?.first?.status, .active)
        XCTAssertEqual(screen.notice, "Resumed House Espresso Blend — 250 g / Whole bean.")
    }

    /// Skipping moves the next delivery on; the notice follows the list.
    func testSkipMovesTheNextDelivery() async {
        let shop = Shop([Self.espresso])
        let store = store(shop)
        await loaded(store, [Self.espresso])
        await store.send(.subscriptions(.skipNext)) {
            var screen = SubscriptionsState(subscriptions: [Self.espresso], isLoading: true)
            screen.pending = .init(request: .skip, subscription: Self.espresso)
            $0.screens[2] = .subscriptions(screen)
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        await store.finish()
        guard case .subscriptions(let screen) = store.state.screens.last else { return XCTFail("the screen closed") }
        XCTAssertEqual(screen.subscriptions?.first?.nextDelivery, Fixtures.date.addingTimeInterval(28 * 86_400))
        XCTAssertEqual(screen.notice, "Skipped the next delivery of House Espresso Blend — 250 g / Whole bean.")
        XCTAssertNil(store.state.errorMessage)
    }

    /// Cancelling asks first: n keeps it (nothing is sent), y sends the cancellation.
    func testCancelAsksFirst() async {
        let shop = Shop([Self.espresso])
        let store = store(shop)
        await loaded(store, [Self.espresso])
        await store.send(.subscriptions(.requestCancel)) {
            $0.screens[2] = .subscriptions(SubscriptionsState(subscriptions: [Self.espresso], confirmingCancel: Self.espresso.id))
        }
        await store.send(.subscriptions(.dismissCancel)) { $0.screens[2] = .subscriptions(SubscriptionsState(subscriptions: [Self.espresso])) }
        XCTAssertEqual(shop.requests.values, [])
        await store.send(.subscriptions(.requestCancel)) {
            $0.screens[2] = .subscriptions(SubscriptionsState(subscriptions: [Self.espresso], confirmingCancel: Self.espresso.id))
        }
        await store.send(.subscriptions(.confirmCancel)) {
            var screen = SubscriptionsState(subscriptions: [Self.espresso], isLoading: true)
            screen.pending = .init(request: .cancel, subscription: Self.espresso)
            $0.screens[2] = .subscriptions(screen)
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        await store.finish()
        XCTAssertEqual(shop.requests.values, [.cancel])
        guard case .subscriptions(let screen) = store.state.screens.last else { return XCTFail("the screen closed") }
        XCTAssertEqual(screen.subscriptions?.first?.status, .cancelled)
        XCTAssertEqual(screen.notice, "Cancelled House Espresso Blend — 250 g / Whole bean.")
    }

    /// The question replaces the last change's line, which does not come back after an n.
    func testTheQuestionReplacesTheLastNotice() async {
        var env = TestEnvironment()
        env.account = Shop([Self.espresso]).client
        let asked = env.store(AccountTests.loggedIn(AppState(screens: [
            .collections, .account, .subscriptions(SubscriptionsState(subscriptions: [Self.espresso], notice: "Paused it.")),
        ])))
        await asked.send(.subscriptions(.requestCancel)) {
            $0.screens[2] = .subscriptions(SubscriptionsState(subscriptions: [Self.espresso], confirmingCancel: Self.espresso.id))
        }
        await asked.send(.subscriptions(.dismissCancel)) { $0.screens[2] = .subscriptions(SubscriptionsState(subscriptions: [Self.espresso])) }
        await asked.finish()
    }

    /// While a change waits for its answer, a reload (whose list could predate it) and another
    /// change are not sent.
    func testOneRequestAtATime() async {
        let shop = Shop([Self.espresso])
        let store = store(shop)
        await loaded(store, [Self.espresso])
        var screen = SubscriptionsState(subscriptions: [Self.espresso], isLoading: true)
        screen.pending = .init(request: .pause, subscription: Self.espresso)
        await store.send(.subscriptions(.togglePause)) { $0.screens[2] = .subscriptions(screen) }
        await store.send(.subscriptions(.reload))
        await store.send(.subscriptions(.skipNext))
        await store.skipReceivedActionsWhenEffectsEnd()
        XCTAssertEqual(shop.requests.values, [.pause])
        // The first read, and the one that proves the pause: none in between.
        XCTAssertEqual(shop.reads.values.count, 2)
    }

    /// A refused change (a userError) is an error saying what to do, and no success line shows.
    func testARefusedChangeSaysWhatToDo() async {
        var cancelled = Self.espresso
        cancelled.status = .cancelled
        cancelled.nextDelivery = nil
        let shop = Shop([cancelled])
        shop.refusal.withLock { $0 = SubscriptionRequestRefused(code: "INVALID", message: "The subscription is cancelled; it cannot be changed.") }
        let store = store(shop)
        await loaded(store, [cancelled])
        await store.send(.subscriptions(.togglePause)) {
            var screen = SubscriptionsState(subscriptions: [cancelled], isLoading: true)
            screen.pending = .init(request: .pause, subscription: cancelled)
            $0.screens[2] = .subscriptions(screen)
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        await store.finish()
        XCTAssertEqual(store.state.errorMessage, "The shop refused to pause House Espresso Blend — 250 g / Whole bean: The subscription "
                       + "is cancelled; it cannot be changed. A cancelled subscription stays cancelled: to receive it again, "
                       + "subscribe on its product page.")
        guard case .subscriptions(let screen) = store.state.screens.last else { return XCTFail("the screen closed") }
        XCTAssertNil(screen.notice)
        XCTAssertNil(screen.pending)
    }

    /// The shop says yes but the list read again does not show the change: no success line, an error.
    func testAnAcceptedChangeTheListDoesNotShowIsNotCalledDone() async {
        let shop = Shop([Self.espresso])
        shop.ignores.withLock { $0 = true }
        let store = store(shop)
        await loaded(store, [Self.espresso])
        await store.send(.subscriptions(.togglePause)) {
            var screen = SubscriptionsState(subscriptions: [Self.espresso], isLoading: true)
            screen.pending = .init(request: .pause, subscription: Self.espresso)
            $0.screens[2] = .subscriptions(screen)
        }
        await store.skipReceivedActionsWhenEffectsEnd()
        await store.finish()
        guard case .subscriptions(let screen) = store.state.screens.last else { return XCTFail("the screen closed") }
        XCTAssertNil(screen.notice)
        XCTAssertEqual(store.state.errorMessage, "The shop accepted the request to pause House Espresso Blend — 250 g / Whole bean, "
                       + "but the list read again still shows it active. Read your subscriptions again in a moment.")
    }

    /// Signed out, the screen asks for nothing; a refused login while reading ends the session.
    func testSignedOutAsksNothingAndARefusedLoginEndsTheSession() async {
        var env = TestEnvironment()
        let asked = Recorder<Int>()
        env.account = AccountClient(currentSession: { nil }, accessToken: { .unavailable(reason: "nobody") }, logIn: { _ in subscriberSession },
                                    logOut: {}, orders: { [] }, forgetSession: {},
                                    subscriptions: { asked.record(1); throw LoginRequired(reason: "the access token was refused") })
        let guest = env.store(AppState(screens: [.collections, .account]))
        await guest.send(.subscriptions(.open)) { $0.screens.append(.subscriptions(SubscriptionsState())) }
        await guest.finish()
        XCTAssertEqual(asked.values, [])

        let store = env.store(AccountTests.loggedIn(AppState(screens: [.collections, .account])))
        await store.send(.subscriptions(.open)) { $0.screens.append(.subscriptions(SubscriptionsState(isLoading: true))) }
        await store.skipReceivedActionsWhenEffectsEnd()
        await store.finish()
        XCTAssertEqual(asked.values, [1])
        XCTAssertEqual(store.state.account.status, .sessionEnded(reason: "the access token was refused"))
    }

    /// Logging out stops the subscriptions being read at once: a list that answers while the
    /// logout is on its way is not shown.
    func testLoggingOutStopsTheReadAtOnce() async {
        var env = TestEnvironment()
        let reads = Gate<String, [CustomerSubscription]>()
        let logouts = Gate<String, Bool>()
        env.account = AccountClient(currentSession: { subscriberSession }, accessToken: { .token("tok-1") },
                                    logIn: { _ in subscriberSession }, logOut: { _ = try await logouts.wait(for: "logout") },
                                    orders: { [] }, forgetSession: {},
                                    subscriptions: { try await reads.wait(for: "list") })
        let store = env.store(AccountTests.loggedIn(AppState(screens: [.collections, .account])))
        await store.send(.subscriptions(.open)) { $0.screens.append(.subscriptions(SubscriptionsState(isLoading: true))) }
        await store.send(.account(.logOutTapped))
        reads.answer("list", with: .success([Self.espresso]))
        logouts.answer("logout", with: .success(true))
        await store.receive(.account(.logoutResponse(.success(true)))) { $0.account.status = .loggedOut }
        await store.receive(.account(.delegate(.loggedOut))) { $0.screens[2] = .subscriptions(SubscriptionsState()) }
        await store.finish()
    }
}
