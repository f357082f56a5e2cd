import XCTest
final class StorefrontTestsPlaceholder: XCTestCase { func testBuilds() {} }
