import Foundation
import Storefront

/// The app's side of the account server's HTTP endpoints: discovery, the token endpoint (code
/// exchange and refresh), userinfo and logout. Tokens go only into a form
/// field or an `Authorization` header; no error message ever quotes a request.
public struct AccountServerClient: Sendable {
    public let transport: any HTTPTransport

    public init(transport: any HTTPTransport = HTTPClientTransport()) { self.transport = transport }

    /// Reads `{issuer}/.well-known/openid-configuration` and checks it is safe to use. A server
    /// out of reach is named in the error.
    public func discover(issuer: URL) async throws -> AccountServerMetadata {
        let url = AccountServerMetadata.discoveryURL(issuer: issuer)
        let response: TransportResponse
        do {
            response = try await send(TransportRequest(url: url, method: "GET", headers: Self.acceptJSON, body: Data()))
        } catch AccountError.transport(let message) {
            throw AccountError.transport("\(issuer.absoluteString): \(message)")
        }
        let metadata: AccountServerMetadata = try decode(response, from: url)
        try metadata.validate()
        return metadata
    }

    /// Redeems an authorization code with the PKCE verifier (RFC 6749 §4.1.3, RFC 7636 §4.5).
    public func exchange(code: String, request: AuthorizationRequest, tokenEndpoint: URL) async throws -> TokenResponse {
        try await tokenRequest(tokenEndpoint, [
            ("grant_type", "authorization_code"), ("client_id", request.clientId),
            ("redirect_uri", request.redirectURI.absoluteString), ("code", code), ("code_verifier", request.pkce.verifier),
        ])
    }

    /// A new access token for a refresh token (RFC 6749 §6). `invalid_grant` becomes `loginRequired`.
    public func refresh(_ refreshToken: SecretToken, clientId: String, tokenEndpoint: URL) async throws -> TokenResponse {
        do {
            return try await tokenRequest(tokenEndpoint, [
                ("grant_type", "refresh_token"), ("client_id", clientId), ("refresh_token", refreshToken.rawValue),
            ])
        } catch AccountError.tokenRequestRejected(_, OAuthErrorResponse.invalidGrant, let description) {
            throw AccountError.loginRequired(reason: description ?? "the refresh token was revoked or has expired")
        }
    }

    /// The customer behind an access token, from the OpenID Connect userinfo endpoint.
    public func userInfo(accessToken: SecretToken, endpoint: URL) async throws -> Customer {
        let response = try await send(TransportRequest(url: endpoint, method: "GET",
                                                  headers: Self.acceptJSON + [("Authorization", "Bearer \(accessToken.rawValue)")],
                                                  body: Data()))
        let info: UserInfo = try decode(response, from: endpoint)
        return info.customer
    }

    /// Revokes a token (RFC 7009). The server answers 200 even for a token it did not know.
    public func revoke(_ token: SecretToken, hint: String, clientId: String, endpoint: URL) async throws {
        let body = FormEncoding.encode([("token", token.rawValue), ("token_type_hint", hint), ("client_id", clientId)])
        let response = try await send(TransportRequest(url: endpoint, method: "POST", headers: Self.formHeaders, body: Data(body.utf8)))
        try expectSuccess(response, from: endpoint)
    }

    /// Ends the session at the account server (OpenID Connect RP-initiated logout), with the ID
    /// token as the hint. The browser is not involved: the session's tokens stop working.
    public func endSession(idToken: SecretToken?, clientId: String, endpoint: URL) async throws {
        var fields = [("client_id", clientId)]
        if let idToken { fields.append(("id_token_hint", idToken.rawValue)) }
        let body = FormEncoding.encode(fields)
        let response = try await send(TransportRequest(url: endpoint, method: "POST", headers: Self.formHeaders, body: Data(body.utf8)))
        try expectSuccess(response, from: endpoint)
    }

    /// The account server a shop names in its discovery document beside its Storefront API
    /// (`/.well-known/storefront.json`); nil when it names none or cannot be asked.
    public func accountServer(besides storefrontEndpoint: URL) async -> URL? {
        guard let url = ShopDiscovery.url(besides: storefrontEndpoint),
              let response = try? await send(TransportRequest(url: url, method: "GET", headers: Self.acceptJSON, body: Data())),
              response.status == 200 else { return nil }
        return (try? JSONDecoder().decode(ShopDiscovery.self, from: response.body))?.customerAccount
    }

    // MARK: - Plumbing

    static let acceptJSON: [(name: String, value: String)] = [("Accept", "application/json"), ("User-Agent", userAgent)]
    static let formHeaders: [(name: String, value: String)] =
        [("Content-Type", "application/x-www-form-urlencoded"), ("Accept", "application/json"), ("User-Agent", userAgent)]
    static let userAgent = "storefront-cli (customer-account)"

    func tokenRequest(_ endpoint: URL, _ fields: [(String, String)]) async throws -> TokenResponse {
        let body = Data(FormEncoding.encode(fields).utf8)
        let response = try await send(TransportRequest(url: endpoint, method: "POST", headers: Self.formHeaders, body: body))
        if !(200..<300).contains(response.status),
           let error = try? JSONDecoder().decode(OAuthErrorResponse.self, from: response.body) {
            throw AccountError.tokenRequestRejected(status: response.status, error: TextSanitizer.cleanLine(error.error),
                                                    description: error.errorDescription.map(TextSanitizer.cleanLine))
        }
        let tokens: TokenResponse = try decode(response, from: endpoint)
        guard tokens.tokenType.caseInsensitiveCompare("Bearer") == .orderedSame else {
            throw AccountError.invalidResponse(endpoint: endpoint.absoluteString,
                                               message: "token type \"\(TextSanitizer.cleanLine(tokens.tokenType))\" is not Bearer")
        }
        return tokens
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        do {
            return try await transport.send(request)
        } catch let error as TransportError {
            throw AccountError.transport(error.message)
        }
    }

    func decode<Value: Decodable>(_ response: TransportResponse, from endpoint: URL) throws -> Value {
        try expectSuccess(response, from: endpoint)
        do {
            return try JSONDecoder().decode(Value.self, from: response.body)
        } catch {
            throw AccountError.invalidResponse(endpoint: endpoint.absoluteString, message: Self.reason(error))
        }
    }

    func expectSuccess(_ response: TransportResponse, from endpoint: URL) throws {
        guard (200..<300).contains(response.status) else {
            let snippet = TextSanitizer.cleanLine(String(decoding: response.body.prefix(120), as: UTF8.self))
            throw AccountError.invalidResponse(endpoint: endpoint.absoluteString,
                                               message: "HTTP \(response.status)\(snippet.isEmpty ? "" : ": \(snippet)")")
        }
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): return "the field \"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \"\(context.codingPath.map(\.stringValue).joined(separator: "."))\""
        case DecodingError.dataCorrupted: return "not JSON"
        default: return "\(error)"
        }
    }
}
