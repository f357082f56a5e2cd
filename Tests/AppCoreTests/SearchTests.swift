import XCTest
import AppCore
import AppCoreTesting
import Storefront

@MainActor
final class SearchTests: XCTestCase {
    let results = Fixtures.page(Fixtures.products(10, prefix: "r"), hasNextPage: true)

    func testTypingIsDebouncedAndOnlyTheLastQueryRuns() async {
        var env = TestEnvironment()
        let queries = Recorder<String>()
        let results = self.results
        env.storefront.onSearch = { query, page in
            queries.record(query)
            XCTAssertEqual(page, PageArguments(first: 10))
            return results
        }
        let store = env.store(AppState(screens: [.collections, .search]))

        await store.send(.search(.insert("s"))) {
            $0.search.query = "s"
            $0.setLoading([.search])
        }
        await env.clock.advance(by: .milliseconds(200))
        await store.send(.search(.insert("h"))) { $0.search.query = "sh" }
        // "s" was cancelled; only the "sh" debounce sleeps (exhaustivity: only "sh" answers).
        await env.clock.advance(by: .milliseconds(299))
        XCTAssertEqual(queries.values, [])
        await env.clock.advance(by: .milliseconds(1))
        await store.receive(.search(.response(query: "sh", after: nil, .success(results)))) {
            $0.setLoading([])
            $0.search.results = PagedList(items: results.nodes, pageInfo: results.pageInfo)
            $0.search.resultsQuery = "sh"
        }
        await store.finish()
        XCTAssertEqual(queries.values, ["sh"])
    }

    func testClearingTheQueryClearsResultsAndCancelsTheSearch() async throws {
        var env = TestEnvironment()
        env.storefront.onSearch = { _, _ in XCTFail("no search expected"); return .empty }
        let store = env.store(AppState(search: SearchState(query: "a", results: PagedList(items: results.nodes, pageInfo: results.pageInfo),
                                                           resultsQuery: "a")))
        await store.send(.search(.insert("b"))) {
            $0.search.query = "ab"
            $0.setLoading([.search])
        }
        await store.send(.search(.deleteBackward)) { $0.search.query = "a" }
        await store.send(.search(.deleteBackward)) {
            $0.search = SearchState()
            $0.setLoading([])
        }
        try await env.clock.checkSuspension()
        await env.clock.run()
        await store.send(.search(.deleteBackward))
        await store.send(.search(.insert("   "))) {
            $0.search.query = "   "
        }
        await store.send(.search(.clearQuery)) { $0.search.query = "" }
        await store.finish()
    }

    /// The error shows only after typing has paused for the debounce and 700 ms more; the next
    /// key takes it away at once.
    func testASyntaxErrorShowsOnceTypingPauses() async {
        var env = TestEnvironment()
        let syntax = SearchSyntaxError(position: 7, message: "':=' is not a comparison", query: "price:=5")
        env.storefront.onSearch = { _, _ in throw StorefrontError.invalidSearch(syntax) }
        let store = env.store(AppState(search: SearchState(query: "price:=", results: PagedList(items: results.nodes),
                                                           resultsQuery: "price")))
        await store.send(.search(.insert("5"))) {
            $0.search.query = "price:=5"
            $0.setLoading([.search])
        }
        await env.clock.advance(by: .milliseconds(300))
        let error = AppError(message: syntax.description, searchSyntax: syntax)
        await store.receive(.search(.response(query: "price:=5", after: nil, .failure(error)))) {
            $0.setLoading([])
            $0.search.results = PagedList()
            $0.search.resultsQuery = nil
            $0.search.isIncomplete = true
        }
        await env.clock.advance(by: .milliseconds(699))
        XCTAssertNil(store.state.search.errorText, "still within the pause")
        await env.clock.advance(by: .milliseconds(1))
        await store.receive(.search(.showSyntaxError(query: "price:=5", error))) {
            $0.search.isIncomplete = false
            $0.search.errorText = "Invalid search query at position 7: ':=' is not a comparison"
            $0.search.errorPosition = 7
        }
        XCTAssertNil(store.state.errorMessage)
        env.storefront.onSearch = { _, _ in .empty }
        await store.send(.search(.deleteBackward)) {
            $0.search.query = "price:="
            $0.search.errorText = nil
            $0.search.errorPosition = nil
            $0.setLoading([.search])
        }
        await store.send(.search(.clearQuery)) {
            $0.search = SearchState()
            $0.setLoading([])
        }
        await store.finish()
    }

