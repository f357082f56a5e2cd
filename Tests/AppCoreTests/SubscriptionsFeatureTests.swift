import XCTest
import AppCore
import AppCoreTesting
import Storefront

/// The subscriptions feature on its own: its state, its actions and its reducer, with the one
/// dependency it has (the account client), and no app around it. What it tells the app goes out
/// as a delegate action.
@MainActor
final class SubscriptionsFeatureTests: XCTestCase {
    func store(_ shop: SubscriptionsTests.Shop, signedIn: Bool = true) -> TestStore<SubscriptionsState, SubscriptionsAction> {
        let reducer = SubscriptionsReducer(account: shop.client, isSignedIn: signedIn)
        return TestStore(initialState: SubscriptionsState()) { state, action in reducer.reduce(into: &state, action: action) }
    }

    func testCancelAfterAYesIsProvedByTheListReadAgain() async {
        let espresso = SubscriptionsTests.espresso
        let shop = SubscriptionsTests.Shop([espresso])
        let store = store(shop)
        await store.send(.open) { $0.isLoading = true }
        await store.receive(.subscriptionsResponse(.success([espresso]))) {
            $0.isLoading = false
            $0.subscriptions = [espresso]
        }
        await store.send(.requestCancel) { $0.confirmingCancel = espresso.id }
        await store.send(.confirmCancel) {
            $0.confirmingCancel = nil
            $0.isLoading = true
            $0.pending = .init(request: .cancel, subscription: espresso)
        }
        var cancelled = espresso
        cancelled.status = .cancelled
        cancelled.nextDelivery = nil
        // Accepted: the list is read again at once (loading throughout), the cancel waiting for its proof.
        await store.receive(.changeResponse(.success(nil)))
        await store.receive(.subscriptionsResponse(.success([cancelled]))) {
            $0.isLoading = false
            $0.subscriptions = [cancelled]
            $0.pending = nil
            $0.notice = "Cancelled House Espresso Blend — 250 g / Whole bean."
        }
        await store.finish()
        XCTAssertEqual(shop.requests.values, [.cancel])
    }

    func testARefusalGoesToTheAppAsADelegateAndTheListIsReadAgain() async {
        let espresso = SubscriptionsTests.espresso
        let shop = SubscriptionsTests.Shop([espresso])
        shop.refusal.withLock { $0 = SubscriptionRequestRefused(code: "INVALID", message: "not now") }
        let store = store(shop)
        await store.send(.open) { $0.isLoading = true }
        await store.receive(.subscriptionsResponse(.success([espresso]))) {
            $0.isLoading = false
            $0.subscriptions = [espresso]
        }
        await store.send(.skipNext) {
            $0.isLoading = true
            $0.pending = .init(request: .skip, subscription: espresso)
        }
        await store.receive(.changeResponse(.success(SubscriptionRequestRefused(code: "INVALID", message: "not now")))) {
            $0.pending = nil
            $0.isLoading = true
        }
        await store.receive(.delegate(.failed(AppError(message:
            "The shop refused to skip the next delivery of House Espresso Blend — 250 g / Whole bean: not now. "
            + "Its next delivery is shown in the list; a later one cannot be skipped from here."))))
        await store.receive(.subscriptionsResponse(.success([espresso]))) { $0.isLoading = false }
        await store.finish()
        XCTAssertEqual(shop.requests.values, [.skip])
    }

    func testSignedOutItAsksNothing() async {
        let shop = SubscriptionsTests.Shop([SubscriptionsTests.espresso])
        let store = store(shop, signedIn: false)
        await store.send(.open)
        await store.finish()
        XCTAssertEqual(shop.reads.values, [])
    }
}
