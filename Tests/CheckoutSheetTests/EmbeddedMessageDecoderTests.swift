import XCTest
@testable import CheckoutSheet

/// Protocol 2025-10 messages: both spellings of every method, what each carries, and what is refused.
final class EmbeddedMessageDecoderTests: XCTestCase {
    private func decode(_ text: String) throws -> BridgeMessage { try BridgeMessageDecoder.decode(text) }

    private func decodeError(_ text: String) -> BridgeDecodingError? {
        do { _ = try BridgeMessageDecoder.decode(text); return nil } catch { return error }
    }

    private func rpc(_ method: String, id: String? = nil, _ params: String = "{}") -> String {
        let idPart = id.map { #","id":"\#($0)""# } ?? ""
        return #"{"jsonrpc":"2.0"\#(idPart),"method":"\#(method)","params":\#(params)}"#
    }

    private let cart = #"{"cart":{"id":"c1","buyerIdentity":{"email":"ada@example.com"}}}"#

    func testBothSpellingsOfEveryMethod() throws {
        let pairs: [(String, String)] = [
            ("checkout.start", "ec.start"), ("checkout.complete", "ec.complete"), ("checkout.error", "ec.error"),
            ("checkout.addressChangeStart", "ec.fulfillment.address_change_request"),
            ("checkout.paymentMethodChangeStart", "ec.payment.instruments_change_request"),
            ("checkout.submitStart", "ec.payment.credential_request"), ("checkout.ready", "ec.ready"),
        ]
        let params = #"{"cart":{"id":"c1"},"orderConfirmation":{"order":{"id":"9"}},"code":"CART_COMPLETED","addressType":"shipping","sessionId":"s1"}"#
        for (candidate, final) in pairs {
            XCTAssertEqual(try decode(rpc(candidate, id: "4", params)), try decode(rpc(final, id: "4", params)), candidate)
        }
        XCTAssertEqual(try decode(rpc("ec.payment.change", cart)), try decode(rpc("ec.fulfillment.change", cart)))
    }

    func testWhatEachMessageCarries() throws {
        XCTAssertEqual(try decode(rpc("ec.ready", id: "r1", #"{"delegate":["payment.credential"]}"#)),
                       .ready(id: "r1", offered: ["payment.credential"]))
        guard case .started(let start) = try decode(rpc("ec.start", #"{"cart":{"id":"c1"},"locale":"en-US"}"#)) else {
            return XCTFail("no start")
        }
        XCTAssertEqual(start.locale, "en-US")
        XCTAssertEqual(start.snapshot.cart["id"], .string("c1"))
        XCTAssertEqual(try decode(rpc("checkout.submitStart", id: "5", #"{"sessionId":"s1"}"#)),
                       .request(CheckoutRequest(kind: .submit, id: "5", sessionId: "s1")))
        XCTAssertEqual(try decode(rpc("checkout.addressChangeStart", id: "6", #"{"addressType":"shipping"}"#)),
                       .request(CheckoutRequest(kind: .addressChange, id: "6", addressType: "shipping")))
        XCTAssertEqual(try decode(rpc("checkoutBlockingEvent", "true")), .checkoutBlocking(true))
        XCTAssertEqual(try decode(rpc("checkoutBlockingEvent", #"{"blocking":false}"#)), .checkoutBlocking(false))
        XCTAssertEqual(try decode(#"{"jsonrpc":"2.0","id":"r1","result":{"delegate":[]}}"#), .response(id: "r1"))
    }

    func testCompletion() throws {
        let full = rpc("checkout.complete", ##"{"orderConfirmation":{"url":"https://a.example/thank-you","order":{"id":"1001"},"number":"#1001","isFirstOrder":true},"cart":{"id":"c1","buyerIdentity":{"email":"ada@example.com"}}}"##)
        guard case .completed(let event, let issues) = try decode(full) else { return XCTFail("no completion") }
        XCTAssertEqual(issues, [])
        XCTAssertEqual(event.decoded, .full)
        XCTAssertEqual(event.orderId, "1001")
        XCTAssertEqual(event.orderDetails.email, "ada@example.com")
        XCTAssertEqual(event.confirmation, OrderConfirmation(url: "https://a.example/thank-you", number: "#1001", isFirstOrder: true))
        guard case .completed(let partial, let partialIssues) = try decode(rpc("ec.complete", #"{"orderConfirmation":{"order":{"id":7},"isFirstOrder":"yes"}}"#)) else {
            return XCTFail("no completion")
        }
        XCTAssertEqual(partial.orderId, "7")
        XCTAssertEqual(partial.decoded, .partial)
        XCTAssertEqual(partialIssues, ["params.orderConfirmation.isFirstOrder: expected a boolean", "params.cart: missing"])
        XCTAssertEqual(decodeError(rpc("ec.complete", ##"{"orderConfirmation":{"number":"#1"}}"##))?.kind, .malformedBody)
    }

    func testErrorCodesMapToTheSheetsErrors() throws {
        XCTAssertEqual(try decode(rpc("checkout.error", #"{"code":"CART_COMPLETED","message":"Checkout already completed"}"#)),
                       .error(.checkoutExpired(message: "Checkout already completed", code: .cartCompleted)))
        XCTAssertEqual(try decode(rpc("checkout.error", #"{"code":"CART_EXPIRED"}"#)),
                       .error(.checkoutExpired(message: "Checkout has expired.", code: .cartExpired)))
        XCTAssertEqual(try decode(rpc("checkout.error", #"{"code":"STOREFRONT_PASSWORD_REQUIRED"}"#)),
                       .error(.configurationError(message: "Storefront password required", code: .storefrontPasswordRequired)))
        XCTAssertEqual(try decode(rpc("checkout.error", #"{"code":"INVALID_CART","message":"Cart is empty"}"#)),
                       .error(.checkoutUnavailable(message: "Cart is empty", code: .clientError(.invalidCart), recoverable: false)))
    }

    func testWhatIsRefused() {
        XCTAssertEqual(decodeError(#"{"jsonrpc":"1.0","method":"ec.start","params":{}}"#)?.kind, .notAnEnvelope)
        XCTAssertEqual(decodeError(#"{"jsonrpc":"2.0","params":{}}"#)?.kind, .notAnEnvelope)
        XCTAssertEqual(decodeError(#"{"jsonrpc":"2.0","method":5}"#)?.kind, .notAnEnvelope)
        let unknown = decodeError(rpc("ec.window.open_request", id: "1"))
        XCTAssertEqual(unknown?.kind, .unknownName)
        XCTAssertEqual(unknown?.name, "ec.window.open_request")
        XCTAssertEqual(decodeError(rpc("ec.start", #"{"locale":"en"}"#))?.description, "ec.start message: params.cart must be an object")
        XCTAssertEqual(decodeError(rpc("checkout.submitStart", #"{"sessionId":"s"}"#))?.kind, .malformedBody, "a request needs an id")
        XCTAssertEqual(decodeError(rpc("checkoutBlockingEvent", #""yes""#))?.kind, .malformedBody)
    }

    /// Replay takes each line in its own protocol, and a line it cannot decode gets a positioned error.
    func testReplayAcceptsBothProtocolsLineByLine() {
        var output: [String] = []
        CheckoutReplay.run(lines: [
            rpc("checkout.start", #"{"cart":{"id":"c1"},"locale":"en-US"}"#),
            rpc("ec.fulfillment.change", #"{"cart":{"id":"c1"}}"#),
            #"{"jsonrpc":"2.0","method":"ec.start","params":{"cart":"#,
            rpc("ec.payment.change", #"{"cart":{"id":"c1","paymentMethod":{"brand":"Visa"}}}"#),
            rpc("checkout.complete", #"{"orderConfirmation":{"order":{"id":"1"}},"cart":{"id":"c1"}}"#),
            rpc("ec.complete", #"{"orderConfirmation":{"order":{"id":"1"}},"cart":{"id":"c1"}}"#),
            rpc("checkout.error", #"{"code":"CART_COMPLETED"}"#),
        ], output: { output.append($0) })
        XCTAssertEqual(output, [
            #"{"event":"start","locale":"en-US","cart":{"id":"c1"}}"#,
            #"{"event":"error","line":3,"message":"not JSON (unexpected end of input, expected a value at offset 54)"}"#,
            #"{"event":"update","cart":{"id":"c1","paymentMethod":{"brand":"Visa"}}}"#,
            #"{"event":"complete","orderId":"1","decoded":"full","orderDetails":{"id":"1","deliveries":[],"paymentMethods":[]},"orderConfirmation":{},"cart":{"id":"c1"}}"#,
            #"{"event":"complete","orderId":"1","decoded":"full","orderDetails":{"id":"1","deliveries":[],"paymentMethods":[]},"orderConfirmation":{},"cart":{"id":"c1"}}"#,
        ])
        var mixed: [String] = []
        CheckoutReplay.run(lines: [
            BridgeEnvelope.webPixel(PixelEvent(kind: .standard, name: "page_viewed", id: "p1", timestamp: "t")),
            rpc("checkout.error", #"{"code":"CART_EXPIRED"}"#),
        ], output: { mixed.append($0) })
        XCTAssertEqual(mixed, [
            #"{"event":"pixel","type":"standard","name":"page_viewed","id":"p1","timestamp":"t","data":null}"#,
            #"{"event":"fail","error":{"type":"checkoutExpired","message":"Checkout has expired.","code":"cart_expired","statusCode":null,"recoverable":false}}"#,
            #"{"event":"dismiss","afterCompletion":false}"#,
        ])
    }
}
