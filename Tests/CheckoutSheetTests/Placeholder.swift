import XCTest
final class CheckoutSheetTestsPlaceholder: XCTestCase { func testBuilds() {} }
