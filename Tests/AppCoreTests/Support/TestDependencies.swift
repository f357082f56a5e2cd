import Foundation
import AppCore
import AppCoreTesting
import CheckoutSheet
import Clocks
import Storefront

/// Dependencies for reducer tests: a fixed time, a test clock, a recorder for saved cart ids.
struct TestEnvironment {
    var storefront = FakeStorefront()
    let sheet = FakeCheckoutSheet()
    let clock = TestClock()
    let savedCartIds = Recorder<String?>()
    var storedCartId: String?
    var settings = AppSettings(pageSize: 10, productPreview: 3, prefetchDistance: 3)
    var account: AccountClient?
    /// What the storefront client says about the network; by default nothing (the stream ends).
    var connectionEvents: AsyncStream<ConnectionEvent>?
    /// Addresses a browser was asked to open; `browserOpens` says whether one could.
    let openedURLs = Recorder<String>()
    var browserOpens = false
    var startupNotices: [String] = []
    /// The cart as last seen, for a start without network; carts kept as seen are recorded.
    var seenCart: Cart?
    let seenCarts = Recorder<Cart>()
    /// The country to start in, and the countries saved as the shopper's choice.
    var country: String?
    let savedCountries = Recorder<String?>()
    /// The storefront read past the cache after an order; nil: `storefront`.
    var freshStorefront: FakeStorefront?
    /// Drops the saved answers after an order; nil: the storefront keeps none.
    var forgetSavedAnswers: (@Sendable () async -> Void)?
    /// The shop's ledger of this shopper's orders; nil: the shop keeps none.
    var ledgerOrders: (@Sendable () async throws -> [Order])?

    var dependencies: AppDependencies {
        let saved = savedCartIds
        let stored = storedCartId
        let events = connectionEvents
        let opened = openedURLs, opens = browserOpens
        let seen = seenCart, seenCarts = seenCarts
        let savedCountries = savedCountries
        return AppDependencies(
            storefront: storefront, checkout: sheet, clock: clock,
            now: { Fixtures.date },
            loadCartId: { stored },
            saveCartId: { saved.record($0) },
            loadSeenCart: { seen }, saveSeenCart: { seenCarts.record($0) },
            settings: settings, account: account,
            connectionEvents: { events ?? AsyncStream { $0.finish() } },
            openURL: { url in opened.record(url); return opens }, startupNotices: startupNotices,
            country: country, saveCountry: { savedCountries.record($0) }, freshStorefront: freshStorefront,
            forgetSavedAnswers: forgetSavedAnswers, ledgerOrders: ledgerOrders)
    }

    @MainActor
    func store(_ state: AppState = AppState(), fileID: StaticString = #fileID, filePath: StaticString = #filePath,
               line: UInt = #line, column: UInt = #column) -> TestStore<AppState, AppAction> {
        TestStore(initialState: state, dependencies: dependencies, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
