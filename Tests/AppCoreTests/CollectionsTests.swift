import XCTest
import AppCore
import AppCoreTesting
import Storefront

@MainActor
final class CollectionsTests: XCTestCase {
    let firstPage = Fixtures.page((0..<10).map { Fixtures.collection("c\($0)") }, hasNextPage: true)
    let secondPage = Fixtures.page((10..<14).map { Fixtures.collection("c\($0)") }, start: 10, hasNextPage: false)

    func loadedState() -> AppState {
        AppState(collections: PagedList(items: firstPage.nodes, pageInfo: firstPage.pageInfo))
    }

    func testTheNextPageLoadsNearTheEndAndOnlyOnce() async {
        var env = TestEnvironment()
        let gate = Gate<String?, Page<Collection>>()
        let requests = Recorder<PageArguments>()
        env.storefront.onCollections = { arguments in
            requests.record(arguments)
            return try await gate.wait(for: arguments.after)
        }
        let store = env.store(loadedState())

        // Rows 0...9 loaded, prefetch distance 3: row 6 is still far from the end.
        await store.send(.collections(.moveSelection(by: 6, rows: 10))) { $0.collections.selectedIndex = 6 }
        await store.send(.collections(.moveSelection(by: 1, rows: 10))) {
            $0.collections.selectedIndex = 7
            $0.setLoading([.collections])
        }
        // Still in flight: moving further asks for nothing more.
        await store.send(.collections(.moveSelection(by: 1, rows: 10))) { $0.collections.selectedIndex = 8 }
        await store.send(.collections(.loadNextPage))
        gate.answer("c9", with: secondPage)
        await store.receive(.collections(.pageResponse(after: "c9", .success(secondPage)))) {
            $0.setLoading([])
            $0.collections.items += self.secondPage.nodes
            $0.collections.pageInfo = self.secondPage.pageInfo
        }
        // The last page: moving to the end asks for nothing.
        await store.send(.collections(.moveSelection(by: 100, rows: 10))) {
            $0.collections.selectedIndex = 13
            $0.collections.firstVisibleIndex = 4
        }
        await store.send(.collections(.loadNextPage))
        await store.finish()
        XCTAssertEqual(requests.values, [PageArguments(first: 10, after: "c9")])
    }

    func testSelectionStaysWithinTheRows() async {
        let env = TestEnvironment()
        let store = env.store(loadedState())
        await store.send(.collections(.moveSelection(by: -3, rows: 10)))
        await store.send(.collections(.moveSelection(by: 2, rows: 10))) { $0.collections.selectedIndex = 2 }
        await store.finish()
    }

    /// Five rows on screen: the list scrolls a line at a time, only when the selection leaves the
    /// rows shown, and the end (G) fills every row instead of showing one row and blanks.
    func testTheListScrollsByLinesAndEndsFull() async {
        let env = TestEnvironment()
        let all = firstPage.nodes + secondPage.nodes
        let store = env.store(AppState(collections: PagedList(items: all, pageInfo: secondPage.pageInfo)))
        await store.send(.collections(.moveSelection(by: 4, rows: 5))) { $0.collections.selectedIndex = 4 }
        await store.send(.collections(.moveSelection(by: 1, rows: 5))) {
            $0.collections.selectedIndex = 5
            $0.collections.firstVisibleIndex = 1
        }
        await store.send(.collections(.moveSelection(by: -3, rows: 5))) { $0.collections.selectedIndex = 2 }
        await store.send(.collections(.moveSelection(by: -2, rows: 5))) {
            $0.collections.selectedIndex = 0
            $0.collections.firstVisibleIndex = 0
        }
        await store.send(.collections(.moveSelection(by: 1_000_000, rows: 5))) {
            $0.collections.selectedIndex = 13
            $0.collections.firstVisibleIndex = 9
        }
        await store.send(.collections(.moveSelection(by: -1, rows: 5))) { $0.collections.selectedIndex = 12 }
        await store.send(.collections(.moveSelection(by: -1_000_000, rows: 5))) {
            $0.collections.selectedIndex = 0
            $0.collections.firstVisibleIndex = 0
        }
        await store.finish()
    }

