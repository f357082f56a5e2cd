import CustomerAccount
import Foundation
import Storefront

/// The local account server's logic, apart from HTTP: the authorization code flow with PKCE for
/// public native clients, refresh token rotation, revocation, logout, and who a token belongs to.
///
/// - Codes are single-use, live `codeLifetime` (60 s), and are bound to the client, the exact
///   redirect URI and the PKCE challenge; only S256 is accepted.
/// - A code presented twice revokes everything issued from it (RFC 6749 §4.1.2); so does a
///   refresh token presented after it was rotated (a stolen copy is in use).
/// - Tokens live in memory: restarting the server logs every customer out, and the app asks
///   them to log in again. Customers known by an SSH key, and their carts, are kept (`keep`).
public actor AccountAuthority: CustomerDirectory {
    public struct Configuration: Sendable {
        public var accessTokenLifetime: TimeInterval = 3600
        public var refreshTokenLifetime: TimeInterval = 30 * 86_400
        public var codeLifetime: TimeInterval = 60
        /// Approve every valid request at once as the demo customer (tests, scripts).
        public var autoApprove = false
        public var clients: [AccountClientRegistration] = [.storefrontCLI]
        /// The private credential an SSH front-end presents to ask for a key's session; nil: no key
        /// sessions. Never the Storefront access token, which every storefront hands to browsers.
        public var frontCredential: String?

        public init(accessTokenLifetime: TimeInterval = 3600, autoApprove: Bool = false) {
            self.accessTokenLifetime = accessTokenLifetime; self.autoApprove = autoApprove
        }
    }

    public static let supportedScopes: Set<String> = ["openid", "email", "customer-account-api:full"]

    /// What an authorization request anyone may send can make the server keep: a `state` of at
    /// most this many bytes (apps send 16 to 64), a PKCE challenge of at most 128 (S256 gives 43),
    /// a redirect URI of at most 2,048, and codes outstanding (issued within the ten code lifetimes
    /// a replayed code is recognised for) at most `maximumOutstandingCodes`; past that a login is
    /// answered `temporarily_unavailable` until codes age out.
    public static let maximumStateBytes = 1_024
    public static let maximumChallengeBytes = 128
    public static let maximumRedirectURIBytes = 2_048
    public static let maximumOutstandingCodes = 1_000
    /// Logins whose tokens are live at once; expired tokens are forgotten as new ones are issued.
    public static let maximumLiveRefreshTokens = 20_000

    /// What to do with an authorization request.
    public enum AuthorizationOutcome: Hashable, Sendable {
        /// Show the login page for these parameters.
        case loginPage(AuthorizationParameters)
        /// Send the browser back to the app: with a code, or with an error.
        case redirect(URL)
        /// The client or its redirect URI is unknown: never redirect there, show this message.
        case refused(String)
    }

    private struct CodeRecord {
        var parameters: AuthorizationParameters
        var issuedAt: Date
        var used: Bool
        var grant: Int
    }

    /// What every issued token knows; one grant per login, shared by everything that login issues.
    private struct TokenRecord {
        var grant: Int
        var clientId: String
        var scope: String
        var expiresAt: Date
        /// Refresh tokens only: replaced by a newer one.
        var rotated = false
    }

    public let customer: Customer
    public let configuration: Configuration
    public private(set) var issuer: URL
    private let orders: @Sendable () async throws -> [Order]
    private let now: @Sendable () -> Date
    private let random: RandomSource
    private var codes: [String: CodeRecord] = [:]
    private var accessTokens: [String: TokenRecord] = [:]
    private var refreshTokens: [String: TokenRecord] = [:]
    private var idTokens: [String: Int] = [:]
    private var nextGrant = 1
    /// SSH keys' customers (by fingerprint), whose grants they are, and every customer's cart.
    var keyCustomers: [String: Customer] = [:]
    var grantCustomers: [Int: Customer] = [:]
    /// The customer a login approves, as the Customer Account API last changed them (`customer` as configured at first).
    var signedInCustomer: Customer
    /// Each customer's addresses (by customer id), made from their default address when first asked for.
    var addressBooks: [String: CustomerAddressBook] = [:]
    var nextAddressNumber = 1
    var customerCarts: [String: String] = [:]
    /// Keeps a key's customer and their cart with the shop's records; nil keeps them in memory.
    let keep: (@Sendable (CustomerRecord) async -> Void)?
    /// The shop's subscriptions; nil for a shop that keeps none (its customers have none).
    private(set) var subscriptionBook: (any SubscriptionBook)?

    public func setSubscriptionBook(_ book: any SubscriptionBook) { subscriptionBook = book }

    /// - Parameters:
    ///   - customers: the customers known by a key, as kept before.
    public init(issuer: URL, customer: Customer = DemoCustomer.customer, configuration: Configuration = Configuration(),
                orders: @escaping @Sendable () async throws -> [Order] = { [] }, now: @escaping @Sendable () -> Date = { Date() },
                random: RandomSource = .system, customers: [CustomerRecord] = [],
                keep: (@Sendable (CustomerRecord) async -> Void)? = nil) {
        self.issuer = issuer; self.customer = customer; self.configuration = configuration; self.orders = orders
        self.now = now; self.random = random; self.keep = keep
        self.signedInCustomer = customer
        for record in customers.map(Self.withoutPlaceholders) {
            if let fingerprint = record.keyFingerprint { keyCustomers[fingerprint] = record.customer }
            if let cart = record.cartId { customerCarts[record.customer.id] = cart }
        }
    }

    /// The issuer once the server knows its address (the port is chosen when it starts).
    public func setIssuer(_ url: URL) { issuer = url }

    // MARK: - Discovery

    public var metadata: AccountServerMetadata {
        let base = issuer.absoluteString.hasSuffix("/") ? String(issuer.absoluteString.dropLast()) : issuer.absoluteString
        func endpoint(_ path: String) -> URL { URL(string: base + path)! }
        return AccountServerMetadata(
            issuer: issuer, authorizationEndpoint: endpoint(AccountEndpoint.Path.authorize),
            tokenEndpoint: endpoint(AccountEndpoint.Path.token), endSessionEndpoint: endpoint(AccountEndpoint.Path.logout),
            revocationEndpoint: endpoint(AccountEndpoint.Path.revoke), userinfoEndpoint: endpoint(AccountEndpoint.Path.userinfo),
            codeChallengeMethodsSupported: [PKCE.method])
    }

    // MARK: - Authorization endpoint

    /// Checks an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3). Problems with the client or
    /// the redirect URI are shown, never redirected; the rest go back to the app as errors.
    public func authorize(query: [(String, String)]) -> AuthorizationOutcome {
        let fields = Dictionary(query, uniquingKeysWith: { first, _ in first })
        guard let clientId = fields["client_id"], let client = configuration.clients.first(where: { $0.clientId == clientId }) else {
            return .refused("Unknown client_id.")
        }
        guard let redirectURI = fields["redirect_uri"], redirectURI.utf8.count <= Self.maximumRedirectURIBytes,
              client.accepts(redirectURI: redirectURI) else {
            return .refused("The redirect_uri is not registered for this client (http://127.0.0.1:PORT\(client.loopbackRedirectPath)).")
        }
        let scope = fields["scope"] ?? ""
        var parameters = AuthorizationParameters(clientId: clientId, redirectURI: redirectURI, scope: scope, state: fields["state"],
                                                 codeChallenge: fields["code_challenge"] ?? "",
                                                 codeChallengeMethod: fields["code_challenge_method"] ?? "plain")
        func error(_ code: String, _ description: String) -> AuthorizationOutcome {
            .redirect(parameters.redirect([("error", code), ("error_description", description)]))
        }
        if let state = parameters.state, state.utf8.count > Self.maximumStateBytes {
            // Not echoed: the app never sent a state this long, and the redirect would carry it.
            parameters.state = nil
            return error("invalid_request", "state is longer than \(Self.maximumStateBytes) bytes.")
        }
        guard parameters.codeChallenge.utf8.count <= Self.maximumChallengeBytes else {
            return error("invalid_request", "code_challenge is longer than \(Self.maximumChallengeBytes) bytes.")
        }
        guard fields["response_type"] == "code" else { return error("unsupported_response_type", "Only response_type=code is supported.") }
        let scopes = Set(scope.split(separator: " ").map(String.init))
        guard scopes.contains("openid"), scopes.isSubset(of: Self.supportedScopes) else {
            return error("invalid_scope", "The scope must include openid and only: \(Self.supportedScopes.sorted().joined(separator: " ")).")
        }
        guard !parameters.codeChallenge.isEmpty else { return error("invalid_request", "code_challenge is required (PKCE).") }
        guard parameters.codeChallengeMethod == PKCE.method else {
            return error("invalid_request", "Only code_challenge_method=S256 is supported.")
        }
        parameters.scope = scopes.sorted().joined(separator: " ")
        return configuration.autoApprove ? .redirect(approve(parameters)) : .loginPage(parameters)
    }

    /// The customer approved: a fresh code goes back to the app, or `temporarily_unavailable` when
    /// as many codes are outstanding as the server keeps.
    public func approve(_ parameters: AuthorizationParameters) -> URL {
        pruneExpiredCodes()
        guard codes.count < Self.maximumOutstandingCodes else {
            return parameters.redirect([("error", "temporarily_unavailable"),
                                        ("error_description", "Too many logins are under way; try again in a minute.")])
        }
        let code = random.string(count: 43, alphabet: PKCE.unreservedCharacters)
        codes[code] = CodeRecord(parameters: parameters, issuedAt: now(), used: false, grant: nextGrant)
        nextGrant += 1
        return parameters.redirect([("code", code)])
    }

    /// The customer said no.
    public func deny(_ parameters: AuthorizationParameters) -> URL {
        parameters.redirect([("error", "access_denied"), ("error_description", "The customer declined the login.")])
    }

    /// Forgets tokens past their expiry (a refresh token's record outlives its rotation until then,
    /// to recognise a stolen copy). An ID token is known until its login's access tokens are gone.
    private func pruneExpiredTokens() {
        let time = now()
        accessTokens = accessTokens.filter { $0.value.expiresAt > time }
        refreshTokens = refreshTokens.filter { $0.value.expiresAt > time }
        let live = Set(accessTokens.values.map(\.grant)).union(refreshTokens.values.map(\.grant))
        idTokens = idTokens.filter { live.contains($0.value) }
    }

    private func pruneExpiredCodes() {
        let time = now()
        codes = codes.filter { time.timeIntervalSince($0.value.issuedAt) < configuration.codeLifetime * 10 }
    }

    // MARK: - Token endpoint

    public func token(form: [(String, String)]) -> Result<TokenResponse, OAuthFailure> {
        let fields = Dictionary(form, uniquingKeysWith: { first, _ in first })
        guard let clientId = fields["client_id"], configuration.clients.contains(where: { $0.clientId == clientId }) else {
            return .failure(OAuthFailure("invalid_client", "Unknown or missing client_id.", status: 401))
        }
        switch fields["grant_type"] {
        case "authorization_code": return redeemCode(fields, clientId: clientId)
        case "refresh_token": return refresh(fields, clientId: clientId)
        case nil: return .failure(.invalidRequest("grant_type is required."))
        case let other?: return .failure(OAuthFailure("unsupported_grant_type", "grant_type \(other) is not supported."))
        }
    }

    private func redeemCode(_ fields: [String: String], clientId: String) -> Result<TokenResponse, OAuthFailure> {
        guard let code = fields["code"], let verifier = fields["code_verifier"], let redirectURI = fields["redirect_uri"] else {
            return .failure(.invalidRequest("code, redirect_uri and code_verifier are required."))
        }
        guard var record = codes[code] else { return .failure(.invalidGrant("Unknown authorization code.")) }
        if record.used {
            revokeGrant(record.grant)
            return .failure(.invalidGrant("The authorization code was already used; what it issued is revoked."))
        }
        // Used now, whatever follows: a code gets one attempt, so a verifier cannot be guessed.
        record.used = true
        codes[code] = record
        guard now().timeIntervalSince(record.issuedAt) < configuration.codeLifetime else {
            return .failure(.invalidGrant("The authorization code has expired."))
        }
        guard record.parameters.clientId == clientId else { return .failure(.invalidGrant("The code was issued to another client.")) }
        guard record.parameters.redirectURI == redirectURI else {
            return .failure(.invalidGrant("redirect_uri does not match the authorization request."))
        }
        guard PKCE.verify(verifier: verifier, challenge: record.parameters.codeChallenge,
                          method: record.parameters.codeChallengeMethod) else {
            return .failure(.invalidGrant("code_verifier does not match the code challenge."))
        }
        if refreshTokens.count >= Self.maximumLiveRefreshTokens { pruneExpiredTokens() }
        guard refreshTokens.count < Self.maximumLiveRefreshTokens else {
            return .failure(OAuthFailure("temporarily_unavailable", "Too many logins are live; try again later.", status: 503))
        }
        return .success(issue(grant: record.grant, clientId: clientId, scope: record.parameters.scope, withIDToken: true))
    }

    private func refresh(_ fields: [String: String], clientId: String) -> Result<TokenResponse, OAuthFailure> {
        guard let token = fields["refresh_token"] else { return .failure(.invalidRequest("refresh_token is required.")) }
        guard var record = refreshTokens[token] else {
            return .failure(.invalidGrant("The refresh token is unknown or was revoked."))
        }
        if record.rotated {
            revokeGrant(record.grant)
            return .failure(.invalidGrant("The refresh token was already used; the session is revoked."))
        }
        guard record.expiresAt > now() else { return .failure(.invalidGrant("The refresh token has expired.")) }
        guard record.clientId == clientId else { return .failure(.invalidGrant("The refresh token belongs to another client.")) }
        record.rotated = true
        refreshTokens[token] = record
        return .success(issue(grant: record.grant, clientId: clientId, scope: record.scope, withIDToken: false))
    }

    private func issue(grant: Int, clientId: String, scope: String, withIDToken: Bool) -> TokenResponse {
        let time = now()
        let access = "shcat_" + random.string(count: 43, alphabet: PKCE.unreservedCharacters)
        let refresh = "shcrt_" + random.string(count: 43, alphabet: PKCE.unreservedCharacters)
        accessTokens[access] = TokenRecord(grant: grant, clientId: clientId, scope: scope,
                                           expiresAt: time.addingTimeInterval(configuration.accessTokenLifetime))
        refreshTokens[refresh] = TokenRecord(grant: grant, clientId: clientId, scope: scope,
                                             expiresAt: time.addingTimeInterval(configuration.refreshTokenLifetime))
        var idToken: SecretToken?
        if withIDToken {
            let token = IDToken.make(issuer: issuer, audience: clientId, customer: signedInCustomer, issuedAt: time,
                                     lifetime: configuration.accessTokenLifetime, nonce: random.string(count: 16, alphabet: PKCE.unreservedCharacters))
            idTokens[token] = grant
            idToken = SecretToken(token)
        }
        return TokenResponse(accessToken: SecretToken(access), expiresIn: Int(configuration.accessTokenLifetime),
                             refreshToken: SecretToken(refresh), idToken: idToken, scope: scope)
    }

    // MARK: - Revocation and logout

    /// RFC 7009: revoking a refresh token ends the whole login; an access token, only itself.
    /// Unknown tokens are fine (the answer is the same, so it tells nothing).
    public func revoke(token: String) {
        if let record = refreshTokens[token] { revokeGrant(record.grant) }
        accessTokens[token] = nil
    }

    /// RP-initiated logout: the login named by the ID token ends, with every token it issued.
    public func endSession(idTokenHint: String?) {
        if let hint = idTokenHint, let grant = idTokens[hint] { revokeGrant(grant) }
    }

    private func revokeGrant(_ grant: Int) {
        accessTokens = accessTokens.filter { $0.value.grant != grant }
        refreshTokens = refreshTokens.filter { $0.value.grant != grant }
        idTokens = idTokens.filter { $0.value != grant }
        for (code, record) in codes where record.grant == grant { codes[code]?.used = true }
    }

    // MARK: - Who the token belongs to

    public func customer(accessToken: String) async throws -> Customer? { customer(for: accessToken) }

    public func customer(for accessToken: String) -> Customer? {
        guard let record = accessTokens[accessToken], record.expiresAt > now() else { return nil }
        return grantCustomers[record.grant] ?? signedInCustomer
    }

    var currentTime: Date { now() }

    func keyCustomer(_ fingerprint: String) async -> Customer {
        if let known = keyCustomers[fingerprint] { return known }
        let created = Self.customer(forKey: fingerprint, number: keyCustomers.count + 1)
        keyCustomers[fingerprint] = created
        await keep?(CustomerRecord(customer: created, keyFingerprint: fingerprint, cartId: nil))
        return created
    }

    /// A customer checked out with `email`, shipping to `address`: a key's customer is reached at
    /// that e-mail from then on, and one without a name takes the address's. Their next checkout
    /// starts with both. Kept with the shop's records.
    public func customerCheckedOut(customerId: String, email: String?, shippingAddress address: MailingAddress?) async {
        guard let fingerprint = fingerprint(ofCustomerId: customerId), var customer = keyCustomers[fingerprint] else { return }
        let before = customer
        if let email { customer.email = email }
        if customer.firstName == nil, customer.lastName == nil, let address, address.firstName != nil || address.lastName != nil {
            customer.firstName = address.firstName
            customer.lastName = address.lastName
        }
        guard customer != before else { return }
        keyCustomers[fingerprint] = customer
        for (grant, known) in grantCustomers where known.id == customerId { grantCustomers[grant] = customer }
        await keep?(CustomerRecord(customer: customer, keyFingerprint: fingerprint, cartId: customerCarts[customerId]))
    }

    /// The key a customer is known by, if any.
    func fingerprint(of customer: Customer) -> String? { fingerprint(ofCustomerId: customer.id) }

    func fingerprint(ofCustomerId id: String) -> String? { keyCustomers.first { $0.value.id == id }?.key }

    /// Tokens for `customer` under a grant of their own (refresh keeps naming them).
    func issueForCustomer(_ customer: Customer, clientId: String, scope: String) -> TokenResponse {
        let grant = nextGrant
        nextGrant += 1
        grantCustomers[grant] = customer
        return issue(grant: grant, clientId: clientId, scope: scope, withIDToken: false)
    }

    /// The orders of `customer` in the shop's ledger, newest first: those of a cart that carried
    /// the customer, or placed with the customer's email.
    func orders(of customer: Customer) async throws -> [Order] {
        try await orders()
            .filter { $0.isListed(for: customer) }
            .sorted { $0.processedAt > $1.processedAt }
    }
}
