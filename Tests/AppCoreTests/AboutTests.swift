import XCTest
import AppCore
import AppCoreTesting

@MainActor
final class AboutTests: XCTestCase {
    /// i opens the page at its top; it scrolls within its length; esc goes back.
    func testThePageOpensAndScrollsWithinItsLength() async {
        let store = TestEnvironment().store()
        await store.send(.about(.open)) { $0.screens = [.collections, .about(AboutState())] }
        await store.send(.about(.scroll(by: 9, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 9)) }
        await store.send(.about(.scroll(by: 1_000_000, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 20)) }
        await store.send(.about(.scroll(by: -25, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 0)) }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.finish()
    }
}
