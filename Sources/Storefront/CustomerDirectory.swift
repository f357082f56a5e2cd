import Foundation
import StorefrontModels

/// Resolves a Customer Account access token to its customer. A store that accepts
/// `buyerIdentity.customerAccessToken` asks it when a cart is created or its buyer identity changes.
public protocol CustomerDirectory: Sendable {
    /// The customer the token belongs to; nil when the token is unknown, expired or revoked.
    /// Throws only when the question could not be asked (the account server is unreachable).
    func customer(accessToken: String) async throws -> Customer?

    /// A customer checked out giving `email` (nil unless it reads as one) and shipping to
    /// `shippingAddress`: a directory that keeps its customers' contact remembers what it did not
    /// know for their next checkout. Most directories keep nothing.
    func customerCheckedOut(customerId: String, email: String?, shippingAddress: MailingAddress?) async
}

extension CustomerDirectory {
    public func customerCheckedOut(customerId: String, email: String?, shippingAddress: MailingAddress?) async {}
}
