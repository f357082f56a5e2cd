import AppCore
import CheckoutSheet
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
        let settled = await waitUntil { app.renderedVersion == store.version }
        XCTAssertTrue(settled)
        let before = app.framesDrawn
        driver.type(Array(repeating: .character("j"), count: 5))
        let moved = await waitUntil { store.state.collections.selectedIndex == 5 && app.framesDrawn > before }
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

    func testBelowTheMinimumSizeOnlyQuitWorks() async throws {
        let (app, _, store) = try makeApp(size: Size(width: 30, height: 10))
        app.handle([.character("c"), .character("/")])
        XCTAssertEqual(store.state.screens, [.collections])
        app.handle([.character("q")])
        XCTAssertTrue(store.state.shouldQuit)
    }
}
