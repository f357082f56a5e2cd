/// The gateway's answer to an authorization.
package enum GatewayOutcome: String, Hashable, Sendable {
    case approved, declined, gatewayError
}
