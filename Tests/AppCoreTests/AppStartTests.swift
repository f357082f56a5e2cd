import XCTest
import AppCore
import AppCoreTesting
import CheckoutSheet
import Storefront

@MainActor
final class AppStartTests: XCTestCase {
    func testStartLoadsCollectionsAndRestoresTheSavedCart() async {
        var env = TestEnvironment()
        let page = Fixtures.page([Fixtures.collection("summer", preview: [Fixtures.shirt(handle: "a")]),
                                  Fixtures.collection("winter")], hasNextPage: false)
        let requests = Recorder<PageArguments>()
        env.storefront.onCollections = { arguments in requests.record(arguments); return page }
        let cartGate = Gate<String, Cart?>()
        env.storefront.onCart = { id in try await cartGate.wait(for: id) }
        env.storedCartId = "cart-1"
        let store = env.store()

        await store.send(.appStarted) { $0.setLoading([.collections, .cartRestore]) }
        await store.receive(.collections(.pageResponse(after: nil, .success(page)))) {
            $0.setLoading([.cartRestore])
            $0.collections = PagedList(items: page.nodes, pageInfo: page.pageInfo)
        }
        await store.receive(.shopLoaded(nil, CheckoutConfiguration()))
        await store.receive(.markets(.localizationLoaded(nil)))
        cartGate.answer("cart-1", with: Fixtures.shirtCart())
        await store.receive(.cart(.restoreResponse(.success(Fixtures.shirtCart())))) {
            $0.setLoading([])
            $0.cart.cart = Fixtures.shirtCart()
            $0.cart.confirmedCart = Fixtures.shirtCart()
        }
        await store.finish()
        XCTAssertEqual(requests.values, [PageArguments(first: 10)])
        XCTAssertEqual(env.savedCartIds.values, [])
    }

    func testAnExpiredSavedCartIsForgotten() async {
        var env = TestEnvironment()
        let gate = Gate<Int, Page<Collection>>()
        env.storefront.onCollections = { _ in try await gate.wait(for: 0) }
        env.storefront.onCart = { _ in nil }
        env.storedCartId = "gone"
        let store = env.store()

        await store.send(.appStarted) { $0.setLoading([.collections, .cartRestore]) }
        await store.receive(.cart(.restoreResponse(.success(nil)))) { $0.setLoading([.collections]) }
        gate.answer(0, with: .empty)
        await store.receive(.collections(.pageResponse(after: nil, .success(.empty)))) {
            $0.setLoading([])
            $0.collections.pageInfo = .empty
        }
        await store.receive(.shopLoaded(nil, CheckoutConfiguration()))
        await store.receive(.markets(.localizationLoaded(nil)))
        await store.finish()
        XCTAssertEqual(env.savedCartIds.values, [nil])
    }

    /// The storefront set a corrupt carts.json aside: the shopper is told once, by name.
    func testAStateFileSetAsideIsToldOnceAtStart() async {
        var env = TestEnvironment()
        let gate = Gate<Int, Page<Collection>>()
        env.storefront.onCollections = { _ in try await gate.wait(for: 0) }
        env.startupNotices = ["/state/carts.json is not valid JSON; moved aside to carts.json.corrupt-20261124T0100 and started empty"]
        let store = env.store()
        await store.send(.appStarted) {
            $0.setLoading([.collections, .cartRestore])
            $0.errorMessage = "/state/carts.json is not valid JSON; moved aside to carts.json.corrupt-20261124T0100 and started empty"
        }
        await store.receive(.cart(.restoreResponse(.success(nil)))) { $0.setLoading([.collections]) }
        gate.answer(0, with: .empty)
        await store.receive(.collections(.pageResponse(after: nil, .success(.empty)))) {
            $0.setLoading([])
            $0.collections.pageInfo = .empty
        }
        await store.receive(.shopLoaded(nil, CheckoutConfiguration()))
        await store.receive(.markets(.localizationLoaded(nil)))
        // Moving on to another screen takes it down; it does not come back.
        await store.send(.navigation(.openCart)) {
            $0.screens = [.collections, .cart]
            $0.errorMessage = nil
        }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.finish()
    }

