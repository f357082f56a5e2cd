import Clocks
import CustomerAccount
import Determinism
import Foundation
import Storefront
import StorefrontServer
import Synchronization
import Testing

/// The account server's rules, without HTTP: PKCE, single-use short-lived codes, redirect URI
/// binding, refresh rotation, revocation and logout.
struct AccountAuthorityTests {
    let clock = TestClock()
    /// The dates on `clock`: 2027-01-15T08:00:00Z until it is advanced.
    var dates: DateSource { .following(clock, from: Date(timeIntervalSince1970: 1_800_000_000), at: TestClock.Instant()) }
    let redirectURI = "http://127.0.0.1:49152/callback"

    func authority(autoApprove: Bool = true) -> AccountAuthority {
        AccountAuthority(issuer: URL(string: "http://127.0.0.1:8080/account")!,
                         configuration: .init(accessTokenLifetime: 3600, autoApprove: autoApprove), now: dates.closure)
    }

    func request(_ pkce: PKCE, state: String = "st4te", redirectURI: String? = nil, method: String = "S256") -> [(String, String)] {
        [("response_type", "code"), ("client_id", "storefront-cli"), ("redirect_uri", redirectURI ?? self.redirectURI),
         ("scope", "openid email customer-account-api:full"), ("state", state), ("code_challenge", pkce.challenge),
         ("code_challenge_method", method)]
    }

    /// Authorizes (auto-approved) and returns the redirect's query.
    func code(_ authority: AccountAuthority, _ pkce: PKCE) async throws -> [String: String] {
        guard case .redirect(let url) = await authority.authorize(query: request(pkce)) else {
            Issue.record("expected a redirect")
            return [:]
        }
        #expect(url.absoluteString.hasPrefix(redirectURI + "?"))
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    func exchange(_ authority: AccountAuthority, code: String, verifier: String,
                  redirectURI: String? = nil) async -> Result<TokenResponse, OAuthFailure> {
        await authority.token(form: [("grant_type", "authorization_code"), ("client_id", "storefront-cli"), ("code", code),
                                     ("redirect_uri", redirectURI ?? self.redirectURI), ("code_verifier", verifier)])
    }

    func refresh(_ authority: AccountAuthority, _ token: SecretToken?) async -> Result<TokenResponse, OAuthFailure> {
        await authority.token(form: [("grant_type", "refresh_token"), ("client_id", "storefront-cli"),
                                     ("refresh_token", token?.rawValue ?? "")])
    }

    func failure(_ result: Result<TokenResponse, OAuthFailure>) -> String? {
        if case .failure(let failure) = result { return failure.error }
        return nil
    }

    @Test func theRightVerifierGetsTokensForTheDemoCustomer() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        let redirect = try await code(authority, pkce)
        #expect(redirect["state"] == "st4te")
        let tokens = try await exchange(authority, code: try #require(redirect["code"]), verifier: pkce.verifier).get()
        #expect(tokens.tokenType == "Bearer" && tokens.expiresIn == 3600 && tokens.refreshToken != nil && tokens.idToken != nil)
        #expect(await authority.customer(for: tokens.accessToken.rawValue) == DemoCustomer.customer)
    }

    @Test func aWrongVerifierIsRejectedAndTheCodeIsSpent() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        let code = try #require(try await code(authority, pkce)["code"])
        #expect(failure(await exchange(authority, code: code, verifier: PKCE.generate().verifier)) == "invalid_grant")
        // One attempt per code: the right verifier is too late now.
        #expect(failure(await exchange(authority, code: code, verifier: pkce.verifier)) == "invalid_grant")
    }

