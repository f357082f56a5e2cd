import Storefront

/// Decodes bridge messages of either protocol: a JSON-RPC object is protocol 2025-10
/// (`EmbeddedMessageDecoder`); anything else is read as protocol 8.1: `{"name": NAME, "body": BODY}` where BODY is a JSON document
/// written into a string (double-encoded). Tolerance is deliberate and limited:
/// - `webPixels` needs only the event's name and type; id, timestamp, context and data may be missing.
/// - `completed` needs `orderDetails.id`; anything else missing or malformed makes it `partial`.
/// - unknown members are ignored everywhere; unknown message names are an error the host reports.
/// Every string taken from a message is sanitised here.
package enum BridgeMessageDecoder {
    package static func decode(_ text: String) throws(BridgeDecodingError) -> BridgeMessage {
        try decodeDetectingProtocol(text).message
    }

    /// The message and the protocol its line is written in.
    package static func decodeDetectingProtocol(_ text: String) throws(BridgeDecodingError)
        -> (message: BridgeMessage, protocolVersion: CheckoutProtocol) {
        let envelope: JSONValue
        do { envelope = try JSONValue(parsing: text) } catch {
            throw BridgeDecodingError(kind: .notJSON, name: nil, reason: "not JSON (\(error))")
        }
        if EmbeddedMessageDecoder.isEmbedded(envelope) { return (try EmbeddedMessageDecoder.decode(envelope), .embedded202510) }
        return (try decode81(envelope), .bridge81)
    }

    private static func decode81(_ envelope: JSONValue) throws(BridgeDecodingError) -> BridgeMessage {
        guard envelope.objectMembers != nil, let rawName = envelope["name"]?.stringValue else {
            throw BridgeDecodingError(kind: .notAnEnvelope, name: nil,
                                      reason: "expected an object {\"name\": string, \"body\": string}")
        }
        let name = TextSanitizer.cleanLine(rawName)
        guard let known = BridgeMessage.Name(rawValue: name) else {
            throw BridgeDecodingError(kind: .unknownName, name: name, reason: "unknown message name, ignored")
        }
        let body = try decodeBody(envelope["body"], name: name)
        switch known {
        case .completed: return try completed(body)
        case .error: return try error(body)
        case .webPixels: return .webPixel(try pixel(body))
        case .checkoutBlockingEvent:
            guard let blocking = body.boolValue else {
                throw BridgeDecodingError(kind: .malformedBody, name: name, reason: "body must be \"true\" or \"false\"")
            }
            return .checkoutBlocking(blocking)
        }
    }

    /// The body is a string holding JSON; anything else (an object written directly, a number) is
    /// refused, since it means the page speaks another protocol version.
    private static func decodeBody(_ value: JSONValue?, name: String) throws(BridgeDecodingError) -> JSONValue {
        guard let value, !value.isNull else {
            throw BridgeDecodingError(kind: .malformedBody, name: name, reason: "missing body")
        }
        guard let text = value.stringValue else {
            throw BridgeDecodingError(kind: .bodyNotEncoded, name: name,
                                      reason: "body must be a JSON-encoded string (protocol 8.1 encodes it twice)")
        }
        do { return try JSONValue(parsing: text) } catch {
            throw BridgeDecodingError(kind: .bodyNotEncoded, name: name, reason: "body string is not JSON (\(error))")
        }
    }

    private static func completed(_ body: JSONValue) throws(BridgeDecodingError) -> BridgeMessage {
        guard let orderDetails = body["orderDetails"], !orderDetails.isNull else {
            throw BridgeDecodingError(kind: .malformedBody, name: "completed", reason: "missing orderDetails")
        }
        let decoding = OrderDetails.decode(orderDetails)
        guard let details = decoding.details else {
            throw BridgeDecodingError(kind: .malformedBody, name: "completed",
                                      reason: "orderDetails has no id (\(decoding.issues.joined(separator: "; ")))")
        }
        let event = CheckoutCompletedEvent(orderDetails: details, decoded: decoding.issues.isEmpty ? .full : .partial)
        return .completed(event, issues: decoding.issues)
    }

    /// The first element counts: group `expired`, `configuration` and `unrecoverable` become failures,
    /// other groups are ignored.
    private static func error(_ body: JSONValue) throws(BridgeDecodingError) -> BridgeMessage {
        guard let elements = body.arrayValue else {
            throw BridgeDecodingError(kind: .malformedBody, name: "error", reason: "body must be an array of errors")
        }
        guard let first = elements.first, first.objectMembers != nil else {
            throw BridgeDecodingError(kind: .malformedBody, name: "error", reason: "no error object in the array")
        }
        var reader = JSONFieldReader()
        guard let group = reader.string(first, "group", at: "error[0]") else {
            throw BridgeDecodingError(kind: .malformedBody, name: "error", reason: "error[0] has no group")
        }
        let wireCode = reader.string(first, "code", at: "error[0]")
        let reason = reader.string(first, "reason", at: "error[0]")
        let code = CheckoutErrorCode(wire: wireCode)
        switch group {
        case "expired":
            let fallback = code == .cartCompleted ? "Checkout already completed" : "Checkout has expired."
            return .error(.checkoutExpired(message: reason ?? fallback, code: code))
        case "configuration":
            let fallback = code == .storefrontPasswordRequired ? "Storefront password required" : "Checkout is not configured correctly"
            return .error(.configurationError(message: reason ?? fallback, code: code))
        case "unrecoverable":
            return .error(.checkoutUnavailable(message: reason ?? "Checkout is unavailable", code: .clientError(code),
                                               recoverable: false))
        default:
            return .ignoredError(group: group)
        }
    }

    /// Needs only the event's name and type. A custom event's `customData` is handed on as JSON text.
    private static func pixel(_ body: JSONValue) throws(BridgeDecodingError) -> PixelEvent {
        guard body.objectMembers != nil else {
            throw BridgeDecodingError(kind: .malformedBody, name: "webPixels", reason: "body must be an object")
        }
        guard let event = body["event"], event.objectMembers != nil else {
            throw BridgeDecodingError(kind: .malformedBody, name: "webPixels", reason: "missing event object")
        }
        var reader = JSONFieldReader()
        guard let name = reader.string(event, "name", at: "event") ?? reader.string(body, "name", at: "body"),
              !name.isEmpty else {
            throw BridgeDecodingError(kind: .malformedBody, name: "webPixels", reason: "pixel event without a name")
        }
        guard let typeText = reader.string(event, "type", at: "event") else {
            throw BridgeDecodingError(kind: .malformedBody, name: "webPixels", reason: "pixel event \(name) has no type")
        }
        guard let kind = PixelEvent.Kind(rawValue: typeText) else {
            throw BridgeDecodingError(kind: .malformedBody, name: "webPixels",
                                      reason: "pixel event \(name) has unknown type \"\(typeText)\"")
        }
        let clean: (JSONValue) -> JSONValue = { $0.mapStrings(TextSanitizer.clean) }
        let customData = kind == .custom ? reader.member(event, "customData").map { clean($0).serialized } : nil
        return PixelEvent(kind: kind, name: name, id: reader.text(event, "id", at: "event"),
                          timestamp: reader.text(event, "timestamp", at: "event"),
                          context: reader.member(event, "context").map(clean),
                          data: reader.member(event, "data").map(clean), customData: customData)
    }

    /// A one-line description naming the message, never its content (for logs).
    package static func summary(of message: BridgeMessage) -> String {
        switch message {
        case .completed(let event, let issues):
            return "completed (order \(event.orderId), \(event.decoded.rawValue)\(issues.isEmpty ? "" : ", \(issues.count) issues"))"
        case .error(let error): return "error (\(error.typeName), \(error.code.rawValue))"
        case .ignoredError(let group): return "error (group \(group), ignored)"
        case .webPixel(let pixel): return "webPixels \(pixel.kind.rawValue) \(pixel.name)"
        case .checkoutBlocking(let blocking): return "checkoutBlockingEvent \(blocking)"
        case .ready(let id, let offered): return "ready (id \(id), offers \(offered.joined(separator: " ")))"
        case .started: return "start"
        case .updated: return "update"
        case .request(let request): return "\(request.eventName) (id \(request.id))"
        case .response(let id): return "response (id \(id))"
        }
    }
}