    func testStartWithoutSavedCartAndAFailingCatalogShowsTheError() async {
        var env = TestEnvironment()
        let gate = Gate<Int, Page<Collection>>()
        env.storefront.onCollections = { _ in try await gate.wait(for: 0) }
        let store = env.store()

        await store.send(.appStarted) { $0.setLoading([.collections, .cartRestore]) }
        await store.receive(.cart(.restoreResponse(.success(nil)))) { $0.setLoading([.collections]) }
        gate.answer(0, with: .failure(StorefrontError.transport("offline")))
        await store.receive(.collections(.pageResponse(after: nil, .failure(AppError(message: "Could not reach the storefront: offline"))))) {
            $0.setLoading([])
        }
        await store.receive(.collections(.delegate(.failed(AppError(message: "Could not reach the storefront: offline"))))) { $0.errorMessage = "Could not reach the storefront: offline" }
        await store.receive(.shopLoaded(nil, CheckoutConfiguration()))
        await store.receive(.markets(.localizationLoaded(nil)))
        await store.send(.errorBar(.dismiss)) { $0.errorMessage = nil }
        await store.finish()
    }

    func testRestoreFailureIsShownAndLeavesNoCart() async {
        var env = TestEnvironment()
        let gate = Gate<Int, Page<Collection>>()
        env.storefront.onCollections = { _ in try await gate.wait(for: 0) }
        env.storefront.onCart = { _ in throw StorefrontError.http(status: 500, bodySnippet: "", retryAfter: nil) }
        env.storedCartId = "cart-1"
        let store = env.store()

        await store.send(.appStarted) { $0.setLoading([.collections, .cartRestore]) }
        await store.receive(.cart(.restoreResponse(.failure(AppError(message: "The storefront had a problem on its side (HTTP 500); try again shortly."))))) {
            $0.setLoading([.collections])
            $0.cart.restoreFailed = true
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: "Could not restore your cart: The storefront had a problem on its side (HTTP 500); try again shortly."))))) { $0.errorMessage = "Could not restore your cart: The storefront had a problem on its side (HTTP 500); try again shortly." }
        gate.answer(0, with: .empty)
        await store.receive(.collections(.pageResponse(after: nil, .success(.empty)))) {
            $0.setLoading([])
            $0.collections.pageInfo = .empty
        }
        await store.receive(.shopLoaded(nil, CheckoutConfiguration()))
        await store.receive(.markets(.localizationLoaded(nil)))
        await store.finish()
        XCTAssertEqual(env.savedCartIds.values, [])
    }

    /// Over a Storefront API the client may answer from the cache when the network fails: the
    /// state says offline (for the header) until an answer comes from the network again.
    func testTheConnectionFollowsTheClientsNews() async {
        var env = TestEnvironment()
        let gate = Gate<Int, Page<Collection>>()
        env.storefront.onCollections = { _ in try await gate.wait(for: 0) }
        let (events, client) = AsyncStream.makeStream(of: ConnectionEvent.self)
        env.connectionEvents = events
        let store = env.store()

        await store.send(.appStarted) { $0.setLoading([.collections, .cartRestore]) }
        await store.receive(.cart(.restoreResponse(.success(nil)))) { $0.setLoading([.collections]) }
        client.yield(.servedFromCache(dataAge: 720, reason: "the connection was refused"))
        await store.receive(.connection(.servedFromCache(dataAge: 720, reason: "the connection was refused"))) {
            $0.connection = .offline(dataAge: 720, reason: "the connection was refused")
        }
        client.yield(.answered)
        await store.receive(.connection(.answered)) { $0.connection = .online }
        client.yield(.servedFromCache(dataAge: 60, reason: "the request timed out"))
        await store.receive(.connection(.servedFromCache(dataAge: 60, reason: "the request timed out"))) {
            $0.connection = .offline(dataAge: 60, reason: "the request timed out")
        }
        client.finish()
        gate.answer(0, with: .empty)
        await store.receive(.collections(.pageResponse(after: nil, .success(.empty)))) {
            $0.setLoading([])
            $0.collections.pageInfo = .empty
        }
        await store.receive(.shopLoaded(nil, CheckoutConfiguration()))
        await store.receive(.markets(.localizationLoaded(nil)))
        await store.finish()
    }

    /// Offline at start, the cart as last seen is shown, marked as not confirmed (checkout waits
    /// for it); when the storefront answers, the real cart replaces it.
    func testOfflineTheCartAsLastSeenIsShownUntilConfirmed() async {
        var env = TestEnvironment()
        // The collections answer last, so the cart's actions come in a known order.
        let collections = Gate<Int, Page<Collection>>()
        env.storefront.onCollections = { _ in try await collections.wait(for: 0) }
        let attempts = Recorder<String>()
        var current = Fixtures.shirtCart()
        current.note = "confirmed"
        env.storefront.onCart = { [current] id in
            attempts.record(id)
            if attempts.values.count == 1 { throw StorefrontError.transport("the connection was refused") }
            return current
        }
        let seen = Fixtures.shirtCart()
        env.storedCartId = seen.id
        env.seenCart = seen
        let (events, client) = AsyncStream.makeStream(of: ConnectionEvent.self)
        env.connectionEvents = events
        let store = env.store()

        await store.send(.appStarted) { $0.setLoading([.collections, .cartRestore]) }
        let failure = AppError(message: "Could not reach the storefront: the connection was refused")
        await store.receive(.cart(.restoredAsLastSeen(seen, error: failure))) {
            $0.setLoading([.collections])
            $0.cart.restoreFailed = true
            $0.cart.cart = seen
            $0.cart.confirmedCart = seen
            $0.cart.isUnconfirmed = true
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: "Your cart as last seen, not confirmed yet: Could not reach the storefront: the connection was refused"))))) { $0.errorMessage = "Your cart as last seen, not confirmed yet: Could not reach the storefront: the connection was refused" }
        await store.send(.checkout(.start))
        await store.receive(.checkout(.delegate(.failed(AppError(message: "Your cart is shown as last seen: checkout opens once the storefront confirms it."))))) { $0.errorMessage = "Your cart is shown as last seen: checkout opens once the storefront confirms it." }
        client.yield(.answered)
        await store.receive(.connection(.answered)) { $0.setLoading([.collections, .cartRestore]) }
        await store.receive(.cart(.restoreResponse(.success(current)))) {
            $0.setLoading([.collections])
            $0.cart.restoreFailed = false
            $0.cart.cart = current
            $0.cart.confirmedCart = current
            $0.cart.isUnconfirmed = false
        }
        // The bar shows the checkout's refusal, not the cart's notice: it stays.
        await store.receive(.cart(.delegate(.withdrawError(["Could not restore your cart: ", "Your cart as last seen, not confirmed yet: "]))))
        client.finish()
        collections.answer(0, with: .empty)
        await store.receive(.collections(.pageResponse(after: nil, .success(.empty)))) {
            $0.setLoading([])
            $0.collections.pageInfo = .empty
        }
        await store.receive(.shopLoaded(nil, CheckoutConfiguration()))
        await store.receive(.markets(.localizationLoaded(nil)))
        await store.finish()
        XCTAssertEqual(env.seenCarts.values, [current])
    }

    /// Offline at start, the saved cart cannot be looked up; it is not forgotten, and when the
    /// storefront answers again it is looked up once more and the error goes away.
    func testASavedCartIsLookedUpAgainWhenTheStorefrontAnswers() async {
        var env = TestEnvironment()
        let collections = Gate<Int, Page<Collection>>()
        env.storefront.onCollections = { _ in try await collections.wait(for: 0) }
        let attempts = Recorder<String>()
        env.storefront.onCart = { id in
            attempts.record(id)
            if attempts.values.count == 1 { throw StorefrontError.transport("the connection was refused") }
            return Fixtures.shirtCart()
        }
        env.storedCartId = "cart-1"
        let (events, client) = AsyncStream.makeStream(of: ConnectionEvent.self)
        env.connectionEvents = events
        let store = env.store()

        await store.send(.appStarted) { $0.setLoading([.collections, .cartRestore]) }
        let failure = AppError(message: "Could not reach the storefront: the connection was refused")
        await store.receive(.cart(.restoreResponse(.failure(failure)))) {
            $0.setLoading([.collections])
            $0.cart.restoreFailed = true
        }
        await store.receive(.cart(.delegate(.failed(AppError(message: "Could not restore your cart: Could not reach the storefront: the connection was refused"))))) { $0.errorMessage = "Could not restore your cart: Could not reach the storefront: the connection was refused" }
        client.yield(.answered)
        await store.receive(.connection(.answered)) { $0.setLoading([.collections, .cartRestore]) }
        await store.receive(.cart(.restoreResponse(.success(Fixtures.shirtCart())))) {
            $0.setLoading([.collections])
            $0.cart.restoreFailed = false
            $0.cart.cart = Fixtures.shirtCart()
            $0.cart.confirmedCart = Fixtures.shirtCart()
        }
        await store.receive(.cart(.delegate(.withdrawError(["Could not restore your cart: ", "Your cart as last seen, not confirmed yet: "])))) {
            $0.errorMessage = nil
        }
        // Answers while the cart is there change nothing.
        client.yield(.answered)
        await store.receive(.connection(.answered))
        client.finish()
        collections.answer(0, with: .empty)
        await store.receive(.collections(.pageResponse(after: nil, .success(.empty)))) {
            $0.setLoading([])
            $0.collections.pageInfo = .empty
        }
        await store.receive(.shopLoaded(nil, CheckoutConfiguration()))
        await store.receive(.markets(.localizationLoaded(nil)))
        await store.finish()
        XCTAssertEqual(attempts.values, ["cart-1", "cart-1"])
        XCTAssertEqual(env.savedCartIds.values, [])
    }

    /// The shop's name and country and the sheet's look come through the store at start, after the
    /// first page of collections; a shop that cannot be read keeps the name the app started with.
    func testTheShopAndTheSheetConfigurationArriveAfterTheFirstPage() async {
        var env = TestEnvironment()
        let shop = Shop(name: "Kestrel & Co.", description: "Coffee and the things that make it.", domain: "kestrel.example",
                        currencyCode: "EUR", countryCode: "NL")
        env.storefront.onShop = { shop }
        let gate = Gate<Int, Page<Collection>>()
        env.storefront.onCollections = { _ in try await gate.wait(for: 0) }
        var configuration = CheckoutConfiguration()
        configuration.title = "Kassa"
        await env.sheet.configure(configuration)
        let store = env.store()

        await store.send(.appStarted) { $0.setLoading([.collections, .cartRestore]) }
        await store.receive(.cart(.restoreResponse(.success(nil)))) { $0.setLoading([.collections]) }
        XCTAssertNil(store.state.shop, "the shop is read after the first page")
        gate.answer(0, with: .empty)
        await store.receive(.collections(.pageResponse(after: nil, .success(.empty)))) {
            $0.setLoading([])
            $0.collections.pageInfo = .empty
        }
        await store.receive(.shopLoaded(shop, configuration)) {
            $0.shop = shop
            $0.checkoutConfiguration = configuration
        }
        // A storefront without markets sells in its own country only.
        let home = Localization.Country(isoCode: shop.countryCode, name: shop.countryCode, currencyCode: shop.currencyCode,
                                        currencySymbol: Money.symbol(of: shop.currencyCode))
        let localization = Localization(availableCountries: [home], country: home, language: "EN")
        await store.receive(.markets(.localizationLoaded(localization))) { $0.localization = localization }
        await store.finish()
    }
}
