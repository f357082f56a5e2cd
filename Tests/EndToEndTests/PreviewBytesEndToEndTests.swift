import Foundation
import XCTest

/// The built binary at 120x40, where the collections preview has a picture: moving the selection
/// writes about what a bare list does, and the pane (picture included) arrives once it rests.
final class PreviewBytesEndToEndTests: XCTestCase {
    /// 1.5 times what a minimal C ncurses list writes per move at 120x40 (153 bytes, measured with
    /// the same keys under a pty): the most a move through the collections may cost.
    static let bytesPerMoveLimit = 230

    func testMovingThroughTheCollectionsCostsAListsBytesAndThePaneComesAtRest() throws {
        let app = try PtyProcess(environment: ["TERM": "xterm-256color"], width: 120, height: 40)
        try app.waitFor("Collections")
        app.settle(quiet: 0.5)
        // Quick taps: each read window is shorter than the rest the pane waits for.
        let moves = (0..<6).map { _ in
            app.send("j")
            return app.read(for: 0.08).count
        }
        let median = moves.sorted()[moves.count / 2]
        XCTAssertGreaterThan(median, 0, "each move is drawn: \(moves)")
        XCTAssertLessThan(median, Self.bytesPerMoveLimit, "bytes per move: \(moves)")
        let rested = app.read(for: 1.0)
        XCTAssertGreaterThan(rested.count, 1000, "the pane and its picture arrive once the selection rests")
        app.send("q")
        XCTAssertEqual(app.waitForExit(), 0)
    }
}
