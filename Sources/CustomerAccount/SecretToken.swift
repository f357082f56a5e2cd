/// A credential (access, refresh or ID token). It is sent where it must go and stored in the
/// token file, but never shown: printing, interpolating, dumping or logging it gives "<redacted>".
public struct SecretToken: Hashable, Sendable, Codable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable {
    /// The credential itself, for the few places that send it.
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    public var description: String { "<redacted>" }
    public var debugDescription: String { "<redacted>" }
    public var customMirror: Mirror { Mirror(self, children: ["rawValue": "<redacted>"], displayStyle: .struct) }
}
