import Foundation
import Storefront

/// Logging in from a terminal the way native apps do (RFC 8252): the authorization code flow with
/// PKCE, the browser as the user agent and a loopback redirect URI.
///
/// 1. The endpoints come from discovery (or the caller).
/// 2. A fresh `state` and PKCE pair; the listener's address is the redirect URI.
/// 3. The URL is shown (and a browser opened by the caller when there is one).
/// 4. The redirect arrives at the listener, or is pasted (the browser is on another machine).
/// 5. `state` must match, else nothing is exchanged; the code and verifier go to the token endpoint.
/// 6. The customer is read (userinfo, else the ID token) and the session saved (0600).
public struct LoginFlow: Sendable {
    /// How the flow reaches the person logging in.
    public struct Interaction: Sendable {
        /// Shows the authorization URL (and opens a browser where it can).
        public var present: @Sendable (AuthorizationRequest) async -> Void
        /// The next line typed on the terminal; nil at end of input. Nil when nothing can be typed.
        public var readLine: (@Sendable () async -> String?)?
        /// Told about a typed line that is not a redirect address.
        public var rejectedLine: @Sendable (String) async -> Void

        public init(present: @escaping @Sendable (AuthorizationRequest) async -> Void,
                    readLine: (@Sendable () async -> String?)? = nil,
                    rejectedLine: @escaping @Sendable (String) async -> Void = { _ in }) {
            self.present = present; self.readLine = readLine; self.rejectedLine = rejectedLine
        }
    }

    public let client: AccountServerClient
    public let store: TokenStore
    public let random: RandomSource
    public let now: @Sendable () -> Date

    public init(client: AccountServerClient = AccountServerClient(), store: TokenStore, random: RandomSource = .system,
                now: @escaping @Sendable () -> Date = { Date() }) {
        self.client = client; self.store = store; self.random = random; self.now = now
    }

    /// The whole login: listener, prompt, redirect, exchange, saved session.
    public func run(server: AccountServerMetadata, clientId: String, scope: String = AuthorizationRequest.defaultScope,
                    port: UInt16 = 0, interaction: Interaction) async throws -> CustomerSession {
        try server.validate()
        let listener = try LoopbackListener.start(port: port)
        defer { listener.close() }
        let request = AuthorizationRequest(authorizationEndpoint: server.authorizationEndpoint, clientId: clientId,
                                           redirectURI: listener.redirectURI, scope: scope, random: random)
        let redirect = try await firstRedirect(request, listener: listener, interaction: interaction)
        return try await finish(request, redirect: redirect, server: server)
    }

    /// Checks the redirect against the request, redeems the code and saves the session.
    public func finish(_ request: AuthorizationRequest, redirect: URL, server: AccountServerMetadata) async throws -> CustomerSession {
        let code = try request.authorizationCode(from: redirect)
        let tokens = try await client.exchange(code: code, request: request, tokenEndpoint: server.tokenEndpoint)
        return try await save(tokens, clientId: request.clientId, server: server)
    }

    /// The login of a terminal without a browser (RFC 8628): `present` gets the address to open
    /// on another device (it carries the user code) and the code itself; then the token endpoint
    /// is polled at the server's interval (five seconds more after each `slow_down`) until the
    /// shopper approves, declines, or the code expires. Cancelling the task stops the polling.
    public func runOnAnotherDevice(server: AccountServerMetadata, clientId: String, scope: String = AuthorizationRequest.defaultScope,
                                   present: @Sendable (URL, String) async -> Void,
                                   sleep: @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }) async throws -> CustomerSession {
        try server.validate()
        guard let endpoint = server.deviceAuthorizationEndpoint else { throw AccountError.deviceLoginUnavailable }
        let started = try await client.startDeviceAuthorization(endpoint: endpoint, clientId: clientId, scope: scope)
        await present(started.verificationURIComplete ?? started.verificationURI, started.userCode)
        var interval = max(1, min(started.interval ?? 5, 60))
        let deadline = now().addingTimeInterval(TimeInterval(max(1, min(started.expiresIn, 3600))))
        while true {
            try await sleep(.seconds(interval))
            guard now() < deadline else { throw AccountError.deviceCodeExpired }
            do {
                let tokens = try await client.pollDeviceToken(started.deviceCode, clientId: clientId, tokenEndpoint: server.tokenEndpoint)
                return try await save(tokens, clientId: clientId, server: server)
            } catch AccountError.tokenRequestRejected(_, let error, let description) {
                switch error {
                case "authorization_pending": continue
                case "slow_down": interval += 5
                case "expired_token": throw AccountError.deviceCodeExpired
                case "access_denied": throw AccountError.authorizationDenied(error: error, description: description)
                default: throw AccountError.tokenRequestRejected(status: 400, error: error, description: description)
                }
            }
        }
    }

    private func save(_ tokens: TokenResponse, clientId: String, server: AccountServerMetadata) async throws -> CustomerSession {
        let receivedAt = now()
        let customer = try await customer(tokens: tokens, server: server)
        let session = CustomerSession(tokens: tokens, receivedAt: receivedAt, clientId: clientId, server: server, customer: customer)
        try store.save(session)
        return session
    }

    private func customer(tokens: TokenResponse, server: AccountServerMetadata) async throws -> Customer {
        if let endpoint = server.userinfoEndpoint {
            return try await client.userInfo(accessToken: tokens.accessToken, endpoint: endpoint)
        }
        if let idToken = tokens.idToken, let customer = IDTokenClaims.customer(from: idToken) { return customer }
        throw AccountError.invalidResponse(endpoint: server.tokenEndpoint.absoluteString,
                                           message: "no userinfo endpoint and no readable ID token: the customer is unknown")
    }

    /// Shows the request, then takes the listener's redirect or a typed one, whichever comes first.
    /// The listener accepts before the URL is shown, so no browser is too quick. Reading the
    /// terminal cannot be interrupted (a blocked `read`), so that reader is left behind rather than
    /// awaited: the login ends as soon as the browser comes back.
    private func firstRedirect(_ request: AuthorizationRequest, listener: LoopbackListener,
                               interaction: Interaction) async throws -> URL {
        let first = FirstResult<URL>()
        return try await withTaskCancellationHandler {
            try await first.wait {
                Task {
                    do { first.finish(.success(try await listener.waitForRedirect())) } catch { first.finish(.failure(error)) }
                }
                Task {
                    await interaction.present(request)
                    guard let readLine = interaction.readLine else { return }
                    if let url = await Self.typedRedirect(readLine: readLine, rejected: interaction.rejectedLine) {
                        first.finish(.success(url))
                        listener.close()
                    }
                }
            }
        } onCancel: {
            first.finish(.failure(AccountError.cancelled))
            listener.close()
        }
    }

    /// Reads lines until one is a redirect address (nil at end of input: then only the listener counts).
    static func typedRedirect(readLine: @Sendable () async -> String?, rejected: @Sendable (String) async -> Void) async -> URL? {
        while !Task.isCancelled, let line = await readLine() {
            let text = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if text.isEmpty { continue }
            if let url = URL(string: text), url.scheme != nil,
               URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.contains(where: { $0.name == "state" }) == true {
                return url
            }
            await rejected(TextSanitizer.cleanLine(text))
        }
        return nil
    }
}
