import XCTest
@testable import TerminalUI

/// The start-up trace's lines are read back by `storefront-bench pty`.
final class StartupTraceTests: XCTestCase {
    func testAStampLineReadsBackAsItsMomentAndPhase() throws {
        let stamp = try XCTUnwrap(StartupTrace.parse("startup-trace 24538135910477 terminal-started +7.47 ms"))
        XCTAssertEqual(stamp.nanoseconds, 24_538_135_910_477)
        XCTAssertEqual(stamp.phase, "terminal-started")
    }

    func testOtherLinesAreNotStamps() {
        XCTAssertNil(StartupTrace.parse("storefront: TERM=kitty has no terminfo entry on this machine"))
        XCTAssertNil(StartupTrace.parse("startup-trace soon main +0.1 ms"))
        XCTAssertNil(StartupTrace.parse("startup-trace 12"))
    }
}
