import AppCore
import XCTest
@testable import TerminalUI

/// A screen's snapshots at the three sizes every new screen is checked at: the usual terminal,
/// a large one and the smallest supported.
func assertScreenSnapshots(_ state: AppState, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)] {
        assertScreenSnapshot(state, name, size: size, file: file, line: line)
    }
}

/// A screen at one size, in parts, so that a change to the chrome is one change and not one per screen:
/// - its body, the rows between the header and the footer (the screen's view with the event log,
///   the checkout sheet or the error bar if shown), in `__Snapshots__/<name>-<size>.txt`;
/// - its header row, an entry `<size> <name>` of `headers.txt`, and its footer row, the same entry
///   of `footers.txt`: a key added to every footer rewrites that one file;
/// - with help open, the overlay alone, an entry of `help.txt` (it lists the keys that work
///   everywhere), and no body file: the body under it is its own screen's snapshot.
///
/// Whole-screen files are gone on purpose: each would repeat the header and the footer and be
/// rewritten by any change to them. What they proved, that the parts make the screen, is checked
/// here for every snapshot instead: the screen `Renderer.render` draws is, row for row and cell for
/// cell (styles, cursor and focus included), the header and footer entries around the body drawn
/// alone by `Renderer.body`; and with help open, the body is the one under it with the overlay's
/// box laid over it.
/// Below the smallest size there is no chrome: the "too small" screen is snapshotted whole.
/// `describe` turns a grid into the text compared (its characters, or its style runs).
func assertScreenSnapshot(_ state: AppState, _ name: String, size: Size, environment: RenderEnvironment = Fixtures.environment,
                          as describe: (Grid) -> String = { $0.text }, file: StaticString = #filePath, line: UInt = #line) {
    let whole = Renderer.render(state, size: size, environment: environment)
    guard let body = Renderer.body(state, size: size, environment: environment) else {
        return assertSnapshot(describe(whole), named: "\(name)-\(size)", file: file, line: line)
    }
    let rows = Renderer.bodyRows(Renderer.layout(for: state, size: size), size: size)
    let inWhole = whole.cropped(to: rows)
    if inWhole != body {
        XCTFail("the body drawn alone is not the screen's at \(size) (cursor \(String(describing: inWhole.cursor)) vs "
                + "\(String(describing: body.cursor)), focus \(String(describing: inWhole.focus)) vs \(String(describing: body.focus))):\n"
                + snapshotDiff(expected: describe(inWhole), actual: describe(body)), file: file, line: line)
    }
    let header = whole.cropped(to: Rect(x: 0, y: 0, width: size.width, height: rows.y))
    let footer = whole.cropped(to: Rect(x: 0, y: rows.maxY, width: size.width, height: size.height - rows.maxY))
    assertSnapshotEntry(describe(header), named: "\(size) \(name)", in: "headers", file: file, line: line)
    assertSnapshotEntry(describe(footer), named: "\(size) \(name)", in: "footers", file: file, line: line)
    guard let help = Renderer.helpOverlay(state, size: size, environment: environment) else {
        return assertSnapshot(describe(body), named: "\(name)-\(size)", file: file, line: line)
    }
    assertSnapshotEntry(describe(help.grid), named: "\(size) \(name)", in: "help", file: file, line: line)
    var closed = state
    closed.isHelpVisible = false
    guard var expected = Renderer.body(closed, size: size, environment: environment) else {
        return XCTFail("no body under the help overlay at \(size)", file: file, line: line)
    }
    for y in help.box.y..<help.box.maxY {
        for x in help.box.x..<help.box.maxX { expected.put(help.grid[x, y], x: x, y: y) }
    }
    if expected.cells != body.cells {
        XCTFail("the body with help open is not the body under it with the overlay over it at \(size):\n"
                + snapshotDiff(expected: describe(expected), actual: describe(body)), file: file, line: line)
    }
}