    func testAFailedPageShowsTheErrorAndCanBeRetried() async {
        var env = TestEnvironment()
        let attempts = Recorder<String?>()
        let secondPage = self.secondPage
        env.storefront.onCollections = { arguments in
            attempts.record(arguments.after)
            if attempts.values.count == 1 { throw StorefrontError.transport("timed out") }
            return secondPage
        }
        let store = env.store(loadedState())
        await store.send(.collections(.moveSelection(by: 8, rows: 10))) {
            $0.collections.selectedIndex = 8
            $0.setLoading([.collections])
        }
        let failure = AppError(message: "Could not reach the storefront: timed out")
        await store.receive(.collections(.pageResponse(after: "c9", .failure(failure)))) { $0.setLoading([]) }
        await store.receive(.collections(.delegate(.failed(failure)))) { $0.errorMessage = "Could not reach the storefront: timed out" }
        await store.send(.collections(.moveSelection(by: 1, rows: 10))) {
            $0.collections.selectedIndex = 9
            $0.setLoading([.collections])
        }
        await store.receive(.collections(.pageResponse(after: "c9", .success(secondPage)))) {
            $0.setLoading([])
            $0.collections.items += secondPage.nodes
            $0.collections.pageInfo = secondPage.pageInfo
        }
        await store.finish()
        XCTAssertEqual(attempts.values, ["c9", "c9"])
    }

    func testReloadReplacesTheList() async {
        var env = TestEnvironment()
        let fresh = Fixtures.page([Fixtures.collection("new")], hasNextPage: false)
        env.storefront.onCollections = { _ in fresh }
        var state = loadedState()
        state.collections.selectedIndex = 5
        let store = env.store(state)
        await store.send(.collections(.reload)) { $0.setLoading([.collections]) }
        await store.receive(.collections(.pageResponse(after: nil, .success(fresh)))) {
            $0.setLoading([])
            $0.collections = PagedList(items: fresh.nodes, pageInfo: fresh.pageInfo, selectedIndex: 0)
        }
        await store.finish()
    }
}

@MainActor
final class ProductsTests: XCTestCase {
    let preview = Fixtures.products(3)
    let firstPage = Fixtures.page(Fixtures.products(10), hasNextPage: true)
    let secondPage = Fixtures.page(Fixtures.products(5, prefix: "q"), start: 10, hasNextPage: false)

    func testOpeningACollectionShowsItsPreviewThenItsFirstPage() async {
        var env = TestEnvironment()
        let requests = Recorder<String>()
        let firstPage = self.firstPage
        env.storefront.onCollectionProducts = { handle, arguments in
            requests.record("\(handle) \(arguments.first ?? 0) \(arguments.after ?? "-")")
            return firstPage
        }
        let summer = Fixtures.collection("summer", preview: preview)
        let store = env.store(AppState(collections: PagedList(items: [Fixtures.collection("spring"), summer], pageInfo: .empty,
                                                              selectedIndex: 1)))

        await store.send(.collections(.openSelected))
        await store.receive(.collections(.delegate(.openCollection(summer)))) {
            $0.screens = [.collections, .products(collectionHandle: "summer")]
            $0.collectionProducts["summer"] = PagedList(items: self.preview)
            $0.setLoading([.collectionProducts(handle: "summer")])
        }
        await store.receive(.products(.pageResponse(handle: "summer", after: nil, .success(firstPage)))) {
            $0.setLoading([])
            $0.collectionProducts["summer"] = PagedList(items: firstPage.nodes, pageInfo: firstPage.pageInfo)
        }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        // Opening it again shows what was loaded, without asking again.
        await store.send(.collections(.openSelected))
        await store.receive(.collections(.delegate(.openCollection(summer)))) {
            $0.screens = [.collections, .products(collectionHandle: "summer")]
        }
        await store.finish()
        XCTAssertEqual(requests.values, ["summer 10 -"])
    }

