import Crypto
import CustomerAccount
import Foundation

extension AccountEndpoint {
    /// The SSH front-end's routes: a key's session (only for a caller holding the front-end
    /// credential, `Configuration.frontCredential`, compared by digest so timing tells nothing), and
    /// the customer's current cart.
    func keyRoutes(_ request: Request, path: String, fields: [String: String]) async -> EndpointResponse {
        if path == Path.keySession {
            guard let expected = authority.configuration.frontCredential, let given = Self.bearer(request.authorization),
                  SHA256.hash(data: Data(expected.utf8)) == SHA256.hash(data: Data(given.utf8)) else { return Self.invalidToken }
            guard let fingerprint = fields["fingerprint"], fingerprint.hasPrefix("SHA256:"), fingerprint.count < 100 else {
                return .json(400, #"{"error":"invalid_request","error_description":"fingerprint (SHA256:…) is required."}"#)
            }
            let session = await authority.session(forKey: fingerprint)
            guard let body = try? JSONEncoder().encode(session) else { return .json(500, #"{"error":"server_error"}"#) }
            return EndpointResponse(status: 200, headers: ["Content-Type": "application/json; charset=utf-8"].merging(Self.noStore) { $1 },
                                    body: body)
        }
        guard let token = Self.bearer(request.authorization) else { return Self.invalidToken }
        if request.method == "PUT" {
            let id = fields["cartId"].flatMap { $0.isEmpty ? nil : $0 }
            guard await authority.setCartId(id, accessToken: token) else { return Self.invalidToken }
            return .json(200, "{}", headers: Self.noStore)
        }
        guard case .some(let id) = await authority.cartId(accessToken: token) else { return Self.invalidToken }
        return Self.encoded(200, CartPointer(cartId: id))
    }
}

/// The customer's current cart, as the cart route answers.
public struct CartPointer: Codable, Hashable, Sendable {
    public var cartId: String?
    public init(cartId: String?) { self.cartId = cartId }
}
