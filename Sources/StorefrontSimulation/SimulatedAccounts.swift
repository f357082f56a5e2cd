import AppCore
import Foundation
import Storefront

/// The shop's customer accounts as a login server keeps them, for a session: one customer, the
/// access tokens it issued (a token the server revoked or let expire is unknown to the shop), and the
/// session saved on this terminal (what `storefront login` leaves in the state directory, shared by
/// every app process of the session).
actor SimulatedAccounts: CustomerDirectory {
    static let customer = Customer(id: "gid://shopify/Customer/900001", email: "sim.shopper@example.com",
                                   firstName: "Sim", lastName: "Shopper")
    /// Far enough ahead that no session expires by the clock; expiry is a step of its own.
    private static let expiresAt = Date(timeIntervalSince1970: 4_102_444_800)

    private var validTokens: [String: Customer] = [:]
    private var savedToken: String?
    private var issued = 0

    /// The shopper's customer when this terminal holds a token the server still honours.
    var loggedInCustomer: Customer? { savedToken.flatMap { validTokens[$0] } }

    func customer(accessToken: String) async throws -> Customer? { validTokens[accessToken] }

    func currentSession() -> AccountSession? {
        savedToken == nil ? nil : AccountSession(customer: Self.customer, expiresAt: Self.expiresAt)
    }

    func accessToken() -> AccessTokenAnswer {
        guard let savedToken else { return .unavailable(reason: "nobody is logged in") }
        guard validTokens[savedToken] != nil else { return .loginRequired(reason: "the login has expired") }
        return .token(savedToken)
    }

    /// The login approved at once: a new token, saved on this terminal.
    func logIn() -> AccountSession {
        issued += 1
        let token = "sim-customer-token-\(issued)"
        validTokens[token] = Self.customer
        savedToken = token
        return AccountSession(customer: Self.customer, expiresAt: Self.expiresAt)
    }

    /// The token is revoked at the server and deleted here.
    func logOut() {
        if let savedToken { validTokens[savedToken] = nil }
        savedToken = nil
    }

    /// The terminal deletes the token the shop refused; the server is not told.
    func forget() { savedToken = nil }

    /// The server forgets the token (revoked elsewhere, or expired); the terminal still holds it.
    func expire() {
        if let savedToken { validTokens[savedToken] = nil }
    }

    /// The app's account client over these accounts and `shop`'s ledger (the customer's orders are
    /// the ledger's orders that name them).
    nonisolated func client(shop: EmbeddedStorefront) -> AccountClient {
        AccountClient(currentSession: { await self.currentSession() },
                      accessToken: { await self.accessToken() },
                      logIn: { _ in await self.logIn() },
                      logOut: {
                          await self.logOut()
                          // As `storefront logout` does: the signed-in carts go with the tokens.
                          _ = try await shop.removeAuthenticatedCarts()
                      },
                      orders: {
                          // As the Customer Account API answers: no token, or one it no longer honours.
                          if case .loginRequired(let reason) = await self.accessToken() { throw LoginRequired(reason: reason) }
                          guard await self.currentSession() != nil else { throw LoginRequired(reason: "the login saved on this computer is gone") }
                          return try await shop.orders(listedFor: Self.customer)
                      },
                      forgetSession: { await self.forget() })
    }
}
