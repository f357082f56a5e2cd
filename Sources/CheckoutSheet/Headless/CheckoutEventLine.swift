/// Lifecycle events as JSON lines, the output of `checkout-demo` and `checkout replay`: one object
/// per event, members always in the same order, amounts as exact decimal strings.
///
///     {"event":"complete","orderId":"1001","decoded":"full","orderDetails":{...}}
///     {"event":"cancel","afterCompletion":true}
///     {"event":"fail","error":{"type":"checkoutUnavailable","message":"...","code":"unknown","statusCode":503,"recoverable":true}}
///     {"event":"pixel","type":"standard","name":"page_viewed","id":"...","timestamp":"...","data":{...}}
///     {"event":"pixel","type":"custom","name":"...","id":"...","timestamp":"...","customData":"{...}"}
///     {"event":"linkClick","url":"mailto:help@example.com"}
///     {"event":"recovery"}
///     {"event":"start","locale":"en-US","cart":{...}}            (protocol 2025-10 from here)
///     {"event":"update","cart":{...}}
///     {"event":"addressChangeStart","id":"...","addressType":"shipping"}
///     {"event":"answer","request":"submitStart","id":"...","result":"timeout","message":"..."}
///     {"event":"dismiss","afterCompletion":false}
///     {"event":"error","line":3,"message":"..."}          (replay: a line that was not understood)
/// A 2025-10 completion adds `orderConfirmation` and `cart` to the complete line.
package enum CheckoutEventLine {
    package static func jsonValue(_ event: CheckoutEvent) -> JSONValue {
        let name = JSONValue.string(event.name)
        switch event {
        case .completed(let completed):
            var members: [(String, JSONValue)] = [("event", name), ("orderId", .string(completed.orderId)),
                                                  ("decoded", .string(completed.decoded.rawValue)),
                                                  ("orderDetails", completed.orderDetails.jsonValue)]
            if let confirmation = completed.confirmation {
                members.append(("orderConfirmation", .compactObject([
                    ("url", confirmation.url.map(JSONValue.string)), ("number", confirmation.number.map(JSONValue.string)),
                    ("isFirstOrder", confirmation.isFirstOrder.map(JSONValue.bool)),
                ])))
            }
            if let cart = completed.cart { members.append(("cart", cart.cart)) }
            return .object(members)
        case .started(let start):
            return .object([("event", name), ("locale", start.locale.map(JSONValue.string) ?? .null),
                            ("cart", start.snapshot.cart)])
        case .updated(let snapshot):
            return .object([("event", name), ("cart", snapshot.cart)])
        case .dismissed(let afterCompletion):
            return .object([("event", name), ("afterCompletion", .bool(afterCompletion))])
        case .requested(let request):
            return .compactObject([("event", name), ("id", .string(request.id)),
                                   ("addressType", request.addressType.map(JSONValue.string)),
                                   ("sessionId", request.sessionId.map(JSONValue.string))])
        case .answered(let outcome):
            return .compactObject([("event", name), ("request", .string(outcome.request.eventName)),
                                   ("id", .string(outcome.request.id)), ("result", .string(outcome.result.rawValue)),
                                   ("message", outcome.message.map(JSONValue.string))])
        case .canceled(let afterCompletion):
            return .object([("event", name), ("afterCompletion", .bool(afterCompletion))])
        case .failed(let error):
            return .object([("event", name), ("error", jsonValue(error))])
        case .pixel(let pixel):
            let payload: (String, JSONValue) = pixel.kind == .custom
                ? ("customData", pixel.customData.map(JSONValue.string) ?? .null)
                : ("data", pixel.data ?? .null)
            return .object([("event", name), ("type", .string(pixel.kind.rawValue)), ("name", .string(pixel.name)),
                            ("id", pixel.id.map(JSONValue.string) ?? .null),
                            ("timestamp", pixel.timestamp.map(JSONValue.string) ?? .null), payload])
        case .linkClicked(let url):
            return .object([("event", name), ("url", .string(url))])
        case .recoveryStarted:
            return .object([("event", name)])
        }
    }

    package static func jsonValue(_ error: CheckoutError) -> JSONValue {
        .object([("type", .string(error.typeName)), ("message", .string(error.message)),
                 ("code", .string(error.code.rawValue)),
                 ("statusCode", error.statusCode.map { .number(String($0)) } ?? .null),
                 ("recoverable", .bool(error.isRecoverable))])
    }

    package static func encode(_ event: CheckoutEvent) -> String { jsonValue(event).serialized }

    /// A replay line that produced no event because it was not understood.
    package static func error(line: Int, message: String) -> String {
        JSONValue.object([("event", .string("error")), ("line", .number(String(line))), ("message", .string(message))]).serialized
    }
}
