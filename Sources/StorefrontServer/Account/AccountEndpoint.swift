import CustomerAccount
import Foundation
import Storefront

/// The account server's HTTP surface under `/account`, independent of the HTTP framework:
/// discovery, the authorization endpoint (a login page, or an immediate redirect with
/// `autoApprove`), token, revocation, logout, userinfo, and where the Customer Account API is.
public final class AccountEndpoint: Sendable {
    public enum Path {
        public static let base = AccountCommands.accountPathBesideStorefront
        public static let discovery = "/.well-known/openid-configuration"
        /// Where the Customer Account API is (`graphql_api`), beside the OpenID configuration.
        public static let customerAccountDiscovery = CustomerAccountAPIDiscovery.path
        /// The Customer Account API (POST, served by the GraphQL endpoint).
        public static let customerAccountAPI = CustomerAccountSchema.path
        public static let authorize = "/oauth/authorize"
        public static let token = "/oauth/token"
        public static let revoke = "/oauth/revoke"
        public static let logout = "/logout"
        public static let userinfo = "/userinfo"
        /// An SSH front-end asks for a key's session (bearer: the shop's access token).
        public static let keySession = "/ssh/session"
        /// The customer's current cart (GET, PUT with a `cartId` form field; empty forgets it).
        public static let cart = "/customer/cart"
        /// RFC 8628: a terminal asks for a user code (only with a public address).
        public static let deviceAuthorization = "/oauth/device_authorization"
        /// Where the shopper enters or confirms the user code, on another device.
        public static let device = "/device"
        /// Every path, under `base`, with the methods it takes.
        public static let routes: [(path: String, methods: [String])] = [
            (discovery, ["GET"]), (customerAccountDiscovery, ["GET"]), (authorize, ["GET", "POST"]), (token, ["POST"]), (revoke, ["POST"]),
            (logout, ["GET", "POST"]), (userinfo, ["GET"]), (keySession, ["POST"]), (cart, ["GET", "PUT"]),
            (deviceAuthorization, ["POST"]), (device, ["GET", "POST"]),
        ].map { (base + $0.0, $0.1) }
    }

    /// One request as the framework hands it over.
    public struct Request: Sendable {
        public var method: String
        public var path: String
        /// The raw query string, without "?".
        public var query: String
        public var authorization: String?
        public var body: Data
        /// The address the request came from (for bounds per client).
        public var client: String

        public init(method: String, path: String, query: String = "", authorization: String? = nil, body: Data = Data(),
                    client: String = "") {
            self.method = method; self.path = path; self.query = query; self.authorization = authorization; self.body = body
            self.client = client
        }
    }

    public let authority: AccountAuthority
    let shopName: String
    /// The device grant, offered when the server was told a public address to show shoppers.
    public let devices: DeviceAuthorizations?

    public init(authority: AccountAuthority, shopName: String, devices: DeviceAuthorizations? = nil) {
        self.authority = authority; self.shopName = shopName; self.devices = devices
    }

