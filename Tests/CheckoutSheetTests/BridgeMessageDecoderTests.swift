import Storefront
import XCTest
@testable import CheckoutSheet

final class BridgeMessageDecoderTests: XCTestCase {
    /// `{"name": name, "body": "<body>"}` with the body written as given (double-encoded).
    private func message(_ name: String, body: String) -> String {
        JSONValue.object([("name", .string(name)), ("body", .string(body))]).serialized
    }

    private func decodeError(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> BridgeDecodingError? {
        do {
            let decoded = try BridgeMessageDecoder.decode(text)
            XCTFail("decoded \(decoded)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    private let fullDetails = OrderDetails(
        id: "5550001001", email: "ada@example.com", phone: "+15550100199",
        cart: .init(lines: [.init(title: "Merino Beanie", quantity: 2, price: Money("24.00", currencyCode: "USD"),
                                  merchandiseId: "gid://shopify/ProductVariant/1", productId: "gid://shopify/Product/1",
                                  image: .init(sm: "s.jpg", md: "m.jpg", lg: "l.jpg"),
                                  discounts: [.init(title: "WELCOME10", amount: Money("4.80", currencyCode: "USD"),
                                                    applicationType: "DISCOUNT_CODE", value: "10")])],
                    price: .init(subtotal: Money("48.00", currencyCode: "USD"), shipping: Money("5.90", currencyCode: "USD"),
                                 taxes: Money("3.84", currencyCode: "USD"), total: Money("52.94", currencyCode: "USD")),
                    token: "tok"),
        billingAddress: .init(address1: "1 Main St", city: "Springfield", countryCode: "US", firstName: "Ada",
                              lastName: "Lovelace", name: "Ada Lovelace", postalCode: "12345", zoneCode: "IL"),
        deliveries: [.init(method: "SHIPPING", location: .init(city: "Springfield", countryCode: "US"), name: "Standard")],
        paymentMethods: [.init(type: "direct", brand: "Visa", lastFourDigits: "4242", name: "Ada Lovelace",
                               amount: "52.94", currency: "USD")])

    // MARK: completed

    func testCompletedRoundTripsFullyDecoded() throws {
        let decoded = try BridgeMessageDecoder.decode(BridgeEnvelope.completed(fullDetails))
        XCTAssertEqual(decoded, .completed(CheckoutCompletedEvent(orderDetails: fullDetails, decoded: .full), issues: []))
    }

    func testCompletedWithOnlyAnIdIsPartial() throws {
        let decoded = try BridgeMessageDecoder.decode(message("completed", body: #"{"orderDetails":{"id":"42"}}"#))
        XCTAssertEqual(decoded, .completed(CheckoutCompletedEvent(orderDetails: OrderDetails(id: "42"), decoded: .partial),
                                           issues: ["orderDetails.cart: missing"]))
    }

    func testCompletedIgnoresUnknownKeysAndAcceptsNumericIdsAndAmounts() throws {
        let body = #"{"orderDetails":{"id":12345678901234567890,"future":{"x":[1]},"cart":{"lines":[],"price":{"total":{"amount":52.94,"currencyCode":"USD"}}}},"extra":true}"#
        guard case .completed(let event, let issues) = try BridgeMessageDecoder.decode(message("completed", body: body)) else {
            return XCTFail("not a completion")
        }
        XCTAssertEqual(issues, [])
        XCTAssertEqual(event.decoded, .full)
        XCTAssertEqual(event.orderId, "12345678901234567890")
        XCTAssertEqual(event.orderDetails.cart?.price.total, Money("52.94", currencyCode: "USD"))
    }

    func testCompletedWithWrongTypesIsPartialAndKeepsTheRest() throws {
        let body = #"{"orderDetails":{"id":"7","email":5,"phone":null,"cart":{"lines":[{"title":"Hat","quantity":"two"},{"title":"Scarf","quantity":1,"price":{"amount":"1,50","currencyCode":"USD"}}],"price":[]},"deliveries":{},"paymentMethods":[{"details":{}}]}}"#
        guard case .completed(let event, let issues) = try BridgeMessageDecoder.decode(message("completed", body: body)) else {
            return XCTFail("not a completion")
        }
        XCTAssertEqual(event.decoded, .partial)
        XCTAssertEqual(event.orderId, "7")
        XCTAssertNil(event.orderDetails.email)
        XCTAssertEqual(event.orderDetails.cart?.lines.map(\.title), ["Scarf"])
        XCTAssertNil(event.orderDetails.cart?.lines.first?.price)
        XCTAssertEqual(issues, [
            "orderDetails.email: expected a string",
            "orderDetails.cart.lines[0].quantity: expected an integer",
            "orderDetails.cart.lines[0]: a line needs title and quantity",
            "orderDetails.cart.lines[1].price.amount: \"1,50\" is not a decimal amount",
            "orderDetails.cart.price: expected an object",
            "orderDetails.deliveries: expected an array",
            "orderDetails.paymentMethods[0].type: missing",
        ])
    }

    func testCompletedWithoutAnIdIsRefused() {
        for body in [#"{"orderDetails":{"email":"a@b.co"}}"#, #"{"orderDetails":{"id":""}}"#, #"{"orderDetails":null}"#,
                     #"{}"#, #"{"orderDetails":{"id":null}}"#, #"{"orderDetails":"x"}"#] {
            XCTAssertEqual(decodeError(message("completed", body: body))?.kind, .malformedBody, body)
        }
    }

    func testCompletedStringsAreSanitised() throws {
        let body = #"{"orderDetails":{"id":"1\u001b[31m","email":"a\u0007@b.co","cart":{"lines":[{"title":"Hat\u001b]0;x\u0007","quantity":1}],"price":{}}}}"#
        guard case .completed(let event, _) = try BridgeMessageDecoder.decode(message("completed", body: body)) else {
            return XCTFail("not a completion")
        }
        XCTAssertEqual(event.orderId, "1", "the whole escape sequence goes")
        XCTAssertEqual(event.orderDetails.email, "a@b.co")
        XCTAssertEqual(event.orderDetails.cart?.lines.first?.title, "Hat")
    }

    // MARK: error

    func testErrorGroups() throws {
        XCTAssertEqual(try BridgeMessageDecoder.decode(BridgeEnvelope.error(group: "expired", code: "cart_expired", reason: nil)),
                       .error(.checkoutExpired(message: "Checkout has expired.", code: .cartExpired)))
        XCTAssertEqual(try BridgeMessageDecoder.decode(BridgeEnvelope.error(group: "expired", code: "cart_completed", reason: nil)),
                       .error(.checkoutExpired(message: "Checkout already completed", code: .cartCompleted)))
        XCTAssertEqual(try BridgeMessageDecoder.decode(BridgeEnvelope.error(group: "configuration", code: "storefront_password_required",
                                                                            reason: "Storefront password required")),
                       .error(.configurationError(message: "Storefront password required", code: .storefrontPasswordRequired)))
        XCTAssertEqual(try BridgeMessageDecoder.decode(BridgeEnvelope.error(group: "unrecoverable", code: "invalid_cart",
                                                                            reason: "Cart is empty")),
                       .error(.checkoutUnavailable(message: "Cart is empty", code: .clientError(.invalidCart), recoverable: false)))
        XCTAssertEqual(try BridgeMessageDecoder.decode(BridgeEnvelope.error(group: "unrecoverable", code: "brand_new_code", reason: nil)),
                       .error(.checkoutUnavailable(message: "Checkout is unavailable", code: .clientError(.unknown), recoverable: false)))
        XCTAssertEqual(try BridgeMessageDecoder.decode(BridgeEnvelope.error(group: "violation", code: nil, reason: "x")),
                       .ignoredError(group: "violation"))
    }

    func testOnlyTheFirstErrorCounts() throws {
        let body = #"[{"group":"expired","code":"cart_expired","flowType":"regular","type":"x"},{"group":"unrecoverable"}]"#
        XCTAssertEqual(try BridgeMessageDecoder.decode(message("error", body: body)),
                       .error(.checkoutExpired(message: "Checkout has expired.", code: .cartExpired)))
    }

    func testMalformedErrors() {
        for body in ["[]", #"{"group":"expired"}"#, #"[{"code":"x"}]"#, "[1]", #"[{"group":7}]"#] {
            XCTAssertEqual(decodeError(message("error", body: body))?.kind, .malformedBody, body)
        }
    }

    // MARK: webPixels

    func testStandardPixel() throws {
        let body = #"{"name":"page_viewed","event":{"id":"sh-1","name":"page_viewed","timestamp":"2025-06-02T09:30:00.000Z","type":"standard","context":{"document":{"location":{"pathname":"/checkouts/cn/t/information"}}},"data":{"checkout":{"totalPrice":{"amount":"1.10","currencyCode":"USD"}}}}}"#
        guard case .webPixel(let pixel) = try BridgeMessageDecoder.decode(message("webPixels", body: body)) else {
            return XCTFail("not a pixel")
        }
        XCTAssertEqual(pixel.kind, .standard)
        XCTAssertEqual(pixel.name, "page_viewed")
        XCTAssertEqual(pixel.id, "sh-1")
        XCTAssertEqual(pixel.timestamp, "2025-06-02T09:30:00.000Z")
        XCTAssertEqual(pixel.context?["document"]?["location"]?["pathname"], .string("/checkouts/cn/t/information"))
        XCTAssertEqual(pixel.data?.serialized, #"{"checkout":{"totalPrice":{"amount":"1.10","currencyCode":"USD"}}}"#)
        XCTAssertNil(pixel.customData)
    }

    func testCustomDataRoundTripsNullsNestedArraysAndLargeNumbers() throws {
        let custom = #"{"sku":null,"matrix":[[1,2],[],[[null]]],"big":98765432109876543210987654321,"price":19.990,"tiny":1e-30,"flag":false,"nested":{"z":{"a":[{"b":null}]}}}"#
        let body = #"{"name":"loyalty_points","event":{"id":"c1","name":"loyalty_points","type":"custom","timestamp":"t","customData":"# + custom + "}}"
        guard case .webPixel(let pixel) = try BridgeMessageDecoder.decode(message("webPixels", body: body)) else {
            return XCTFail("not a pixel")
        }
        XCTAssertEqual(pixel.kind, .custom)
        XCTAssertEqual(pixel.customData, custom)
        XCTAssertEqual(try BridgeMessageDecoder.decode(BridgeEnvelope.webPixel(pixel)), .webPixel(pixel))
    }

    func testPixelNeedsOnlyNameAndType() throws {
        let body = #"{"event":{"name":"checkout_started","type":"standard"}}"#
        XCTAssertEqual(try BridgeMessageDecoder.decode(message("webPixels", body: body)),
                       .webPixel(PixelEvent(kind: .standard, name: "checkout_started")))
        let outerName = #"{"name":"page_viewed","event":{"type":"standard","context":null,"data":null}}"#
        XCTAssertEqual(try BridgeMessageDecoder.decode(message("webPixels", body: outerName)),
                       .webPixel(PixelEvent(kind: .standard, name: "page_viewed")))
    }

    func testMalformedPixelsAreRefused() {
        let bodies = [
            #"{"name":"x","event":{"name":"x"}}"#,                       // no type
            #"{"name":"x","event":{"name":"x","type":"weird"}}"#,        // unknown type
            #"{"event":{"type":"standard"}}"#,                           // no name
            #"{"name":"x"}"#,                                             // no event
            #"{"name":"x","event":[]}"#,                                  // event not an object
            #"{"name":"x","event":{"name":"x","type":1}}"#,              // type not a string
            "[]",
        ]
        for body in bodies {
            XCTAssertEqual(decodeError(message("webPixels", body: body))?.kind, .malformedBody, body)
        }
    }

    func testPixelTextIsSanitised() throws {
        let body = #"{"event":{"name":"evil\u001b[2J","type":"custom","customData":{"k\u001b":"v\u009b"}}}"#
        guard case .webPixel(let pixel) = try BridgeMessageDecoder.decode(message("webPixels", body: body)) else {
            return XCTFail("not a pixel")
        }
        XCTAssertEqual(pixel.name, "evil")
        XCTAssertEqual(pixel.customData, #"{"k":"v"}"#)
    }

    // MARK: checkoutBlockingEvent

    func testCheckoutBlockingEvent() throws {
        XCTAssertEqual(try BridgeMessageDecoder.decode(BridgeEnvelope.checkoutBlocking(true)), .checkoutBlocking(true))
        XCTAssertEqual(try BridgeMessageDecoder.decode(message("checkoutBlockingEvent", body: "false")), .checkoutBlocking(false))
        XCTAssertEqual(decodeError(message("checkoutBlockingEvent", body: "\"yes\""))?.kind, .malformedBody)
    }

    // MARK: envelopes

    func testBodyThatIsNotDoubleEncodedIsRefused() {
        XCTAssertEqual(decodeError(#"{"name":"completed","body":{"orderDetails":{"id":"1"}}}"#)?.kind, .bodyNotEncoded)
        XCTAssertEqual(decodeError(#"{"name":"checkoutBlockingEvent","body":true}"#)?.kind, .bodyNotEncoded)
        XCTAssertEqual(decodeError(#"{"name":"webPixels","body":"{not json"}"#)?.kind, .bodyNotEncoded)
        XCTAssertEqual(decodeError(#"{"name":"webPixels"}"#)?.kind, .malformedBody)
        XCTAssertEqual(decodeError(#"{"name":"webPixels","body":null}"#)?.kind, .malformedBody)
    }

    func testGarbageAndUnknownNames() {
        XCTAssertEqual(decodeError("hello")?.kind, .notJSON)
        XCTAssertEqual(decodeError("")?.kind, .notJSON)
        XCTAssertEqual(decodeError("\u{1B}[2J")?.kind, .notJSON)
        XCTAssertEqual(decodeError("[]")?.kind, .notAnEnvelope)
        XCTAssertEqual(decodeError(#"{"name":5,"body":"{}"}"#)?.kind, .notAnEnvelope)
        XCTAssertEqual(decodeError(#"{"body":"{}"}"#)?.kind, .notAnEnvelope)
        let unknown = decodeError(#"{"name":"analyticsReady","body":"{}"}"#)
        XCTAssertEqual(unknown?.kind, .unknownName)
        XCTAssertEqual(unknown?.name, "analyticsReady")
    }
}
