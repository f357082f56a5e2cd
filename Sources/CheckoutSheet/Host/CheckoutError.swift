/// Codes the checkout reports, as the kit's `CheckoutErrorCode` raw values.
public enum CheckoutErrorCode: String, Hashable, Sendable, Codable, CaseIterable {
    case storefrontPasswordRequired = "storefront_password_required"
    case cartExpired = "cart_expired"
    case cartCompleted = "cart_completed"
    case invalidCart = "invalid_cart"
    case unknown

    /// Maps a code from the wire; anything unmapped is `.unknown`.
    public init(wire: String?) { self = wire.flatMap(CheckoutErrorCode.init(rawValue:)) ?? .unknown }
}

/// Why a checkout is unavailable: a client-side code or an HTTP status.
public enum CheckoutUnavailableCode: Hashable, Sendable {
    case clientError(CheckoutErrorCode)
    case httpError(statusCode: Int)
}

/// A checkout failure, with the kit's four cases.
public enum CheckoutError: Error, Hashable, Sendable {
    /// Something failed inside the kit (or the connection): recoverable by default.
    case sdkError(underlying: String, recoverable: Bool = true)
    /// The checkout cannot work as configured (password-protected store, bad URL): not recoverable.
    case configurationError(message: String, code: CheckoutErrorCode, recoverable: Bool = false)
    /// The checkout could not be loaded or was refused.
    case checkoutUnavailable(message: String, code: CheckoutUnavailableCode, recoverable: Bool)
    /// The cart expired or was already completed: not recoverable.
    case checkoutExpired(message: String, code: CheckoutErrorCode, recoverable: Bool = false)

    public var isRecoverable: Bool {
        switch self {
        case .sdkError(_, let r), .configurationError(_, _, let r), .checkoutUnavailable(_, _, let r),
             .checkoutExpired(_, _, let r):
            return r
        }
    }

    public var message: String {
        switch self {
        case .sdkError(let underlying, _): return underlying
        case .configurationError(let message, _, _), .checkoutUnavailable(let message, _, _),
             .checkoutExpired(let message, _, _):
            return message
        }
    }

    /// The wire name of the case: "sdkError", "configurationError", "checkoutUnavailable", "checkoutExpired".
    public var typeName: String {
        switch self {
        case .sdkError: return "sdkError"
        case .configurationError: return "configurationError"
        case .checkoutUnavailable: return "checkoutUnavailable"
        case .checkoutExpired: return "checkoutExpired"
        }
    }

    /// The error code, when the case carries one (`unknown` for sdk errors and HTTP failures).
    public var code: CheckoutErrorCode {
        switch self {
        case .sdkError: return .unknown
        case .configurationError(_, let code, _), .checkoutExpired(_, let code, _): return code
        case .checkoutUnavailable(_, let code, _):
            if case .clientError(let c) = code { return c }
            return .unknown
        }
    }

    /// The HTTP status, for HTTP failures.
    public var statusCode: Int? {
        if case .checkoutUnavailable(_, .httpError(let status), _) = self { return status }
        return nil
    }
}
