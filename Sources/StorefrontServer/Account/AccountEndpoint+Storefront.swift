import CustomerAccount
import Foundation
import Storefront

extension AccountEndpoint {
    /// The account server of a local storefront: the demo customer, whose orders are the store's
    /// orders placed with their email, and the store resolving the tokens this server issues (so
    /// `buyerIdentity.customerAccessToken` on a cart names the customer).
    public static func serving(_ storefront: EmbeddedStorefront, configuration: AccountAuthority.Configuration,
                               issuer: URL = URL(string: "http://127.0.0.1\(Path.base)")!, publicURL: URL? = nil,
                               now: @escaping @Sendable () -> Date = { Date() }, random: RandomSource = .system) async -> AccountEndpoint {
        // Customers known by a key, and their carts, are kept with the shop's records.
        let authority = AccountAuthority(issuer: issuer, configuration: configuration, orders: { try await storefront.orders() },
                                         now: now, random: random, customers: await storefront.keptCustomers(),
                                         keep: { record in try? await storefront.keep(record) })
        await storefront.setCustomerDirectory(authority)
        await authority.setSubscriptionBook(storefront)
        // Logging in from another device (RFC 8628) needs an address the shopper's phone can open.
        let devices = publicURL.map { DeviceAuthorizations(verificationURI: $0.appendingPathComponent(String((Path.base + Path.device).dropFirst())), now: now) }
        return AccountEndpoint(authority: authority, shopName: storefront.catalog.shop.name, devices: devices)
    }
}
