import Foundation
import XCTest

/// The kill -9 loop of `storefront-bench crash`, small: writers of the app's JSON files and
/// `serve`'s database are killed mid-write again and again, two at once on one directory, and
/// nothing any of them acknowledged may be missing afterwards; every file must open.
final class CrashLoopEndToEndTests: XCTestCase {
    func testKilledWritersLoseNothingTheyAcknowledged() throws {
        let storefront = try TmuxSession.builtBenchmark().storefront
        let (status, text) = try TmuxSession.runBenchmark(["crash", "--kills", "10", "--writers", "2", "--seed", "20", "--storefront", storefront])
        XCTAssertEqual(status, 0, text)
        for store in ["app (JSON files): 10 kills", "serve (SQLite): 10 kills"] {
            let line = try XCTUnwrap(text.split(separator: "\n").first { $0.hasPrefix(store) }, text)
            XCTAssertTrue(line.contains("lost 0, unreadable after a kill 0"), String(line))
            // The loop must have written something for the check to mean anything.
            let carts = line.range(of: #"[0-9]+ carts"#, options: .regularExpression).map { line[$0].split(separator: " ")[0] }
            XCTAssertGreaterThan(carts.flatMap { Int($0) } ?? 0, 10, String(line))
        }
    }
}