    /// Typing on within the pause: the half-typed query never shows an error.
    func testAHalfTypedQueryShowsNoErrorWhileTyping() async {
        var env = TestEnvironment()
        env.storefront.onSearch = { query, _ in
            if query == "price:" {
                throw StorefrontError.invalidSearch(SearchSyntaxError(position: 7, message: "'price:' needs a value", query: query))
            }
            return .empty
        }
        let store = env.store(AppState(screens: [.collections, .search]))
        await store.send(.search(.insert("price:"))) {
            $0.search.query = "price:"
            $0.setLoading([.search])
        }
        await env.clock.advance(by: .milliseconds(300))
        let syntax = SearchSyntaxError(position: 7, message: "'price:' needs a value", query: "price:")
        await store.receive(.search(.response(query: "price:", after: nil, .failure(AppError(message: syntax.description,
                                                                                                searchSyntax: syntax))))) {
            $0.setLoading([])
            $0.search.isIncomplete = true
        }
        await env.clock.advance(by: .milliseconds(400))
        await store.send(.search(.insert("<"))) {
            $0.search.query = "price:<"
            $0.search.isIncomplete = false
            $0.setLoading([.search])
        }
        await store.send(.search(.insert("9"))) { $0.search.query = "price:<9" }
        await env.clock.advance(by: .milliseconds(300))
        await store.receive(.search(.response(query: "price:<9", after: nil, .success(.empty)))) {
            $0.setLoading([])
            $0.search.resultsQuery = "price:<9"
            $0.search.results.pageInfo = Page<Product>.empty.pageInfo
        }
        await store.finish()
    }

    /// `/` again shows the last query selected: typing replaces it instead of appending.
    func testReopeningSearchSelectsTheOldQuery() async {
        var env = TestEnvironment()
        env.storefront.onSearch = { _, _ in .empty }
        let store = env.store(AppState(screens: [.collections, .search, .cart],
                                       search: SearchState(query: "tea", results: PagedList(items: results.nodes), resultsQuery: "tea")))
        await store.send(.navigation(.openSearch)) {
            $0.screens = [.collections, .search]
            $0.search.isQuerySelected = true
        }
        await store.send(.search(.moveSelection(by: 1, rows: 10))) { $0.search.results.selectedIndex = 1 }
        await store.send(.search(.insert("m"))) {
            $0.search.query = "m"
            $0.search.isQuerySelected = false
            $0.setLoading([.search])
        }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.send(.navigation(.openSearch)) {
            $0.screens = [.collections, .search]
            $0.search.isQuerySelected = true
        }
        await store.send(.search(.deleteBackward)) {
            $0.search = SearchState()
            $0.setLoading([])
        }
        await store.finish()
    }

    /// A search that could not run is not "no results": the search screen keeps why, for that
    /// query, beside the error bar; the next answer clears it.
    func testOtherSearchFailuresGoToTheErrorBarAndLeaveTheAnswerUnknown() async {
        var env = TestEnvironment()
        env.storefront.onSearch = { _, _ in throw StorefrontError.transport("the connection was refused") }
        let store = env.store()
        await store.send(.search(.insert("hammock"))) {
            $0.search.query = "hammock"
            $0.setLoading([.search])
        }
        await env.clock.advance(by: .milliseconds(300))
        let message = "Could not reach the storefront: the connection was refused"
        await store.receive(.search(.response(query: "hammock", after: nil, .failure(AppError(message: message))))) {
            $0.setLoading([])
            $0.search.failure = message
            $0.search.failedQuery = "hammock"
        }
        await store.receive(.search(.delegate(.failed(AppError(message: message))))) { $0.errorMessage = message }
        XCTAssertEqual(store.state.search.failureOfCurrentQuery, message)
        await store.send(.search(.response(query: "hammock", after: nil, .success(.empty)))) {
            $0.search.failure = nil
            $0.search.failedQuery = nil
            $0.search.resultsQuery = "hammock"
            $0.search.results.pageInfo = Page<Product>.empty.pageInfo
        }
        await store.finish()
    }

    func testALateAnswerForAnOlderQueryIsIgnored() async {
        let env = TestEnvironment()
        let store = env.store(AppState(search: SearchState(query: "shoe")))
        await store.send(.search(.response(query: "sho", after: nil, .success(results))))
        await store.finish()
    }

    func testResultsPageForwardAndOpenAProduct() async {
        var env = TestEnvironment()
        let more = Fixtures.page(Fixtures.products(2, prefix: "z"), start: 10, hasNextPage: false)
        env.storefront.onSearch = { query, page in
            XCTAssertEqual(query, "shirt")
            XCTAssertEqual(page, PageArguments(first: 10, after: "c9"))
            return more
        }
        let store = env.store(AppState(screens: [.collections, .search],
                                       search: SearchState(query: "shirt ", results: PagedList(items: results.nodes, pageInfo: results.pageInfo),
                                                           resultsQuery: "shirt")))
        await store.send(.search(.moveSelection(by: 7, rows: 10))) {
            $0.search.results.selectedIndex = 7
            $0.setLoading([.search])
        }
        await store.receive(.search(.response(query: "shirt", after: "c9", .success(more)))) {
            $0.setLoading([])
            $0.search.results.items += more.nodes
            $0.search.results.pageInfo = more.pageInfo
        }
        await store.send(.search(.loadNextPage))
        await store.send(.search(.moveSelection(by: 5, rows: 10))) {
            $0.search.results.selectedIndex = 11
            $0.search.results.firstVisibleIndex = 2
        }
        await store.send(.search(.openSelected))
        await store.receive(.search(.delegate(.openProduct(Fixtures.shirt(handle: "z1"))))) {
            $0.screens.append(.productDetail(handle: "z1"))
            $0.productDetail = ProductDetailState(product: Fixtures.shirt(handle: "z1"))
        }
        await store.finish()
    }
}
