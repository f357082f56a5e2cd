import XCTest
import AppCore
import AppCoreTesting

@MainActor
final class AboutTests: XCTestCase {
    /// i opens the page at its top; it scrolls within its length; esc goes back.
    func testThePageOpensAndScrollsWithinItsLength() async {
        let store = TestEnvironment().store()
        await store.send(.navigation(.push(.about(AboutState())))) { $0.screens = [.collections, .about(AboutState())] }
        await store.send(.about(.scroll(by: 9, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 9)) }
        await store.send(.about(.scroll(by: 1_000_000, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 20)) }
        await store.send(.about(.scroll(by: -25, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 0)) }
        await store.send(.navigation(.back)) { $0.screens = [.collections] }
        await store.finish()
    }

    /// The page's actions reach it where it sits on the stack, and nothing when it is not there;
    /// opening it again from a screen above brings it back where it was, not a second copy.
    func testThePageIsReducedWhereItSitsOnTheStack() async {
        let store = TestEnvironment().store()
        await store.send(.about(.scroll(by: 3, limit: 20)))
        await store.send(.navigation(.push(.about(AboutState())))) { $0.screens = [.collections, .about(AboutState())] }
        await store.send(.about(.scroll(by: 3, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 3)) }
        await store.send(.navigation(.openCart)) { $0.screens.append(.cart) }
        await store.send(.about(.scroll(by: 2, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 5)) }
        await store.send(.navigation(.push(.about(AboutState())))) { $0.screens = [.collections, .about(AboutState(offset: 5))] }
        await store.finish()
    }

    /// `about refund` in the plain mode: the page already open shows that policy, then its top again.
    func testShowingAPolicyOnThePageAlreadyOpen() async {
        let store = TestEnvironment().store()
        await store.send(.navigation(.push(.about(AboutState())))) { $0.screens = [.collections, .about(AboutState())] }
        await store.send(.about(.scroll(by: 4, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 4)) }
        await store.send(.about(.show(policy: .refund))) { $0.screens[1] = .about(AboutState(policy: .refund)) }
        await store.send(.about(.scrollFrom(line: 6, by: -1, limit: 20))) { $0.screens[1] = .about(AboutState(offset: 5)) }
        await store.send(.about(.show(policy: nil))) { $0.screens[1] = .about(AboutState()) }
        await store.finish()
    }
}