    func testReopeningWhileTheFirstPageLoadsAsksOnce() async {
        var env = TestEnvironment()
        let gate = Gate<Int, Page<Product>>()
        let requests = Recorder<String>()
        env.storefront.onCollectionProducts = { handle, _ in
            requests.record(handle)
            return try await gate.wait(for: 0)
        }
        let summer = Fixtures.collection("summer", preview: preview)
        let store = env.store(AppState(collections: PagedList(items: [summer], pageInfo: .empty)))
        await store.send(.collections(.openSelected))
        await store.receive(.collections(.delegate(.openCollection(summer)))) {
            $0.screens = [.collections, .products(collectionHandle: "summer")]
            $0.collectionProducts["summer"] = PagedList(items: self.preview)
            $0.setLoading([.collectionProducts(handle: "summer")])
        }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.send(.collections(.openSelected))
        await store.receive(.collections(.delegate(.openCollection(summer)))) {
            $0.screens = [.collections, .products(collectionHandle: "summer")]
        }
        gate.answer(0, with: firstPage)
        await store.receive(.products(.pageResponse(handle: "summer", after: nil, .success(firstPage)))) {
            $0.setLoading([])
            $0.collectionProducts["summer"] = PagedList(items: self.firstPage.nodes, pageInfo: self.firstPage.pageInfo)
        }
        await store.finish()
        XCTAssertEqual(requests.values, ["summer"])
    }

    func testProductsPageForwardNearTheEnd() async {
        var env = TestEnvironment()
        let secondPage = self.secondPage
        env.storefront.onCollectionProducts = { _, arguments in
            XCTAssertEqual(arguments, PageArguments(first: 10, after: "c9"))
            return secondPage
        }
        let store = env.store(AppState(screens: [.collections, .products(collectionHandle: "summer")],
                                       collectionProducts: ["summer": PagedList(items: firstPage.nodes, pageInfo: firstPage.pageInfo)]))
        await store.send(.products(.moveSelection(by: 3, rows: 10))) { $0.collectionProducts["summer"]?.selectedIndex = 3 }
        await store.send(.products(.moveSelection(by: 4, rows: 10))) {
            $0.collectionProducts["summer"]?.selectedIndex = 7
            $0.setLoading([.collectionProducts(handle: "summer")])
        }
        await store.receive(.products(.pageResponse(handle: "summer", after: "c9", .success(secondPage)))) {
            $0.setLoading([])
            $0.collectionProducts["summer"]?.items += secondPage.nodes
            $0.collectionProducts["summer"]?.pageInfo = secondPage.pageInfo
        }
        await store.send(.products(.moveSelection(by: 20, rows: 10))) {
            $0.collectionProducts["summer"]?.selectedIndex = 14
            $0.collectionProducts["summer"]?.firstVisibleIndex = 5
        }
        await store.send(.products(.openSelected))
        await store.receive(.products(.delegate(.openProduct(Fixtures.shirt(handle: "q4"))))) {
            $0.screens.append(.productDetail(handle: "q4"))
            $0.productDetail = ProductDetailState(
                handle: "q4", product: Fixtures.shirt(handle: "q4"),
                selectedOptions: [SelectedOption(name: "Size", value: "S"), SelectedOption(name: "Color", value: "Red")])
        }
        await store.send(.navigation(.back)) {
            $0.screens.removeLast()
            $0.productDetail = nil
        }
        await store.finish()
    }

    func testAFailedProductsPageShowsTheError() async {
        var env = TestEnvironment()
        env.storefront.onCollectionProducts = { _, _ in throw StorefrontError.invalidCursor("c9") }
        let store = env.store(AppState(screens: [.collections, .products(collectionHandle: "summer")],
                                       collectionProducts: ["summer": PagedList(items: firstPage.nodes, pageInfo: firstPage.pageInfo)]))
        await store.send(.products(.loadNextPage)) { $0.setLoading([.collectionProducts(handle: "summer")]) }
        let failure = AppError(message: "Unknown page cursor \"c9\"")
        await store.receive(.products(.pageResponse(handle: "summer", after: "c9", .failure(failure)))) { $0.setLoading([]) }
        await store.receive(.products(.delegate(.failed(failure)))) { $0.errorMessage = "Unknown page cursor \"c9\"" }
        await store.finish()
    }
}