    @Test func aCodeIsSingleUseAndReplayingItRevokesItsTokens() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        let code = try #require(try await code(authority, pkce)["code"])
        let tokens = try await exchange(authority, code: code, verifier: pkce.verifier).get()
        #expect(failure(await exchange(authority, code: code, verifier: pkce.verifier)) == "invalid_grant")
        #expect(await authority.customer(for: tokens.accessToken.rawValue) == nil)
        #expect(failure(await refresh(authority, tokens.refreshToken)) == "invalid_grant")
    }

    @Test func aCodeLivesOneMinute() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        let code = try #require(try await code(authority, pkce)["code"])
        await clock.advance(by: .seconds(60))
        #expect(failure(await exchange(authority, code: code, verifier: pkce.verifier)) == "invalid_grant")
    }

    @Test func theRedirectURIMustBeTheOneAuthorized() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        let code = try #require(try await code(authority, pkce)["code"])
        #expect(failure(await exchange(authority, code: code, verifier: pkce.verifier,
                                       redirectURI: "http://127.0.0.1:49153/callback")) == "invalid_grant")
    }

    @Test func unknownClientsAndForeignRedirectsAreNeverRedirectedTo() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        for uri in ["https://evil.example/callback", "http://localhost.evil.example:1/callback", "http://127.0.0.1:1/other"] {
            guard case .refused = await authority.authorize(query: request(pkce, redirectURI: uri)) else {
                Issue.record("\(uri) should be refused")
                continue
            }
        }
        var unknownClient = request(pkce)
        unknownClient[1] = ("client_id", "someone-else")
        guard case .refused = await authority.authorize(query: unknownClient) else { Issue.record("unknown client"); return }
        let result = await authority.token(form: [("grant_type", "authorization_code"), ("client_id", "someone-else")])
        if case .failure(let failure) = result { #expect(failure.error == "invalid_client" && failure.status == 401) }
        else { Issue.record("unknown client got tokens") }
    }

    @Test func pkceIsRequiredWithS256() async throws {
        let authority = authority()
        for query in [request(PKCE.generate(), method: "plain"),
                      request(PKCE.generate()).filter { $0.0 != "code_challenge" }] {
            guard case .redirect(let url) = await authority.authorize(query: query) else { Issue.record("expected redirect"); continue }
            #expect(url.query?.contains("error=invalid_request") == true)
            #expect(url.query?.contains("state=st4te") == true)
            #expect(url.query?.contains("code=") == false)
        }
    }

    @Test func refreshTokensRotateAndAReplayEndsTheSession() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        let first = try await exchange(authority, code: try #require(try await code(authority, pkce)["code"]), verifier: pkce.verifier).get()
        await clock.advance(by: .seconds(3000))
        let second = try await refresh(authority, first.refreshToken).get()
        #expect(second.refreshToken != first.refreshToken && second.accessToken != first.accessToken)
        #expect(await authority.customer(for: second.accessToken.rawValue) != nil)
        // The old refresh token again: someone else holds a copy; everything is revoked.
        #expect(failure(await refresh(authority, first.refreshToken)) == "invalid_grant")
        #expect(await authority.customer(for: second.accessToken.rawValue) == nil)
        #expect(failure(await refresh(authority, second.refreshToken)) == "invalid_grant")
    }

    @Test func accessTokensExpire() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        let tokens = try await exchange(authority, code: try #require(try await code(authority, pkce)["code"]), verifier: pkce.verifier).get()
        await clock.advance(by: .seconds(3599))
        #expect(await authority.customer(for: tokens.accessToken.rawValue) != nil)
        await clock.advance(by: .seconds(1))
        #expect(await authority.customer(for: tokens.accessToken.rawValue) == nil)
    }

    @Test func revokingTheRefreshTokenAndEndingTheSessionStopTheTokens() async throws {
        let authority = authority()
        let pkce = PKCE.generate()
        let one = try await exchange(authority, code: try #require(try await code(authority, pkce)["code"]), verifier: pkce.verifier).get()
        await authority.revoke(token: try #require(one.refreshToken).rawValue)
        #expect(await authority.customer(for: one.accessToken.rawValue) == nil)
        #expect(failure(await refresh(authority, one.refreshToken)) == "invalid_grant")

        let other = PKCE.generate()
        let two = try await exchange(authority, code: try #require(try await code(authority, other)["code"]), verifier: other.verifier).get()
        await authority.endSession(idTokenHint: two.idToken?.rawValue)
        #expect(await authority.customer(for: two.accessToken.rawValue) == nil)
        #expect(failure(await refresh(authority, two.refreshToken)) == "invalid_grant")
    }

    @Test func withoutAutoApproveTheLoginPageDecides() async throws {
        let authority = authority(autoApprove: false)
        let pkce = PKCE.generate()
        guard case .loginPage(let parameters) = await authority.authorize(query: request(pkce, state: "<script>")) else {
            Issue.record("expected the login page")
            return
        }
        #expect(parameters.state == "<script>")
        let approved = await authority.approve(parameters)
        #expect(approved.query?.contains("code=") == true)
        let denied = await authority.deny(parameters)
        #expect(denied.query?.contains("error=access_denied") == true && denied.query?.contains("code=") == false)
    }
}

/// What anyone may ask the account server to keep, without logging in, is bounded.
extension AccountAuthorityTests {
    func query(_ url: URL) -> [String: String] {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
    }

    @Test func aStateOverItsLimitIsRefusedWithoutBeingEchoedOrKept() async throws {
        let authority = authority()
        let huge = String(repeating: "s", count: 60_000)
        guard case .redirect(let url) = await authority.authorize(query: request(PKCE.generate(), state: huge)) else {
            Issue.record("expected a redirect with an error")
            return
        }
        let answer = query(url)
        #expect(answer["error"] == "invalid_request")
        #expect(answer["code"] == nil && answer["state"] == nil)
        let fits = String(repeating: "s", count: AccountAuthority.maximumStateBytes)
        guard case .redirect(let kept) = await authority.authorize(query: request(PKCE.generate(), state: fits)) else {
            Issue.record("expected a redirect with a code")
            return
        }
        #expect(query(kept)["code"] != nil && query(kept)["state"] == fits)
    }

    @Test func outstandingCodesAreBoundedAndTheNextLoginIsToldToWait() async throws {
        let authority = authority()
        for _ in 0..<AccountAuthority.maximumOutstandingCodes {
            guard case .redirect = await authority.authorize(query: request(PKCE.generate())) else {
                Issue.record("expected a redirect")
                return
            }
        }
        guard case .redirect(let full) = await authority.authorize(query: request(PKCE.generate())) else {
            Issue.record("expected a redirect")
            return
        }
        #expect(query(full)["error"] == "temporarily_unavailable")
        #expect(query(full)["code"] == nil)
        // Codes age out of the replay window, and logins go on.
        await clock.advance(by: .seconds(601))
        let pkce = PKCE.generate()
        let later = try await code(authority, pkce)
        #expect(try await exchange(authority, code: try #require(later["code"]), verifier: pkce.verifier).get().refreshToken != nil)
    }
}
