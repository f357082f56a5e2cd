import Foundation
import XCTest

/// A saved carts file that cannot be read is set aside: the shopper is told once, by the file's name.
final class StateNoticeEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
    }

    func testACorruptCartsFileIsToldOnceByName() throws {
        let session = try TmuxSession(width: 80, height: 24) { state in
            let directory = state.appendingPathComponent("storefront")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("{not json".utf8).write(to: directory.appendingPathComponent("carts.json"))
        }
        let screen = try session.waitFor(text: "carts.json.corrupt-")
        XCTAssertTrue(screen.contains("moved"), screen)
        let kept = try FileManager.default.contentsOfDirectory(atPath: session.stateDirectory.appendingPathComponent("storefront").path)
        XCTAssertTrue(kept.contains { screen.contains($0) && $0.hasPrefix("carts.json.corrupt-") }, "the name on screen is the file's: \(kept)")
        // Moving on takes it down, and it does not come back.
        try session.send("c")
        try session.waitFor("the notice to go") { !$0.contains("carts.json") }
        try session.send("Escape")
        try session.waitFor("the collections") { $0.contains("▸ ") }
        XCTAssertFalse(try session.screen().contains("corrupt"))
        try session.send("q")
        XCTAssertTrue(session.waitForExit(), (try? session.screen()) ?? "")
    }
}
