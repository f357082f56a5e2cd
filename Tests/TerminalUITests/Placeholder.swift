import XCTest
final class TerminalUITestsPlaceholder: XCTestCase { func testBuilds() {} }
