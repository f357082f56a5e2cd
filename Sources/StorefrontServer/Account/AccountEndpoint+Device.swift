import CustomerAccount
import Foundation
import Storefront

/// The device grant's routes (RFC 8628): the terminal's request for a code, the shopper's page on
/// another device, and the terminal's token polls.
extension AccountEndpoint {
    func startDeviceLogin(_ form: [(String, String)]) async -> EndpointResponse {
        guard let devices else {
            return Self.oauthError(OAuthFailure("unsupported_grant_type",
                                                "This account server has no public address for logging in from another device."))
        }
        let fields = Dictionary(form, uniquingKeysWith: { first, _ in first })
        guard let clientId = fields["client_id"], authority.configuration.clients.contains(where: { $0.clientId == clientId }) else {
            return Self.oauthError(OAuthFailure("invalid_client", "The client is not registered.", status: 401))
        }
        let scope = fields["scope"] ?? "openid email customer-account-api:full"
        guard let started = await devices.start(clientId: clientId, scope: scope) else {
            return Self.oauthError(OAuthFailure("temporarily_unavailable", "Too many logins are waiting; try again in a minute.", status: 503))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let body = try? encoder.encode(started) else { return .json(500, #"{"error":"server_error"}"#) }
        return EndpointResponse(status: 200, headers: ["Content-Type": "application/json; charset=utf-8"].merging(Self.noStore) { $1 },
                                body: body)
    }

    func deviceToken(_ form: [(String, String)]) async -> EndpointResponse {
        let fields = Dictionary(form, uniquingKeysWith: { first, _ in first })
        guard let devices else {
            return Self.oauthError(OAuthFailure("unsupported_grant_type", "The device grant is not offered here."))
        }
        guard let deviceCode = fields["device_code"], let clientId = fields["client_id"] else {
            return Self.oauthError(.invalidRequest("device_code and client_id are required."))
        }
        switch await devices.poll(deviceCode: deviceCode, clientId: clientId) {
        case .success(let approved):
            return Self.tokens(await authority.issueForCustomer(approved.customer, clientId: clientId, scope: approved.scope))
        case .failure(let failure):
            return Self.oauthError(failure)
        }
    }

    /// GET: the code (from the address, or a form to type it) and who logs in; POST: the decision.
    func devicePage(_ method: String, _ form: [(String, String)], client: String) async -> EndpointResponse {
        guard let devices else { return .json(404, #"{"error":"not_found"}"#) }
        let fields = Dictionary(form, uniquingKeysWith: { first, _ in first })
        let action = Path.base + Path.device
        let typed = fields["user_code"] ?? ""
        guard !typed.isEmpty else { return Self.page(AuthorizationPage.deviceCodeForm(shopName: shopName, action: action, retry: false)) }
        let request: DeviceAuthorizations.Request
        switch await devices.request(userCode: typed, from: client) {
        case .waiting(let waiting): request = waiting
        case .unknown:
            return Self.page(AuthorizationPage.deviceCodeForm(shopName: shopName, action: action, retry: true), status: 400)
        case .tooManyGuesses(let retryAfter):
            var answer = Self.page(AuthorizationPage.message(
                title: "Too many codes tried", "Too many wrong codes were typed from here; try again in \((retryAfter + 59) / 60) minutes."),
                status: 429)
            answer.headers["Retry-After"] = String(retryAfter)
            return answer
        }
        guard method == "POST", let decision = fields["decision"] else {
            return Self.page(AuthorizationPage.deviceConfirm(request, customer: authority.customer, shopName: shopName, action: action))
        }
        let approved = decision == "approve"
        _ = await devices.decide(userCode: request.userCode, approvedFor: approved ? authority.customer : nil)
        return Self.page(AuthorizationPage.message(
            title: approved ? "Logged in" : "Login cancelled",
            approved ? "You are logged in to \(shopName) on your terminal; you can close this page."
                : "Nothing was shared; your terminal says the login was declined."))
    }

    private static func page(_ html: String, status: Int = 200) -> EndpointResponse {
        .text(status, html, contentType: "text/html; charset=utf-8", headers: noStore)
    }
}

extension AuthorizationPage {
    static func deviceCodeForm(shopName: String, action: String, retry: Bool) -> String {
        message(title: "Log in to \(shopName)", retry ? "That code is not waiting for a login (it may have expired); check it and try again." : "Enter the code your terminal shows.")
            .replacingOccurrences(of: "</body>", with: """
                <form method="get" action="\(escape(action))">
                <input name="user_code" autocomplete="off" autocapitalize="characters" placeholder="XXXX-XXXX">
                <button type="submit">Continue</button>
                </form>
                </body>
                """)
    }

    static func deviceConfirm(_ request: DeviceAuthorizations.Request, customer: Customer, shopName: String, action: String) -> String {
        let who = [customer.displayName, customer.email.map { "(\($0))" }].compactMap { $0 }.joined(separator: " ")
        return message(title: "Log in to \(shopName)", "A terminal showing the code \(request.userCode) asks to use your customer account.")
            .replacingOccurrences(of: "</body>", with: """
                <form method="post" action="\(escape(action))">
                <input type="hidden" name="user_code" value="\(escape(request.userCode))">
                <p>Continue as <strong>\(escape(who))</strong>? Only approve a code you see on your own terminal.</p>
                <button type="submit" name="decision" value="approve">Log in</button>
                <button type="submit" name="decision" value="deny">Cancel</button>
                </form>
                </body>
                """)
    }
}
