import XCTest
final class AppCoreTestsPlaceholder: XCTestCase { func testBuilds() {} }
