import CustomerAccount
import Crypto
import Foundation
import Storefront

/// Customers known by an SSH key: the SSH front-end (holding the front-end credential) asks for a
/// session for a key's fingerprint; the first time, a customer is created for that key. Each
/// customer's current cart is kept here too, so any front-end finds it again.
extension AccountAuthority {
    /// A session for the customer behind `fingerprint` (created on first visit): tokens issued as
    /// for a login, to the storefront's own client.
    public func session(forKey fingerprint: String) async -> CustomerSession {
        let customer = await keyCustomer(fingerprint)
        let clientId = configuration.clients.first?.clientId ?? AccountClientRegistration.storefrontCLI.clientId
        let tokens = issueForCustomer(customer, clientId: clientId, scope: "customer-account-api:full openid")
        return CustomerSession(tokens: tokens, receivedAt: currentTime, clientId: clientId, server: metadata, customer: customer)
    }

    /// The cart the customer was filling, by access token; `.none` for a bad token.
    public func cartId(accessToken: String) -> String?? {
        guard let customer = customer(for: accessToken) else { return .none }
        return .some(customerCarts[customer.id])
    }

    /// Remembers (or, with nil, forgets) the customer's cart; false for a bad token.
    public func setCartId(_ cartId: String?, accessToken: String) async -> Bool {
        guard let customer = customer(for: accessToken) else { return false }
        customerCarts[customer.id] = cartId
        await keep?(CustomerRecord(customer: customer, keyFingerprint: fingerprint(of: customer), cartId: cartId))
        return true
    }

    /// A customer per key. Nothing about the person is known, so no name and no e-mail: the
    /// checkout asks for both, and the first order's are remembered.
    static func customer(forKey fingerprint: String, number: Int) -> Customer {
        Customer(id: "gid://shopify/Customer/\(8000 + number)")
    }

    /// A key's customer as kept before names and e-mails were asked for, when each was given a
    /// made-up `ssh-<digest>@example.com` and the name "Shopper <digest>": they named no one, so
    /// they are dropped.
    static func withoutPlaceholders(_ record: CustomerRecord) -> CustomerRecord {
        guard let fingerprint = record.keyFingerprint else { return record }
        let digest = digest(of: fingerprint)
        var cleaned = record
        if record.customer.email == "ssh-\(digest)@example.com" { cleaned.customer.email = nil }
        if record.customer.firstName == "Shopper", record.customer.lastName == String(digest.prefix(6)) {
            cleaned.customer.firstName = nil
            cleaned.customer.lastName = nil
        }
        return cleaned
    }

    private static func digest(of fingerprint: String) -> String {
        SHA256.hash(data: Data(fingerprint.utf8)).prefix(5).map { String(format: "%02x", $0) }.joined()
    }
}