    public func handle(_ request: Request) async -> EndpointResponse {
        let path = request.path.hasPrefix(Path.base) ? String(request.path.dropFirst(Path.base.count)) : request.path
        // The query of a GET and the body of a POST are read the same way, before anything else.
        let fields: [(String, String)]
        switch AccountForm.fields(request.method == "GET" ? request.query : String(decoding: request.body, as: UTF8.self)) {
        case .success(let decoded): fields = decoded
        case .failure(let failure):
            guard path == Path.authorize || path == Path.device else { return Self.oauthError(failure) }
            return .text(400, AuthorizationPage.message(title: "Login refused", failure.description), contentType: "text/html; charset=utf-8")
        }
        switch (request.method, path) {
        case ("GET", Path.discovery):
            var metadata = await authority.metadata
            if devices != nil {
                metadata.deviceAuthorizationEndpoint = URL(string: metadata.issuer.absoluteString + Path.deviceAuthorization)
            }
            return Self.encoded(200, metadata)
        case ("GET", Path.customerAccountDiscovery):
            let issuer = await authority.issuer.absoluteString
            let base = issuer.hasSuffix("/") ? String(issuer.dropLast()) : issuer
            guard let api = URL(string: base + Path.customerAccountAPI) else { return .json(500, #"{"error":"server_error"}"#) }
            return Self.encoded(200, CustomerAccountAPIDiscovery(graphqlAPI: api))
        case ("POST", Path.deviceAuthorization):
            return await startDeviceLogin(fields)
        case ("GET", Path.device), ("POST", Path.device):
            return await devicePage(request.method, fields, client: request.client)
        case ("GET", Path.authorize):
            return await authorize(fields)
        case ("POST", Path.authorize):
            return await loginPageAnswer(fields)
        case ("POST", Path.token):
            return await token(fields)
        case ("POST", Path.revoke):
            guard let token = fields.first(where: { $0.0 == "token" })?.1 else {
                return Self.oauthError(OAuthFailure.invalidRequest("token is required."))
            }
            await authority.revoke(token: token)
            return .json(200, "{}", headers: Self.noStore)
        case ("GET", Path.logout), ("POST", Path.logout):
            await authority.endSession(idTokenHint: fields.first { $0.0 == "id_token_hint" }?.1)
            return .text(200, AuthorizationPage.message(title: "Logged out", "You are logged out of \(shopName)."),
                         contentType: "text/html; charset=utf-8", headers: Self.noStore)
        case ("GET", Path.userinfo):
            guard let token = Self.bearer(request.authorization), let customer = await authority.customer(for: token) else {
                return Self.invalidToken
            }
            return .json(200, UserInfoClaims.json(customer), headers: Self.noStore)
        case ("POST", Path.keySession), ("GET", Path.cart), ("PUT", Path.cart):
            return await keyRoutes(request, path: path, fields: Dictionary(fields, uniquingKeysWith: { first, _ in first }))
        default:
            return .json(404, #"{"error":"not_found"}"#)
        }
    }

    private func authorize(_ query: [(String, String)]) async -> EndpointResponse {
        switch await authority.authorize(query: query) {
        case .redirect(let url): return Self.redirect(url)
        case .refused(let message):
            return .text(400, AuthorizationPage.message(title: "Login refused", message), contentType: "text/html; charset=utf-8")
        case .loginPage(let parameters):
            return .text(200, AuthorizationPage.login(parameters, customer: authority.customer, shopName: shopName,
                                                      action: Path.base + Path.authorize),
                         contentType: "text/html; charset=utf-8", headers: Self.noStore)
        }
    }

    /// The login page's form: it carries the request again, so it is checked again.
    private func loginPageAnswer(_ form: [(String, String)]) async -> EndpointResponse {
        switch await authority.authorize(query: form) {
        case .redirect(let url): return Self.redirect(url)
        case .refused(let message):
            return .text(400, AuthorizationPage.message(title: "Login refused", message), contentType: "text/html; charset=utf-8")
        case .loginPage(let parameters):
            let approved = form.contains { $0.0 == "decision" && $0.1 == "approve" }
            return Self.redirect(approved ? await authority.approve(parameters) : await authority.deny(parameters))
        }
    }

    private func token(_ form: [(String, String)]) async -> EndpointResponse {
        if form.contains(where: { $0.0 == "grant_type" && $0.1 == DeviceAuthorizations.grantType }) {
            return await deviceToken(form)
        }
        switch await authority.token(form: form) {
        case .success(let tokens): return Self.tokens(tokens)
        case .failure(let failure): return Self.oauthError(failure)
        }
    }

    static func tokens(_ tokens: TokenResponse) -> EndpointResponse {
        guard let body = try? JSONEncoder().encode(tokens) else { return .json(500, #"{"error":"server_error"}"#) }
        return EndpointResponse(status: 200, headers: ["Content-Type": "application/json; charset=utf-8"].merging(Self.noStore) { $1 },
                                body: body)
    }

    // RFC 6749 §5.1: token answers must not be cached.
    static let noStore = ["Cache-Control": "no-store", "Pragma": "no-cache"]

    static let invalidToken = EndpointResponse.json(401, #"{"error":"invalid_token"}"#,
                                                    headers: ["WWW-Authenticate": #"Bearer error="invalid_token""#])

    static func bearer(_ header: String?) -> String? {
        guard let header, header.lowercased().hasPrefix("bearer ") else { return nil }
        let token = header.dropFirst(7).trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }

    static func redirect(_ url: URL) -> EndpointResponse {
        EndpointResponse(status: 302, headers: ["Location": url.absoluteString, "Cache-Control": "no-store"], body: Data())
    }

    static func oauthError(_ failure: OAuthFailure) -> EndpointResponse {
        let body = (try? JSONEncoder().encode(OAuthErrorResponse(error: failure.error, errorDescription: failure.description)))
            ?? Data(#"{"error":"server_error"}"#.utf8)
        return EndpointResponse(status: failure.status,
                                headers: ["Content-Type": "application/json; charset=utf-8"].merging(noStore) { $1 }, body: body)
    }

    static func encoded<Value: Encodable>(_ status: Int, _ value: Value) -> EndpointResponse {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(value) else { return .json(500, #"{"error":"server_error"}"#) }
        return EndpointResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
    }
}
