import AppCore
import CheckoutSheet
import ConcurrencyExtras
import Foundation
import Storefront
import XCTest
@testable import TerminalUI

/// The loop over a fake terminal, with the real store, embedded storefront and checkout sheet.
@MainActor
final class TerminalAppTests: XCTestCase {
    private var stateDirectory: URL!

    override func setUp() async throws {
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("tui-tests-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    /// Tasks run one at a time on the main serial executor, so the rest timer and the loop
    /// interleave in one order and advancing the clock runs everything it wakes.
    nonisolated override func invokeTest() {
        withMainSerialExecutor { super.invokeTest() }
    }

    private func makeApp(size: Size = Size(width: 100, height: 30)) throws -> (TerminalApp, FakeDriver, AppStore) {
        let storefront = EmbeddedStorefront(catalog: try CatalogLoader.bundled(), stateDirectory: stateDirectory)
        let dependencies = AppDependencies(storefront: storefront,
                                           checkout: CheckoutSheet(webViews: SimulatedCheckoutServer(backend: storefront)))
        let store = AppStore(dependencies: dependencies)
        let driver = FakeDriver(size: size)
        let app = TerminalApp(store: store, dependencies: dependencies, driver: driver,
                              environment: RenderEnvironment(profile: .monochrome, timeZone: TimeZone(identifier: "UTC")!))
        return (app, driver, store)
    }

    func testKeysBrowseToAProductAndQuitRestoresTheTerminal() async throws {
        let (app, driver, store) = try makeApp()
        let running = Task { await app.run() }
        let shopLoaded = await driver.waitForFrame(containing: "Kestrel & Co.")
        XCTAssertTrue(shopLoaded, "the shop's name replaces the placeholder after the first frame")
        driver.type([.enter])
        let productsShown = await driver.waitForFrame(containing: "Product ")
        XCTAssertTrue(productsShown)
        driver.type([.enter])
        let detailShown = await driver.waitForFrame(containing: "Add to cart")
        XCTAssertTrue(detailShown)
        XCTAssertEqual(store.state.screens.count, 3)
        driver.type([.character("q")])
        await running.value
        XCTAssertTrue(driver.stopped)
        XCTAssertTrue(store.state.shouldQuit)
    }

    func testABurstOfKeysDrawsOneFrame() async throws {
        let (app, driver, store) = try makeApp()
        let running = Task { await app.run() }
        _ = await driver.waitForFrame(containing: "Kestrel & Co.")
        // Let start-up work (collections, the saved cart) finish and reach the screen first, so the
        // only change left to draw is the burst's.
        await store.waitForEffects()
        let settled = await driver.waitUntil { app.renderedVersion == store.version }
        XCTAssertTrue(settled)
        let before = app.framesDrawn
        driver.type(Array(repeating: .character("j"), count: 5))
        let moved = await driver.waitUntil { store.state.collections.selectedIndex == 5 && app.framesDrawn > before }
        XCTAssertTrue(moved)
        XCTAssertEqual(app.framesDrawn, before + 1, "five moves read together are one frame")
        driver.type([.ctrl("c")])
        await running.value
    }

    func testTypedCharactersReachAFieldAsOneInsert() async throws {
        let (app, _, store) = try makeApp()
        store.send(.navigation(.openSearch))
        let version = store.version
        app.handle([.character("l"), .character("a"), .character("t"), .character("t"), .character("e")])
        XCTAssertEqual(store.state.search.query, "latte")
        XCTAssertEqual(store.version, version + 1, "one insert, one state change")
    }

    /// A paste reaches the search field in batches, a frame drawn after each, as the loop does.
    private func paste(_ count: Int, into app: TerminalApp, store: AppStore) -> Duration {
        let keys = (0..<count).map { Key.character(Character(UnicodeScalar(UInt8(97 + $0 % 26)))) }
        let environment = RenderEnvironment(profile: .monochrome, timeZone: TimeZone(identifier: "UTC")!)
        return ContinuousClock().measure {
            var start = 0
            while start < keys.count {
                let end = min(start + TerminalApp.keysPerTurn, keys.count)
                app.handle(Array(keys[start..<end]))
                _ = Renderer.render(store.state, size: Size(width: 100, height: 30), environment: environment)
                start = end
            }
        }
    }

    func testAPasteCostsItsLengthAndTheFieldKeepsWhatAQueryMayHave() async throws {
        let (app, _, store) = try makeApp()
        store.send(.navigation(.openSearch))
        // 250 KB took 160 s when the field's visible end was found by removing cells from the front
        // (20 KB: 0.5 s). Ten times the paste may take ten times as long, with room for a busy
        // machine, far from the hundred times of a quadratic cost.
        let small = paste(25_000, into: app, store: store)
        store.send(.search(.clearQuery))
        let large = paste(250_000, into: app, store: store)
        XCTAssertLessThan(large, small * 30, "25 KB took \(small), 250 KB \(large)")
        XCTAssertLessThan(large, .seconds(20), "a 250 KB paste took \(large)")
        XCTAssertEqual(store.state.search.query.count, SearchQuery.maximumLength + 1)
        let long = String(repeating: "x", count: 200_000)
        let tail = ContinuousClock().measure { XCTAssertEqual(TextFieldView.tail(of: long, fitting: 40).count, 40) }
        XCTAssertLessThan(tail, .seconds(1), "the tail of 200,000 characters took \(tail)")
        XCTAssertEqual(TextFieldView.tail(of: "abc漢字def", fitting: 6), "…字def")
    }

    /// A paste is handled a chunk at a time: a turn whose time is up takes no next chunk, so the
    /// loop reads a waiting Ctrl-C after one chunk at most, and quitting stops the paste there.
    func testATurnEndsWhenItsTimeIsUpAndAQuitStopsThePaste() async throws {
        let (app, _, store) = try makeApp()
        store.send(.navigation(.openSearch))
        let keys = Array(repeating: Key.character("x"), count: 10_000)
        var read = 0
        let next = { () -> Key? in
            guard read < keys.count else { return nil }
            defer { read += 1 }
            return keys[read]
        }
        XCTAssertEqual(app.takeTurn(budget: .zero, next: next), TerminalApp.keysPerChunk)
        XCTAssertEqual(store.state.search.query.count, TerminalApp.keysPerChunk)
        // With time left the turn goes on to the bound of a turn.
        XCTAssertEqual(app.takeTurn(budget: .seconds(3600), next: next), TerminalApp.keysPerTurn)
        store.send(.navigation(.quit))
        XCTAssertEqual(app.takeTurn(budget: .seconds(3600), next: next), TerminalApp.keysPerChunk,
                       "a turn after the quit handles the chunk in hand, then stops")
        XCTAssertEqual(read, 2 * TerminalApp.keysPerChunk + TerminalApp.keysPerTurn)
    }

    func testTheCartsFieldsTakeABoundedPaste() async throws {
        let (_, _, store) = try makeApp()
        store.send(.cart(.beginEditing(.note)))
        store.send(.cart(.insert(String(repeating: "n", count: 20_000))))
        store.send(.cart(.insert("more")))
        XCTAssertEqual(store.state.cart.noteText.count, CartTextField.note.maximumLength)
        store.send(.cart(.cancelEditing))
        store.send(.cart(.beginEditing(.discountCode)))
        store.send(.cart(.insert(String(repeating: "D", count: 1_000))))
        XCTAssertEqual(store.state.cart.discountCodeText.count, CartTextField.discountCode.maximumLength)
    }

    func testBelowTheMinimumSizeOnlyQuitWorks() async throws {
        let (app, _, store) = try makeApp(size: Size(width: 30, height: 10))
        app.handle([.character("c"), .character("/")])
        XCTAssertEqual(store.state.screens, [.collections])
        app.handle([.character("q")])
        XCTAssertTrue(store.state.shouldQuit)
    }
}
