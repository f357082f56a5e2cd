import CustomerAccount
import Foundation
import Storefront
import StorefrontServer
import Testing

/// The account server's HTTP surface, without a socket.
struct AccountEndpointTests {
    let authority = AccountAuthority(issuer: URL(string: "http://127.0.0.1:8080/account")!)
    var endpoint: AccountEndpoint { AccountEndpoint(authority: authority, shopName: "Kestrel & Co.") }

    func get(_ path: String, query: String = "", authorization: String? = nil) async -> EndpointResponse {
        await endpoint.handle(.init(method: "GET", path: path, query: query, authorization: authorization))
    }

    @Test func discoveryNamesEveryEndpointUnderTheIssuer() async throws {
        let answer = await get("/account/.well-known/openid-configuration")
        #expect(answer.status == 200)
        let metadata = try JSONDecoder().decode(AccountServerMetadata.self, from: answer.body)
        #expect(metadata.tokenEndpoint.absoluteString == "http://127.0.0.1:8080/account/oauth/token")
        #expect(metadata.authorizationEndpoint.absoluteString == "http://127.0.0.1:8080/account/oauth/authorize")
        #expect(metadata.endSessionEndpoint?.absoluteString == "http://127.0.0.1:8080/account/logout")
        #expect(metadata.codeChallengeMethodsSupported == ["S256"])
        try metadata.validate()
    }

    @Test func theLoginPageEscapesWhatTheBrowserSent() async throws {
        let pkce = PKCE.generate()
        let query = FormEncoding.encode([
            ("response_type", "code"), ("client_id", "storefront-cli"), ("redirect_uri", "http://127.0.0.1:5000/callback"),
            ("scope", "openid email"), ("state", #""><script>alert(1)</script>"#), ("code_challenge", pkce.challenge),
            ("code_challenge_method", "S256"),
        ])
        let answer = await get("/account/oauth/authorize", query: query)
        let page = String(decoding: answer.body, as: UTF8.self)
        #expect(answer.status == 200)
        #expect(page.contains("Ada Lovelace") && page.contains("Log in to Kestrel &amp; Co."))
        #expect(!page.contains("<script>") && page.contains("&lt;script&gt;"))

        // Approving posts the request back: a redirect to the app with a code and the state.
        let form = FormEncoding.decode(query) + [("decision", "approve")]
        let approved = await endpoint.handle(.init(method: "POST", path: "/account/oauth/authorize",
                                                   body: Data(FormEncoding.encode(form).utf8)))
        #expect(approved.status == 302)
        let location = try #require(approved.headers["Location"])
        #expect(location.hasPrefix("http://127.0.0.1:5000/callback?code="))
        #expect(location.contains("state=%22%3E%3Cscript%3Ealert(1)%3C/script%3E") || location.contains("state=%22%3E%3Cscript%3Ealert%281%29%3C%2Fscript%3E"))
    }

    @Test func anUnknownRedirectIsShownNotFollowed() async {
        let answer = await get("/account/oauth/authorize", query: "response_type=code&client_id=storefront-cli&redirect_uri=https%3A%2F%2Fevil.example%2Fcb")
        #expect(answer.status == 400 && answer.headers["Location"] == nil)
    }

    @Test func tokenErrorsAreOAuthJSONAndNeverCached() async throws {
        let answer = await endpoint.handle(.init(method: "POST", path: "/account/oauth/token",
                                                 body: Data("grant_type=authorization_code&client_id=storefront-cli&code=nope&redirect_uri=x&code_verifier=y".utf8)))
        #expect(answer.status == 400)
        #expect(answer.headers["Cache-Control"] == "no-store")
        #expect(try JSONDecoder().decode(OAuthErrorResponse.self, from: answer.body).error == "invalid_grant")
    }

    @Test func userinfoWantsAValidBearerToken() async {
        for path in ["/account/userinfo"] {
            let missing = await get(path)
            let wrong = await get(path, authorization: "Bearer shcat_not-a-token")
            #expect(missing.status == 401 && wrong.status == 401)
            #expect(wrong.headers["WWW-Authenticate"] == #"Bearer error="invalid_token""#)
        }
    }
}
