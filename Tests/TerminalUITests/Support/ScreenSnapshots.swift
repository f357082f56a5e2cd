import AppCore
import XCTest
@testable import TerminalUI

/// A screen's snapshots at the three sizes every new screen is checked at: the usual terminal,
/// a large one and the smallest supported.
func assertScreenSnapshots(_ state: AppState, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    for size in [Size(width: 80, height: 24), Size(width: 120, height: 40), Size(width: 40, height: 12)] {
        assertSnapshot(Renderer.render(state, size: size, environment: Fixtures.environment).text,
                       named: "\(name)-\(size)", file: file, line: line)
    }
}
