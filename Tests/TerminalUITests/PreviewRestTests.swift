import AppCore
import CheckoutSheet
import Clocks
import ConcurrencyExtras
import Foundation
import Storefront
import XCTest
@testable import TerminalUI

/// The collections preview at large sizes follows the selection at rest: while it moves, the pane
/// shows the name and the picture's empty frame (two list rows and a name change per key); once
/// the selection stays put for `PreviewRest.delay`, the description, products and picture fill in.
@MainActor
final class PreviewRestTests: XCTestCase {
    private static let catalog = try! CatalogLoader.bundled()
    private static let size = Size(width: 120, height: 40)
    private var stateDirectory: URL!

    override func setUp() async throws {
        stateDirectory = FileManager.default.temporaryDirectory.appendingPathComponent("preview-rest-\(UUID().uuidString)")
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: stateDirectory)
    }

    /// Tasks run one at a time on the main serial executor, so the rest timer and the loop
    /// interleave in one order and advancing the clock runs everything it wakes.
    nonisolated override func invokeTest() {
        withMainSerialExecutor { super.invokeTest() }
    }

    private func collections(selected: Int) async throws -> AppState {
        let storefront = EmbeddedStorefront(catalog: Self.catalog, stateDirectory: stateDirectory)
        let page = try await storefront.collections(.first(20), sortKey: .id, productPreview: 5)
        var state = AppState()
        state.collections = PagedList(items: page.nodes, pageInfo: page.pageInfo)
        state.collections.selectedIndex = selected
        return state
    }

    private func environment(rest: PreviewRest) -> RenderEnvironment {
        var environment = Fixtures.environment
        environment.profile = .ansi256
        environment.shopName = "Kestrel & Co."
        environment.pictures.rest = rest
        return environment
    }

    func testAMovingSelectionShowsItsNameAndTheEmptyFrameOnly() async throws {
        let state = try await collections(selected: 1)
        let selected = try XCTUnwrap(state.collections.selectedItem)
        let moving = Renderer.render(state, size: Self.size, environment: environment(rest: .resting(on: "another")))
        assertScreenSnapshot(state, "collections-moving", size: Self.size, environment: environment(rest: .resting(on: "another")),
                             as: { StyleRuns.describe($0, profile: .ansi256) })
        XCTAssertEqual(moving.awaitingRest, selected.id)
        XCTAssertTrue(moving.wantedPictures.isEmpty, "no picture is converted for a selection passing by")
        XCTAssertTrue(moving.text.contains(selected.title))
        XCTAssertFalse(moving.text.contains("enter to see every product"))
        XCTAssertFalse(moving.text.contains(try XCTUnwrap(selected.productsPreview.first).title))

        let resting = Renderer.render(state, size: Self.size, environment: environment(rest: .resting(on: selected.id)))
        XCTAssertNil(resting.awaitingRest)
        XCTAssertEqual(resting.wantedPictures.map(\.url), [selected.image?.pictureUrl].compactMap { $0 })
        XCTAssertTrue(resting.text.contains("enter to see every product"))
        XCTAssertTrue(resting.text.contains(try XCTUnwrap(selected.productsPreview.first).title))
        XCTAssertEqual(resting.cells, Renderer.render(state, size: Self.size, environment: environment(rest: .always)).cells,
                       "a single render draws what a resting selection shows")
    }

    func testTheAppFillsThePreviewInOnlyOnceTheSelectionRests() async throws {
        let storefront = EmbeddedStorefront(catalog: Self.catalog, stateDirectory: stateDirectory)
        let clock = TestClock()
        let dependencies = AppDependencies(storefront: storefront,
                                           checkout: CheckoutSheet(webViews: SimulatedCheckoutServer(backend: storefront)),
                                           clock: clock)
        let store = AppStore(dependencies: dependencies)
        let driver = FakeDriver(size: Self.size)
        let app = TerminalApp(store: store, dependencies: dependencies, driver: driver,
                              environment: RenderEnvironment(profile: .monochrome, timeZone: TimeZone(identifier: "UTC")!))
        let running = Task { await app.run() }
        let hint = "enter to see every product"

        let listed = await driver.waitUntil { driver.lastFrame?.awaitingRest != nil }
        XCTAssertTrue(listed, "the first selection waits for its rest too")
        let first = try XCTUnwrap(store.state.collections.selectedItem)
        XCTAssertEqual(driver.lastFrame?.awaitingRest, first.id)
        await assertRestTimerSleeps(on: clock)
        await clock.advance(by: PreviewRest.delay)
        let filledIn = await driver.waitForFrame(containing: hint)
        XCTAssertTrue(filledIn)

        driver.type([.character("j")])
        let moved = await driver.waitUntil { driver.lastFrame?.awaitingRest != nil && store.state.collections.selectedIndex == 1 }
        XCTAssertTrue(moved)
        let second = try XCTUnwrap(store.state.collections.selectedItem)
        XCTAssertEqual(driver.lastFrame?.awaitingRest, second.id)
        XCTAssertFalse(driver.lastFrame?.text.contains(hint) ?? true, "the pane empties as the selection moves")
        await assertRestTimerSleeps(on: clock)
        await clock.advance(by: PreviewRest.delay - .milliseconds(1))
        // Advancing runs every task that can run (one serial executor): had the rest been called
        // early, the frame would show it now.
        await assertRestTimerSleeps(on: clock)
        XCTAssertEqual(driver.lastFrame?.awaitingRest, second.id, "not filled in before the selection has rested")
        XCTAssertFalse(driver.lastFrame?.text.contains(hint) ?? true)
        await clock.advance(by: .milliseconds(1))
        let rested = await driver.waitForFrame(containing: hint)
        XCTAssertTrue(rested)
        XCTAssertNil(driver.lastFrame?.awaitingRest)
        XCTAssertTrue(driver.lastFrame?.text.contains(try XCTUnwrap(second.productsPreview.first).title) ?? false)

        driver.type([.ctrl("c")])
        await running.value
    }

    /// The rest timer is asleep on `clock`: every task that can run has run (one serial executor),
    /// and the clock still holds a sleeper for advancing to wake.
    private func assertRestTimerSleeps(on clock: TestClock<Duration>, line: UInt = #line) async {
        do {
            try await clock.checkSuspension()
            XCTFail("nothing sleeps on the clock", line: line)
        } catch {}
    }
}
