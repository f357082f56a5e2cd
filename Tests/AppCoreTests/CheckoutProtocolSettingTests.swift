import XCTest
import AppCore
import CheckoutSheet

/// `--checkout-protocol` wins; else STOREFRONT_CHECKOUT_PROTOCOL; else 8.1; a setting naming no
/// protocol is an error.
final class CheckoutProtocolSettingTests: XCTestCase {
    func testTheOptionWinsOverTheEnvironment() throws {
        XCTAssertEqual(try AppSettings.checkoutProtocol(option: .bridge81, environment: ["STOREFRONT_CHECKOUT_PROTOCOL": "2025-10"]),
                       .bridge81)
    }

    func testTheEnvironmentPicksTheProtocolWithoutTheOption() throws {
        XCTAssertEqual(try AppSettings.checkoutProtocol(option: nil, environment: ["STOREFRONT_CHECKOUT_PROTOCOL": " 2025-10 "]),
                       .embedded202510)
        XCTAssertEqual(try AppSettings.checkoutProtocol(option: nil, environment: [:]), .bridge81)
        XCTAssertEqual(try AppSettings.checkoutProtocol(option: nil, environment: ["STOREFRONT_CHECKOUT_PROTOCOL": ""]), .bridge81)
    }

    func testAnUnknownSettingIsAClearError() {
        XCTAssertThrowsError(try AppSettings.checkoutProtocol(option: nil, environment: ["STOREFRONT_CHECKOUT_PROTOCOL": "2025"])) {
            XCTAssertEqual(($0 as? AppError)?.message,
                           "STOREFRONT_CHECKOUT_PROTOCOL=2025 is not a checkout protocol: use 8.1 or 2025-10.")
        }
    }
}
