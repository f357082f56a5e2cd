import CustomerAccount
import Foundation
import Testing

struct AuthorizationRequestTests {
    let request = AuthorizationRequest(authorizationEndpoint: URL(string: "https://shopify.com/authentication/42/oauth/authorize")!,
                                       clientId: "client-abc", redirectURI: URL(string: "http://127.0.0.1:53682/callback")!)

    private func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func theURLCarriesEveryParameterOfTheCodeFlowWithPKCE() {
        let url = request.url
        #expect(url.absoluteString.hasPrefix("https://shopify.com/authentication/42/oauth/authorize?"))
        #expect(query(url) == [
            "scope": "openid email customer-account-api:full",
            "client_id": "client-abc",
            "response_type": "code",
            "redirect_uri": "http://127.0.0.1:53682/callback",
            "state": request.state,
            "code_challenge": request.pkce.challenge,
            "code_challenge_method": "S256",
        ])
        // Reserved characters in values are escaped, not left to split the query.
        #expect(url.absoluteString.contains("redirect_uri=http%3A%2F%2F127.0.0.1%3A53682%2Fcallback"))
        #expect(url.absoluteString.contains("scope=openid%20email%20customer-account-api%3Afull"))
    }

    @Test func eachRequestHasItsOwnStateAndVerifier() {
        let other = AuthorizationRequest(authorizationEndpoint: request.authorizationEndpoint, clientId: "client-abc",
                                         redirectURI: request.redirectURI)
        #expect(other.state != request.state)
        #expect(other.pkce.verifier != request.pkce.verifier)
        #expect(request.state.count == 32)
    }

    @Test func theCodeComesFromARedirectWithTheSameState() throws {
        let redirect = URL(string: "http://127.0.0.1:53682/callback?code=abc123&state=\(request.state)")!
        #expect(try request.authorizationCode(from: redirect) == "abc123")
    }

    @Test(arguments: ["state=someone-elses", "", "state="])
    func aForeignOrMissingStateIsRefused(stateItem: String) {
        let redirect = URL(string: "http://127.0.0.1:53682/callback?code=abc123&\(stateItem)")!
        #expect(throws: AccountError.stateMismatch) { try request.authorizationCode(from: redirect) }
    }

    @Test func anErrorRedirectSaysWhatTheServerSaid() {
        let redirect = URL(string: "http://127.0.0.1:53682/callback?error=access_denied&error_description=The%20customer%20said%20no%1B%5B31m&state=\(request.state)")!
        #expect(throws: AccountError.authorizationDenied(error: "access_denied", description: "The customer said no")) {
            try request.authorizationCode(from: redirect)
        }
    }

    @Test func aRedirectWithoutCodeIsRefused() {
        let redirect = URL(string: "http://127.0.0.1:53682/callback?state=\(request.state)")!
        #expect(throws: AccountError.missingAuthorizationCode) { try request.authorizationCode(from: redirect) }
    }
}
