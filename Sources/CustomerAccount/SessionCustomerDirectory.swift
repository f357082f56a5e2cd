import Foundation
import Storefront

/// Lets the embedded storefront resolve the token of the customer logged in on this machine: the
/// token file says whose it is. Only that token, and only while it is valid, resolves.
public struct SessionCustomerDirectory: CustomerDirectory {
    public let store: TokenStore
    public let now: @Sendable () -> Date

    public init(store: TokenStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.store = store; self.now = now
    }

    public func customer(accessToken: String) async throws -> Customer? {
        let time = now()
        guard let session = try? store.load(now: time), !session.isExpired(at: time),
              PKCE.constantTimeEqual(session.accessToken.rawValue, accessToken) else { return nil }
        return session.customer
    }
}
