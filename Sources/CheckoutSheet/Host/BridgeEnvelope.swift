import Storefront

/// Writes bridge messages in the wire format of protocol 8.1, the inverse of `BridgeMessageDecoder`:
/// `{"name": NAME, "body": "<JSON text>"}`. The page side uses it to post; tests use it to build input.
package enum BridgeEnvelope {
    /// The protocol version spoken on the bridge.
    package static let protocolVersion = "8.1"

    package static func encode(name: String, body: JSONValue) -> String {
        JSONValue.object([("name", .string(name)), ("body", .string(body.serialized))]).serialized
    }

    package static func completed(_ details: OrderDetails) -> String {
        encode(name: BridgeMessage.Name.completed.rawValue, body: .object([("orderDetails", details.jsonValue)]))
    }

    package static func error(group: String, code: String?, reason: String?) -> String {
        let element = JSONValue.compactObject([("group", .string(group)), ("code", code.map(JSONValue.string)),
                                               ("reason", reason.map(JSONValue.string))])
        return encode(name: BridgeMessage.Name.error.rawValue, body: .array([element]))
    }

    /// A pixel event; a custom event's `customData` (JSON text) is written back as JSON.
    package static func webPixel(_ event: PixelEvent) -> String {
        let custom = event.customData.flatMap { try? JSONValue(parsing: $0) }
        let payload = JSONValue.compactObject([
            ("id", event.id.map(JSONValue.string)),
            ("name", .string(event.name)),
            ("timestamp", event.timestamp.map(JSONValue.string)),
            ("type", .string(event.kind.rawValue)),
            ("context", event.context),
            ("data", event.data),
            ("customData", custom),
        ])
        return encode(name: BridgeMessage.Name.webPixels.rawValue,
                      body: .object([("name", .string(event.name)), ("event", payload)]))
    }

    package static func checkoutBlocking(_ blocking: Bool) -> String {
        encode(name: BridgeMessage.Name.checkoutBlockingEvent.rawValue, body: .bool(blocking))
    }

    /// Host -> page: the sheet is on screen, pixel events may flow.
    package static let presented = JSONValue.object([("name", .string("presented"))]).serialized
}
