import Storefront

/// Decodes protocol 2025-10 messages: JSON-RPC 2.0 objects `{"jsonrpc":"2.0","method":…,"params":…}`
/// (requests carry an `id`). Both spellings of every method are accepted: the 4.0 release
/// candidates' `checkout.*` names and the final Embedded Checkout Protocol's `ec.*` names.
/// Every string taken from a message is sanitised here.
enum EmbeddedMessageDecoder {
    /// What a method name means, in either spelling.
    enum Method: Hashable {
        case ready, start, update, complete, error, blocking
        case request(CheckoutDelegation)

        init?(name: String) {
            switch name {
            case "ec.ready", "checkout.ready": self = .ready
            case "checkout.start", "ec.start": self = .start
            case "ec.fulfillment.change", "ec.payment.change", "checkout.update": self = .update
            case "checkout.complete", "ec.complete": self = .complete
            case "checkout.error", "ec.error": self = .error
            case "checkoutBlockingEvent", "ec.blocking": self = .blocking
            case "checkout.addressChangeStart", "ec.fulfillment.address_change_request": self = .request(.addressChange)
            case "checkout.paymentMethodChangeStart", "ec.payment.instruments_change_request":
                self = .request(.paymentMethodChange)
            case "checkout.submitStart", "ec.payment.credential_request": self = .request(.submit)
            default: return nil
            }
        }
    }

    /// True for a JSON-RPC object (it names `jsonrpc`): the 2025-10 protocol.
    static func isEmbedded(_ envelope: JSONValue) -> Bool { envelope.objectMembers != nil && envelope["jsonrpc"] != nil }

    static func decode(_ envelope: JSONValue) throws(BridgeDecodingError) -> BridgeMessage {
        guard envelope["jsonrpc"]?.stringValue == "2.0" else {
            throw BridgeDecodingError(kind: .notAnEnvelope, name: nil, reason: "jsonrpc must be \"2.0\"")
        }
        var reader = JSONFieldReader()
        let id = reader.text(envelope, "id", at: "message")
        guard let rawMethod = envelope["method"] else {
            guard let id, envelope["result"] != nil || envelope["error"] != nil else {
                throw BridgeDecodingError(kind: .notAnEnvelope, name: nil,
                                          reason: "a JSON-RPC message needs a method, or an id with a result or an error")
            }
            return .response(id: id)
        }
        guard let methodText = rawMethod.stringValue else {
            throw BridgeDecodingError(kind: .notAnEnvelope, name: nil, reason: "method must be a string")
        }
        let name = TextSanitizer.cleanLine(methodText)
        guard let method = Method(name: name) else {
            throw BridgeDecodingError(kind: .unknownName, name: name, reason: "unknown method, ignored")
        }
        let params = envelope["params"] ?? .null
        switch method {
        case .ready:
            guard let id else { throw malformed(name, "a ready handshake needs an id") }
            let offered = reader.array(params, "delegate", at: "params").compactMap(\.stringValue).map(TextSanitizer.cleanLine)
            return .ready(id: id, offered: offered)
        case .start:
            let cart = try snapshot(params, name)
            return .started(CheckoutStartEvent(snapshot: cart, locale: reader.string(params, "locale", at: "params")))
        case .update:
            return .updated(try snapshot(params, name))
        case .complete:
            return try completed(params, name)
        case .error:
            return .error(failure(params, reader: &reader))
        case .blocking:
            guard let blocking = params.boolValue ?? params["blocking"]?.boolValue else {
                throw malformed(name, "params must be true, false or {\"blocking\": bool}")
            }
            return .checkoutBlocking(blocking)
        case .request(let kind):
            guard let id else { throw malformed(name, "a request needs an id to be answered") }
            return .request(CheckoutRequest(kind: kind, id: id, addressType: reader.string(params, "addressType", at: "params"),
                                            sessionId: reader.text(params, "sessionId", at: "params")))
        }
    }

    private static func malformed(_ name: String, _ reason: String) -> BridgeDecodingError {
        BridgeDecodingError(kind: .malformedBody, name: name, reason: reason)
    }

    private static func snapshot(_ params: JSONValue, _ name: String) throws(BridgeDecodingError) -> CheckoutSnapshot {
        guard let cart = params["cart"], cart.objectMembers != nil else { throw malformed(name, "params.cart must be an object") }
        return CheckoutSnapshot(cart: cart.mapStrings(TextSanitizer.clean))
    }

    /// Needs `orderConfirmation.order.id`; the rest is optional.
    private static func completed(_ params: JSONValue, _ name: String) throws(BridgeDecodingError) -> BridgeMessage {
        var reader = JSONFieldReader()
        let confirmation = reader.object(params, "orderConfirmation", at: "params")
        let order = reader.object(confirmation, "order", at: "params.orderConfirmation")
        guard let id = reader.text(order, "id", at: "params.orderConfirmation.order"), !id.isEmpty else {
            throw malformed(name, "params.orderConfirmation.order.id is missing")
        }
        let cart = reader.object(params, "cart", at: "params").map { CheckoutSnapshot(cart: $0.mapStrings(TextSanitizer.clean)) }
        let buyer = reader.object(cart?.cart, "buyerIdentity", at: "params.cart")
        let details = OrderDetails(id: id, email: reader.string(buyer, "email", at: "params.cart.buyerIdentity"),
                                   phone: reader.string(buyer, "phone", at: "params.cart.buyerIdentity"))
        var isFirstOrder: Bool?
        if let flag = reader.member(confirmation, "isFirstOrder") {
            isFirstOrder = flag.boolValue
            if isFirstOrder == nil { reader.note("params.orderConfirmation.isFirstOrder", "expected a boolean") }
        }
        let summary = OrderConfirmation(url: reader.string(confirmation, "url", at: "params.orderConfirmation"),
                                        number: reader.text(confirmation, "number", at: "params.orderConfirmation"),
                                        isFirstOrder: isFirstOrder)
        if cart == nil { reader.note("params.cart", "missing") }
        let event = CheckoutCompletedEvent(orderDetails: details, decoded: reader.issues.isEmpty ? .full : .partial,
                                           confirmation: summary, cart: cart)
        return .completed(event, issues: reader.issues)
    }

    /// `{"code": "CART_COMPLETED", "message": "..."}` as the sheet's `CheckoutError`, the same
    /// cases protocol 8.1's error groups map to.
    private static func failure(_ params: JSONValue, reader: inout JSONFieldReader) -> CheckoutError {
        let wire = reader.string(params, "code", at: "params") ?? ""
        let message = reader.string(params, "message", at: "params")
        let code = CheckoutErrorCode(wire: wire.lowercased())
        switch wire.uppercased() {
        case "CART_EXPIRED", "CHECKOUT_EXPIRED":
            return .checkoutExpired(message: message ?? "Checkout has expired.", code: .cartExpired)
        case "CART_COMPLETED":
            return .checkoutExpired(message: message ?? "Checkout already completed", code: .cartCompleted)
        case "STOREFRONT_PASSWORD_REQUIRED":
            return .configurationError(message: message ?? "Storefront password required", code: .storefrontPasswordRequired)
        default:
            return .checkoutUnavailable(message: message ?? "Checkout is unavailable", code: .clientError(code), recoverable: false)
        }
    }
}
