import Foundation
import Storefront

/// The customer's current cart as the account server keeps it (`{issuer}/customer/cart`), for
/// storefronts that keep nothing of their own, like an SSH session: the same customer finds the
/// same cart from any session. Failures lose only the memory of the cart, as with the file.
public struct AccountCartPointer: Sendable {
    let manager: TokenManager
    let client: AccountServerClient

    public init(manager: TokenManager, client: AccountServerClient = AccountServerClient()) {
        self.manager = manager; self.client = client
    }

    public func current() async -> String? {
        guard let session = try? await manager.validSession() else { return nil }
        let url = Self.url(session)
        guard let response = try? await client.send(TransportRequest(
            url: url, method: "GET", headers: AccountServerClient.acceptJSON + [("Authorization", "Bearer \(session.accessToken.rawValue)")],
            body: Data())),
            let pointer: Pointer = try? client.decode(response, from: url) else { return nil }
        return pointer.cartId
    }

    public func set(_ cartId: String?) async {
        guard let session = try? await manager.validSession() else { return }
        let body = FormEncoding.encode([("cartId", cartId ?? "")])
        _ = try? await client.send(TransportRequest(
            url: Self.url(session), method: "PUT",
            headers: AccountServerClient.formHeaders + [("Authorization", "Bearer \(session.accessToken.rawValue)")],
            body: Data(body.utf8)))
    }

    private static func url(_ session: CustomerSession) -> URL {
        session.server.issuer.appendingPathComponent("customer/cart")
    }

    private struct Pointer: Decodable { var cartId: String? }
}

extension AccountServerClient {
    /// Asks the account server behind `issuer` for the session of the customer an SSH key names
    /// (created on the key's first visit). `frontCredential` is the private secret the account
    /// server and its SSH front-ends share (never the public Storefront access token): only a
    /// front-end holding it may speak for a key.
    public func keySession(fingerprint: String, frontCredential: String, issuer: URL) async throws -> CustomerSession {
        let url = issuer.appendingPathComponent("ssh/session")
        let response = try await send(TransportRequest(
            url: url, method: "POST", headers: Self.formHeaders + [("Authorization", "Bearer \(frontCredential)")],
            body: Data(FormEncoding.encode([("fingerprint", fingerprint)]).utf8)))
        return try decode(response, from: url)
    }
}
