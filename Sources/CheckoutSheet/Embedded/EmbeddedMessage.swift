import Storefront

/// Writes protocol 2025-10 messages (JSON-RPC 2.0), the inverse of `EmbeddedMessageDecoder`. The
/// page side posts with the final Embedded Checkout Protocol's `ec.*` names (errors and blocking
/// with the 4.0 kit's names, which the protocol keeps); the host answers requests with `result` or
/// `error`. Tests use it to build input.
enum EmbeddedMessage {
    static func notification(_ method: String, _ params: JSONValue) -> String {
        JSONValue.object([("jsonrpc", .string("2.0")), ("method", .string(method)), ("params", params)]).serialized
    }

    static func request(_ method: String, id: String, _ params: JSONValue) -> String {
        JSONValue.object([("jsonrpc", .string("2.0")), ("id", .string(id)), ("method", .string(method)), ("params", params)])
            .serialized
    }

    static func ready(id: String, offering delegations: [CheckoutDelegation]) -> String {
        request("ec.ready", id: id, .object([("delegate", .array(delegations.map { .string($0.rawValue) }))]))
    }

    static func start(_ snapshot: CheckoutSnapshot, locale: String) -> String {
        notification("ec.start", .object([("cart", snapshot.cart), ("locale", .string(locale))]))
    }

    /// `ec.fulfillment.change` after delivery changes, `ec.payment.change` after payment changes.
    static func update(_ snapshot: CheckoutSnapshot, payment: Bool) -> String {
        notification(payment ? "ec.payment.change" : "ec.fulfillment.change", .object([("cart", snapshot.cart)]))
    }

    static func complete(orderId: String, number: String, url: String, isFirstOrder: Bool?, cart: CheckoutSnapshot) -> String {
        notification("ec.complete", .object([
            ("orderConfirmation", .object([("url", .string(url)), ("order", .object([("id", .string(orderId))])),
                                           ("number", .string(number)), ("isFirstOrder", isFirstOrder.map(JSONValue.bool) ?? .null)])),
            ("cart", cart.cart),
        ]))
    }

    /// `code` in the protocol's spelling: `CART_COMPLETED`, `CART_EXPIRED`, `STOREFRONT_PASSWORD_REQUIRED`...
    static func error(code: String, message: String) -> String {
        notification("checkout.error", .object([("code", .string(code)), ("message", .string(message))]))
    }

    static func blocking(_ blocking: Bool) -> String {
        notification("checkoutBlockingEvent", .object([("blocking", .bool(blocking))]))
    }

    static func method(for kind: CheckoutDelegation) -> String {
        switch kind {
        case .addressChange: return "ec.fulfillment.address_change_request"
        case .paymentMethodChange: return "ec.payment.instruments_change_request"
        case .submit: return "ec.payment.credential_request"
        }
    }

    // MARK: Host -> page

    static func result(id: String, _ result: JSONValue) -> String {
        JSONValue.object([("jsonrpc", .string("2.0")), ("id", .string(id)), ("result", result)]).serialized
    }

    /// JSON-RPC's "server error" range; -32001 for a request the host did not answer in time.
    static func errorReply(id: String, code: Int, message: String) -> String {
        JSONValue.object([("jsonrpc", .string("2.0")), ("id", .string(id)),
                          ("error", .object([("code", .number(String(code))), ("message", .string(message))]))]).serialized
    }

    static let refusedCode = -32000
    static let timeoutCode = -32001
    static let notDeclaredCode = -32601

    /// The answer to the ready handshake: the delegations the host accepts.
    static func readyResult(id: String, accepted: [CheckoutDelegation]) -> String {
        result(id: id, .object([("delegate", .array(accepted.map { .string($0.rawValue) }))]))
    }

    /// An answer as a JSON-RPC result (the change) or error (the host's errors).
    static func reply(id: String, _ answer: CheckoutRequestAnswer) -> String {
        switch answer {
        case .address(let address):
            return result(id: id, .object([("address", mailingAddress(address))]))
        case .paymentCard(let card):
            return result(id: id, .object([("paymentCard", .object([
                ("number", .string(card.number)), ("expiry", .string(card.expiry)),
                ("securityCode", .string(card.securityCode)), ("name", .string(card.nameOnCard)),
            ]))]))
        case .proceed:
            return result(id: id, .object([("proceed", .bool(true))]))
        case .errors(let messages):
            return errorReply(id: id, code: refusedCode, message: messages.joined(separator: "; "))
        }
    }

    static func mailingAddress(_ a: MailingAddress) -> JSONValue {
        JSONValue.compactObject([
            ("firstName", a.firstName.map(JSONValue.string)), ("lastName", a.lastName.map(JSONValue.string)),
            ("address1", a.address1.map(JSONValue.string)), ("address2", a.address2.map(JSONValue.string)),
            ("city", a.city.map(JSONValue.string)), ("zoneCode", a.zoneCode.map(JSONValue.string)),
            ("countryCode", a.countryCode.map(JSONValue.string)), ("postalCode", a.postalCode.map(JSONValue.string)),
            ("phone", a.phone.map(JSONValue.string)),
        ])
    }
}
