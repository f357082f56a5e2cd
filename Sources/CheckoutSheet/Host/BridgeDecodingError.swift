/// Why a bridge message was not understood. The host reports it and goes on: a bad message never
/// fails the checkout.
package struct BridgeDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    package enum Kind: String, Hashable, Sendable {
        /// The text is not JSON.
        case notJSON
        /// JSON, but not `{"name": String, "body": ...}`.
        case notAnEnvelope
        /// The body is not the JSON-encoded string the protocol requires, or not JSON inside.
        case bodyNotEncoded
        /// A name this host does not know; the message is ignored.
        case unknownName
        /// A known message whose body lacks what the host needs (a pixel without name or type,
        /// a completion without an order id, an error without an element).
        case malformedBody
    }

    package var kind: Kind
    /// The message name, when it could be read.
    package var name: String?
    package var reason: String

    package init(kind: Kind, name: String?, reason: String) { self.kind = kind; self.name = name; self.reason = reason }

    package var description: String {
        if let name { return "\(name) message: \(reason)" }
        return reason
    }
}
