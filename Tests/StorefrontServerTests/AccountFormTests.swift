import CustomerAccount
import Foundation
import StorefrontServer
import Testing

/// The account server reads forms written by hand here, not by the app's encoder, so a mistake
/// shared by the app's encoder and the server's decoder cannot pass: `+` is a space, `%26` and
/// `%3D` are data, a name sent twice is refused.
struct AccountFormTests {
    let endpoint = AccountEndpoint(authority: AccountAuthority(issuer: URL(string: "http://127.0.0.1:8080/account")!),
                                   shopName: "Kestrel & Co.")

    // RFC 7636, appendix B: a verifier and its S256 challenge.
    let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
    let authorization = "response_type=code&client_id=storefront-cli"
        + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&scope=openid+email"
        + "&state=a%26b%3Dc+d%2B&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256"

    func post(_ path: String, _ body: String) async -> EndpointResponse {
        await endpoint.handle(.init(method: "POST", path: "/account" + path, body: Data(body.utf8)))
    }

    func oauthError(_ answer: EndpointResponse) throws -> String {
        try JSONDecoder().decode(OAuthErrorResponse.self, from: answer.body).error
    }

    /// The login page's form, approved, then the code exchanged: every body typed out.
    func tokens() async throws -> TokenResponse {
        let page = await endpoint.handle(.init(method: "GET", path: "/account/oauth/authorize", query: authorization))
        #expect(page.status == 200)
        let approved = await post("/oauth/authorize", authorization + "&decision=approve")
        #expect(approved.status == 302)
        let location = try #require(approved.headers["Location"].flatMap(URLComponents.init(string:)))
        let items = location.queryItems ?? []
        // The state comes back exactly as sent: "&", "=", " " and "+" were data.
        #expect(items.first { $0.name == "state" }?.value == "a&b=c d+")
        let code = try #require(items.first { $0.name == "code" }?.value)
        #expect(code.allSatisfy { $0.isLetter || $0.isNumber || "-._~".contains($0) })
        let answer = await post("/oauth/token", "grant_type=authorization_code&client_id=storefront-cli&code=\(code)"
                                + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A5000%2Fcallback&code_verifier=\(verifier)")
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        return try JSONDecoder().decode(TokenResponse.self, from: answer.body)
    }

    @Test func aLoginTypedByHandGetsTokens() async throws {
        let tokens = try await tokens()
        #expect(tokens.scope == "email openid")
        let userinfo = await endpoint.handle(.init(method: "GET", path: "/account/userinfo",
                                                   authorization: "Bearer \(tokens.accessToken.rawValue)"))
        #expect(userinfo.status == 200)
    }

    @Test func aRedirectWithPlusForSpaceOrRawSlashesIsTheSameAddress() async throws {
        // "%2F" and "/" are the same character in a form value; a verifier written with "%2D" for "-" too.
        let page = await endpoint.handle(.init(method: "GET", path: "/account/oauth/authorize",
                                               query: authorization.replacingOccurrences(of: "%2F", with: "/")))
        #expect(page.status == 200)
        let approved = await post("/oauth/authorize", authorization + "&decision=approve")
        let location = try #require(approved.headers["Location"].flatMap(URLComponents.init(string:)))
        let code = try #require(location.queryItems?.first { $0.name == "code" }?.value)
        let answer = await post("/oauth/token", "grant_type=authorization_code&client_id=storefront%2Dcli&code=\(code)"
                                + "&redirect_uri=http://127.0.0.1:5000/callback&code_verifier=\(verifier.replacingOccurrences(of: "-", with: "%2D"))")
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
    }

    @Test func revokingWithAHandWrittenFormEndsTheLogin() async throws {
        let tokens = try await tokens()
        let refresh = try #require(tokens.refreshToken?.rawValue)
        #expect(await post("/oauth/revoke", "token=\(refresh)&token_type_hint=refresh_token&client_id=storefront-cli").status == 200)
        let again = await post("/oauth/token", "grant_type=refresh_token&client_id=storefront-cli&refresh_token=\(refresh)")
        #expect(again.status == 400)
        #expect(try oauthError(again) == "invalid_grant")
    }

    @Test func aFieldSentTwiceIsRefused() async throws {
        let answer = await post("/oauth/token", "grant_type=refresh_token&grant_type=authorization_code&client_id=storefront-cli")
        #expect(answer.status == 400)
        #expect(try oauthError(answer) == "invalid_request")
        let description = try JSONDecoder().decode(OAuthErrorResponse.self, from: answer.body).errorDescription ?? ""
        #expect(description.contains("grant_type is sent more than once"), "\(description)")
        #expect(answer.headers["Cache-Control"] == "no-store")
    }

    @Test func anEscapeThatDoesNotDecodeIsRefused() async throws {
        let answer = await post("/oauth/token", "grant_type=refresh_token&client_id=storefront-cli&refresh_token=%zz")
        #expect(answer.status == 400)
        #expect(try oauthError(answer) == "invalid_request")
        // On the authorization endpoint the browser is shown why, never redirected.
        let page = await endpoint.handle(.init(method: "GET", path: "/account/oauth/authorize", query: authorization + "&state=again"))
        #expect(page.status == 400 && page.headers["Location"] == nil)
        #expect(String(decoding: page.body, as: UTF8.self).contains("Login refused"))
    }

    @Test func aBracketedNameIsNotATextField() async throws {
        let answer = await post("/oauth/token", "grant_type[]=refresh_token&client_id=storefront-cli")
        #expect(answer.status == 400)
        #expect(try oauthError(answer) == "invalid_request")
    }
}
