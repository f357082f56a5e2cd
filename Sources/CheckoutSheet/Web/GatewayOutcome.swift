/// The gateway's answer to an authorization.
public enum GatewayOutcome: String, Hashable, Sendable {
    case approved, declined, gatewayError
}
