import XCTest
import AppCore
import AppCoreTesting
import CheckoutSheet

@MainActor
final class NavigationTests: XCTestCase {
    func testScreensPushPopAndNeverRepeat() async {
        let env = TestEnvironment()
        let store = env.store()
        await store.send(.navigation(.back))
        await store.send(.navigation(.openSearch)) { $0.screens = [.collections, .search] }
        await store.send(.navigation(.openCart)) { $0.screens = [.collections, .search, .cart] }
        // Search again goes back to it instead of stacking another.
        await store.send(.navigation(.openSearch)) { $0.screens = [.collections, .search] }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.finish()
    }

    func testOneProductPageAtATime() async {
        let env = TestEnvironment()
        let a = Fixtures.shirt(handle: "a"), b = Fixtures.shirt(handle: "b")
        let store = env.store(AppState(screens: [.collections, .productDetail(handle: "a"), .search],
                                       productDetail: ProductDetailState(product: a),
                                       search: SearchState(query: "b", results: PagedList(items: [b]), resultsQuery: "b")))
        await store.send(.search(.openSelected))
        await store.receive(.search(.delegate(.openProduct(b)))) {
            $0.screens = [.collections, .search, .productDetail(handle: "b")]
            $0.productDetail = ProductDetailState(product: b)
        }
        await store.send(.navigation(.back)) {
            $0.screens = [.collections, .search]
            $0.productDetail = nil
        }
        await store.finish()
    }

    /// An error belongs to the screen it was shown on: a product opened from search, the orders
    /// opened with `o`, leave it behind as a key's move does, and it does not come back.
    func testTheErrorBarStaysWithItsScreen() async {
        let env = TestEnvironment()
        let b = Fixtures.shirt(handle: "b")
        let store = env.store(AppState(screens: [.collections, .search],
                                       search: SearchState(query: "b", results: PagedList(items: [b]), resultsQuery: "b"),
                                       errorMessage: "Could not reach the storefront: offline"))
        await store.send(.search(.openSelected))
        await store.receive(.search(.delegate(.openProduct(b)))) {
            $0.screens = [.collections, .search, .productDetail(handle: "b")]
            $0.productDetail = ProductDetailState(product: b)
            $0.errorMessage = nil
        }
        await store.send(.errorBar(.show("Only 2 in stock."))) { $0.errorMessage = "Only 2 in stock." }
        await store.send(.orders(.open)) {
            $0.screens.append(.orders(OrdersState()))
            $0.errorMessage = nil
        }
        await store.send(.navigation(.back)) { $0.screens.removeLast() }
        await store.send(.errorBar(.show("Only 2 in stock."))) { $0.errorMessage = "Only 2 in stock." }
        // Changing the quantity on the same page is not a move: the error stays.
        await store.send(.productDetail(.incrementQuantity)) { $0.productDetail?.quantity = 2 }
        await store.finish()
    }

    func testHelpClosesBeforeTheScreen() async {
        let env = TestEnvironment()
        let store = env.store(AppState(screens: [.collections, .search]))
        await store.send(.navigation(.toggleHelp)) { $0.isHelpVisible = true }
        await store.send(.navigation(.back)) { $0.isHelpVisible = false }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.send(.navigation(.quit)) { $0.shouldQuit = true }
        await store.finish()
    }

    func testLeavingTheCartStopsEditing() async {
        let env = TestEnvironment()
        let cart = Fixtures.shirtCart()
        let store = env.store(AppState(screens: [.collections, .cart],
                                       cart: CartState(cart: cart, confirmedCart: cart, pendingRemoveLineId: "line-1", editing: .note)))
        await store.send(.navigation(.back)) {
            $0.screens = [.collections]
            $0.cart.pendingRemoveLineId = nil
            $0.cart.editing = nil
        }
        await store.finish()
    }
}

@MainActor
final class EventLogTests: XCTestCase {
    func entries(_ count: Int) -> [EventLogEntry] {
        (1...count).map { EventLogEntry(id: $0, time: Fixtures.date, name: "pixel") }
    }

    func testTogglingScrollingAndClearing() async {
        let env = TestEnvironment()
        let store = env.store(AppState(eventLog: EventLogState(entries: entries(3), nextEntryId: 4)))
        await store.send(.eventLog(.toggle)) { $0.eventLog.isVisible = true }
        await store.send(.eventLog(.scroll(by: 5))) { $0.eventLog.scrollOffset = 2 }
        await store.send(.eventLog(.scroll(by: -1))) { $0.eventLog.scrollOffset = 1 }
        await store.send(.eventLog(.clear)) {
            $0.eventLog.entries = []
            $0.eventLog.scrollOffset = 0
        }
        await store.send(.eventLog(.toggle)) { $0.eventLog.isVisible = false }
        await store.finish()
    }

    /// Scrolled up, new entries wait below ("↓ N newer") and the rows in view stay; scrolled back
    /// to the bottom, the log follows new entries again.
    func testScrolledUpTheLogHoldsItsPlaceAndFollowsAgainAtTheBottom() async {
        let env = TestEnvironment()
        let store = env.store(AppState(checkout: CheckoutState(isPresented: true, page: .loading),
                                       eventLog: EventLogState(entries: entries(3), isVisible: true, nextEntryId: 4)))
        await store.send(.eventLog(.scroll(by: 1))) { $0.eventLog.scrollOffset = 1 }
        let pixel = PixelEvent(kind: .standard, name: "page_viewed")
        await store.send(.checkout(.sheetUpdate(.event(.pixel(pixel)), at: Fixtures.date))) {
            $0.eventLog.entries.append(EventLogEntry(id: 4, time: Fixtures.date, name: "pixel",
                                                     fields: [.init("event", "page_viewed"), .init("type", "standard")]))
            $0.eventLog.nextEntryId = 5
            $0.eventLog.scrollOffset = 2
        }
        await store.send(.eventLog(.scroll(by: -5))) { $0.eventLog.scrollOffset = 0 }
        await store.send(.checkout(.sheetUpdate(.event(.pixel(pixel)), at: Fixtures.date))) {
            $0.eventLog.entries.append(EventLogEntry(id: 5, time: Fixtures.date, name: "pixel",
                                                     fields: [.init("event", "page_viewed"), .init("type", "standard")]))
            $0.eventLog.nextEntryId = 6
        }
        await store.finish()
    }

    func testTheLogKeepsTheNewestEntries() async {
        let env = TestEnvironment()
        let full = EventLogState(entries: entries(EventLogState.capacity), nextEntryId: EventLogState.capacity + 1)
        let store = env.store(AppState(checkout: CheckoutState(isPresented: true, page: .loading), eventLog: full))
        await store.send(.checkout(.sheetUpdate(.event(.recoveryStarted), at: Fixtures.date))) {
            $0.eventLog.entries.removeFirst()
            $0.eventLog.entries.append(EventLogEntry(id: EventLogState.capacity + 1, time: Fixtures.date, name: "recovery"))
            $0.eventLog.nextEntryId = EventLogState.capacity + 2
            $0.checkout.notice = "Reloaded after an error: your details are kept."
        }
        XCTAssertEqual(store.state.eventLog.entries.count, EventLogState.capacity)
        await store.finish()
    }
}
