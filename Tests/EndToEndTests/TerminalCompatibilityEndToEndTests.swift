import Foundation
import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// The real binary in the terminals people use: it starts under each common TERM (and one with no
/// terminfo entry at all), keeps the cursor on the selected row, writes nothing while idle, and
/// gives the terminal back after every signal and any input, however hostile.
final class TerminalCompatibilityEndToEndTests: XCTestCase {
    override func setUpWithError() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
    }

    /// kitty, ghostty, wezterm, alacritty, foot, xterm, xterm-direct, GNOME/VTE, Konsole, Windows
    /// Terminal, macOS Terminal, iTerm2, tmux, screen, the Linux console; and a name nobody knows.
    static let terms = ["xterm-kitty", "xterm-ghostty", "wezterm", "alacritty", "foot", "xterm", "xterm-direct",
                        "vte-256color", "konsole-256color", "ms-terminal", "xterm-256color", "nsterm", "iterm2",
                        "tmux-256color", "screen-256color", "linux", "no-such-terminal-anywhere"]

    func testTheFirstScreenAppearsUnderEveryCommonTERM() throws {
        for term in Self.terms {
            let session = try TmuxSession(width: 80, height: 24, environment: ["TERM": term])
            let screen = try session.waitFor("the collections under TERM=\(term)") {
                $0.contains("Collections") && $0.contains("q quit") && $0.contains("▸")
            }
            XCTAssertFalse(screen.contains("Could not start"), "\(term):\n\(screen)")
            try session.send("q")
            XCTAssertTrue(session.waitForExit(), "q quits under TERM=\(term)")
        }
    }

    func testAMissingEntryIsReplacedAndNamedOnExit() throws {
        let app = try PtyProcess(environment: ["TERM": "xterm-nosuchvariant"])
        try app.waitFor("Collections")
        app.settle()
        app.send("q")
        XCTAssertEqual(app.waitForExit(), 0)
        XCTAssertTrue(app.text.contains("TERM=xterm-nosuchvariant has no terminfo entry on this machine; the storefront used xterm-256color"),
                      app.text.suffix(400).description)
    }

    func testTheCursorRestsOnTheSelectedRow() throws {
        let session = try TmuxSession(width: 80, height: 24, environment: ["TERM": "xterm-256color"])
        try session.waitFor(text: "▸")
        for moves in 1...3 {
            try session.send("j")
            let screen = try session.waitFor("the selection to move \(moves)") { screen in
                let lines = screen.components(separatedBy: "\n")
                return (lines.firstIndex { $0.contains("▸") } ?? 0) >= 3 + moves
            }
            let row = screen.components(separatedBy: "\n").firstIndex { $0.contains("▸") }
            let cursor = try session.cursor()
            XCTAssertEqual(cursor.row, row, "the cursor is on the selected row:\n\(screen)")
            XCTAssertLessThanOrEqual(cursor.column, 2, "at the start of the row")
        }
    }

    func testAnIdleAppWritesNothing() throws {
        let app = try PtyProcess(environment: ["TERM": "xterm-256color"])
        try app.waitFor("Collections")
        app.settle(quiet: 0.5)
        app.send("j")
        app.settle(quiet: 0.5)
        let idle = app.read(for: 1.0)
        XCTAssertEqual(idle.count, 0, "an idle second wrote: \(String(decoding: idle, as: UTF8.self).debugDescription)")
        app.send("q")
        XCTAssertEqual(app.waitForExit(), 0)
    }

    /// SIGTERM, SIGHUP, SIGINT (ctrl-c) and SIGQUIT (ctrl-\) end the app through its own quit: the
    /// alternate screen is left, the cursor shown, and no backtrace is printed over the screen.
    /// After a resize and `q`, nothing of the picture or the description is left in the shell's
    /// screen (tmux carried the alternate screen's rows over when it was left after a resize).
    func testAResizedScreenLeavesNothingBehindOnQuit() throws {
        guard TmuxSession.tmuxPath != nil else { throw EndToEndSetupError.noTmux }
        guard let binary = TmuxSession.builtStorefront else { throw EndToEndSetupError("the storefront binary is not built") }
        let session = try TmuxSession(width: 80, height: 24) { state in
            ["sh", "-c", "XDG_STATE_HOME='\(state.path)' XDG_CACHE_HOME='\(state.path)/cache' LANG=C.UTF-8 TERM=xterm-256color "
                + "'\(binary)' --open 'product house-espresso-blend'; echo \"storefront exited $?\"; sleep 600"]
        }
        try session.waitFor("the product's picture at 80x24") { $0.contains("Huisblend espresso") && $0.contains("▀") }
        Thread.sleep(forTimeInterval: 1)
        try session.resize(width: 120, height: 40)
        try session.waitFor("the product at 120x40") { $0.contains("▀") && $0.contains("Onze dagelijkse espresso") }
        Thread.sleep(forTimeInterval: 1)
        try session.send("q")
        let after = try session.waitFor(text: "storefront exited 0")
        let left = after.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty && !$0.contains("storefront exited") }
        XCTAssertEqual(left, [], "left in the shell:\n\(after)")
    }

    func testEverySignalRestoresTheTerminal() throws {
        for (name, signal) in [("SIGTERM", SIGTERM), ("SIGHUP", SIGHUP), ("SIGINT", SIGINT), ("SIGQUIT", SIGQUIT)] {
            let app = try PtyProcess(environment: ["TERM": "xterm-256color"])
            try app.waitFor("Collections")
            app.settle()
            let before = app.output.count
            if signal == SIGQUIT { app.send([0x1C]) } else if signal == SIGINT { app.send([0x03]) } else { kill(app.pid, signal) }
            let status = app.waitForExit(timeout: 5)
            XCTAssertNotNil(status, "\(name) ends the app within 5 s")
            let after = String(decoding: app.output[before...], as: UTF8.self)
            XCTAssertTrue(after.contains("\u{1B}[?1049l"), "\(name): the alternate screen is left: \(after.debugDescription)")
            XCTAssertFalse(after.contains("Backtrace") || after.contains("Crash"), "\(name): \(after)")
        }
    }

    /// A pasted quarter megabyte, bytes that are not UTF-8 and a flood of escape sequences: the app reads
    /// them in bounded batches, stays alive and answers the next key.
    func testFloodsOfHostileInputNeitherCrashNorHang() throws {
        let app = try PtyProcess(environment: ["TERM": "xterm-256color"])
        try app.waitFor("Collections")
        app.settle()
        app.send(Array(repeating: UInt8(ascii: "x"), count: 256 * 1024))
        app.send(Array(repeating: [0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82], count: 20_000).flatMap { $0 })
        app.send(Array(repeating: Array("\u{1B}[\u{1B}]52;c;\u{1B}\u{1B}O".utf8), count: 20_000).flatMap { $0 })
        app.send("/")
        app.send(String(repeating: "tea ", count: 4000))
        app.settle(quiet: 0.5, limit: 30)
        XCTAssertTrue(app.isRunning, "still running after the floods")
        app.send([0x03])
        XCTAssertEqual(app.waitForExit(timeout: 10), 0, "ctrl-c quits")
        XCTAssertTrue(app.text.hasSuffix("\u{1B}[?1049l") || app.text.contains("\u{1B}[?1049l"))
    }
}
