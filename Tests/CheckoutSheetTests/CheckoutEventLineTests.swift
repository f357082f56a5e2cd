import Storefront
import XCTest
@testable import CheckoutSheet

final class CheckoutEventLineTests: XCTestCase {
    func testCancelRecoveryAndLinkLines() {
        XCTAssertEqual(CheckoutEventLine.encode(.canceled(afterCompletion: true)), #"{"event":"cancel","afterCompletion":true}"#)
        XCTAssertEqual(CheckoutEventLine.encode(.recoveryStarted), #"{"event":"recovery"}"#)
        XCTAssertEqual(CheckoutEventLine.encode(.linkClicked(url: "mailto:help@aurora.example")),
                       #"{"event":"linkClick","url":"mailto:help@aurora.example"}"#)
    }

    func testFailLines() {
        XCTAssertEqual(
            CheckoutEventLine.encode(.failed(.checkoutUnavailable(message: "Service Unavailable", code: .httpError(statusCode: 503),
                                                                  recoverable: true))),
            #"{"event":"fail","error":{"type":"checkoutUnavailable","message":"Service Unavailable","code":"unknown","statusCode":503,"recoverable":true}}"#)
        XCTAssertEqual(
            CheckoutEventLine.encode(.failed(.checkoutExpired(message: "Checkout has expired.", code: .cartExpired))),
            #"{"event":"fail","error":{"type":"checkoutExpired","message":"Checkout has expired.","code":"cart_expired","statusCode":null,"recoverable":false}}"#)
        XCTAssertEqual(
            CheckoutEventLine.encode(.failed(.sdkError(underlying: "offline"))),
            #"{"event":"fail","error":{"type":"sdkError","message":"offline","code":"unknown","statusCode":null,"recoverable":true}}"#)
        XCTAssertEqual(
            CheckoutEventLine.encode(.failed(.configurationError(message: "Storefront password required", code: .storefrontPasswordRequired))),
            #"{"event":"fail","error":{"type":"configurationError","message":"Storefront password required","code":"storefront_password_required","statusCode":null,"recoverable":false}}"#)
    }

    func testCompleteLineKeepsAmountsExactly() {
        let details = OrderDetails(id: "1001", cart: .init(lines: [], price: .init(total: Money("172.04", currencyCode: "USD")), token: "t"))
        XCTAssertEqual(CheckoutEventLine.encode(.completed(CheckoutCompletedEvent(orderDetails: details, decoded: .partial))),
                       #"{"event":"complete","orderId":"1001","decoded":"partial","orderDetails":{"id":"1001","cart":{"lines":[],"price":{"total":{"amount":"172.04","currencyCode":"USD"},"discounts":[]},"token":"t"},"deliveries":[],"paymentMethods":[]}}"#)
        XCTAssertEqual(CheckoutEventLine.encode(.completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: "9"), decoded: .recovery))),
                       #"{"event":"complete","orderId":"9","decoded":"recovery","orderDetails":{"id":"9","deliveries":[],"paymentMethods":[]}}"#)
    }

    func testPixelLines() {
        let standard = PixelEvent(kind: .standard, name: "page_viewed", id: "sh-1", timestamp: "2025-06-02T09:30:00.000Z",
                                  context: .object([("document", .null)]), data: nil)
        XCTAssertEqual(CheckoutEventLine.encode(.pixel(standard)),
                       #"{"event":"pixel","type":"standard","name":"page_viewed","id":"sh-1","timestamp":"2025-06-02T09:30:00.000Z","data":null}"#)
        let custom = PixelEvent(kind: .custom, name: "points", customData: #"{"big":123456789012345678901,"x":null}"#)
        XCTAssertEqual(CheckoutEventLine.encode(.pixel(custom)),
                       #"{"event":"pixel","type":"custom","name":"points","id":null,"timestamp":null,"customData":"{\"big\":123456789012345678901,\"x\":null}"}"#)
    }

    func testErrorLine() {
        XCTAssertEqual(CheckoutEventLine.error(line: 3, message: "not JSON"), #"{"event":"error","line":3,"message":"not JSON"}"#)
    }
}
