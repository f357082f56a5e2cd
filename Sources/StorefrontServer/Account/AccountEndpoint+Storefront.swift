import CustomerAccount
import Foundation
import Storefront

extension AccountEndpoint {
    /// The account server of a local storefront: the demo customer, whose orders are the store's
    /// orders placed with their email, and the store resolving the tokens this server issues (so
    /// `buyerIdentity.customerAccessToken` on a cart names the customer).
    ///
    /// The storefront holds the authority (it resolves the tokens through it); the authority refers
    /// back to the storefront weakly, so a server that stops frees its shop and closes its database.
    public static func serving(_ storefront: EmbeddedStorefront, configuration: AccountAuthority.Configuration,
                               issuer: URL = URL(string: "http://127.0.0.1\(Path.base)")!, publicURL: URL? = nil,
                               now: @escaping @Sendable () -> Date = { Date() }, random: RandomSource = .system) async -> AccountEndpoint {
        // Customers known by a key, and their carts, are kept with the shop's records.
        let book = ServedShop(storefront)
        let authority = AccountAuthority(issuer: issuer, configuration: configuration, orders: { try await book.shop().orders() },
                                         now: now, random: random, customers: await storefront.keptCustomers(),
                                         keep: { record in try? await book.shop().keep(record) })
        await storefront.setCustomerDirectory(authority)
        await authority.setSubscriptionBook(book)
        // Logging in from another device (RFC 8628) needs an address the shopper's phone can open.
        let devices = publicURL.map { DeviceAuthorizations(verificationURI: $0.appendingPathComponent(String((Path.base + Path.device).dropFirst())), now: now) }
        return AccountEndpoint(authority: authority, shopName: storefront.catalog.shop.name, devices: devices)
    }
}

/// The shop an account server answers for, held weakly: the shop holds the account server, not
/// the other way round. Once the shop is gone, what would read or change its books is refused.
struct ServedShop: SubscriptionBook {
    private weak var storefront: EmbeddedStorefront?

    init(_ storefront: EmbeddedStorefront) { self.storefront = storefront }

    func shop() throws -> EmbeddedStorefront {
        guard let storefront else { throw StorefrontError.storage("The shop this account server answered for has closed.") }
        return storefront
    }

    func subscriptionContracts(ofCustomer customerId: String) async throws -> [SubscriptionContract] {
        try await shop().subscriptionContracts(ofCustomer: customerId)
    }

    func changeSubscriptionContract(id: String, ofCustomer customerId: String,
                                    _ change: SubscriptionChange) async throws -> Result<SubscriptionContract, SubscriptionRefusal> {
        try await shop().changeSubscriptionContract(id: id, ofCustomer: customerId, change)
    }

    func subscriptionDate() -> Date { storefront?.subscriptionDate() ?? Date() }
}
