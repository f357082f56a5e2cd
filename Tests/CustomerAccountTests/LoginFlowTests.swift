import Clocks
import CustomerAccount
import Determinism
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Storefront
import Testing

struct LoginFlowTests {
    let server = FakeAccountServer()
    let directory = temporaryStateDirectory()
    let clock = TestClock()

    var flow: LoginFlow {
        LoginFlow(client: AccountServerClient(transport: server), store: TokenStore(directory: directory), now: testDates(clock).closure)
    }

    func request() -> AuthorizationRequest {
        AuthorizationRequest(authorizationEndpoint: FakeAccountServer.metadata.authorizationEndpoint, clientId: "storefront-cli",
                             redirectURI: URL(string: "http://127.0.0.1:4000/callback")!)
    }

    @Test func theCodeIsExchangedWithTheVerifierAsAForm() async throws {
        server.answerTokens(FakeAccountServer.tokens(access: "access-xyz", refresh: "refresh-xyz", expiresIn: 7200))
        let request = request()
        let redirect = URL(string: "http://127.0.0.1:4000/callback?code=the-code&state=\(request.state)")!
        let session = try await flow.finish(request, redirect: redirect, server: FakeAccountServer.metadata)

        let tokenRequest = try #require(server.requests.first { $0.url.path == "/account/oauth/token" })
        #expect(tokenRequest.method == "POST")
        #expect(tokenRequest.header("Content-Type") == "application/x-www-form-urlencoded")
        #expect(server.forms(to: "/account/oauth/token") == [[
            "grant_type": "authorization_code", "client_id": "storefront-cli",
            "redirect_uri": "http://127.0.0.1:4000/callback", "code": "the-code", "code_verifier": request.pkce.verifier,
        ]])
        #expect(session.accessToken.rawValue == "access-xyz")
        #expect(session.expiresAt == testDates(clock).now.addingTimeInterval(7200))
        #expect(session.customer.email == "jane@example.com" && session.customer.displayName == "Jane Doe")
        #expect(try TokenStore(directory: directory).load() == session)
        let userinfo = try #require(server.requests.first { $0.url.path == "/account/userinfo" })
        #expect(userinfo.header("Authorization") == "Bearer access-xyz")
    }

    @Test func aWrongStateIsRefusedAndNothingIsExchanged() async throws {
        server.answerTokens(FakeAccountServer.tokens(access: "access-xyz"))
        let redirect = URL(string: "http://127.0.0.1:4000/callback?code=the-code&state=forged")!
        await #expect(throws: AccountError.stateMismatch) {
            try await flow.finish(request(), redirect: redirect, server: FakeAccountServer.metadata)
        }
        #expect(server.requests.isEmpty)
        #expect(try TokenStore(directory: directory).load() == nil)
    }

    @Test func aRefusedCodeSaysWhy() async throws {
        server.answerTokens(FakeAccountServer.oauthError("invalid_grant", description: "code_verifier does not match"))
        let request = request()
        let redirect = URL(string: "http://127.0.0.1:4000/callback?code=the-code&state=\(request.state)")!
        await #expect(throws: AccountError.tokenRequestRejected(status: 400, error: "invalid_grant",
                                                               description: "code_verifier does not match")) {
            try await flow.finish(request, redirect: redirect, server: FakeAccountServer.metadata)
        }
        #expect(try TokenStore(directory: directory).load() == nil)
    }

    @Test func withoutUserinfoTheCustomerComesFromTheIDToken() async throws {
        var metadata = FakeAccountServer.metadata
        metadata.userinfoEndpoint = nil
        let claims = #"{"sub":"gid://shopify/Customer/9","email":"max@example.com","given_name":"Max"}"#
        let idToken = "eyJhbGciOiJub25lIn0." + Data(claims.utf8).base64EncodedString()
            .replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_") + ".sig"
        server.answerTokens(FakeAccountServer.tokens(access: "a", idToken: idToken))
        let request = request()
        let session = try await flow.finish(request, redirect: URL(string: "http://x/callback?code=c&state=\(request.state)")!,
                                            server: metadata)
        #expect(session.customer == Customer(id: "gid://shopify/Customer/9", email: "max@example.com", firstName: "Max"))
    }

    /// The whole flow over a real loopback listener: the "browser" is URLSession following the
    /// authorization URL's redirect, as the account server would send it.
    @Test func aLoginOverTheLoopbackListener() async throws {
        server.answerTokens(FakeAccountServer.tokens(access: "access-loop"))
        let session = try await flow.run(server: FakeAccountServer.metadata, clientId: "storefront-cli", interaction: .init(
            present: { request in
                let query = URLComponents(url: request.url, resolvingAgainstBaseURL: false)!.queryItems!
                let redirectURI = query.first { $0.name == "redirect_uri" }!.value!
                let state = query.first { $0.name == "state" }!.value!
                // A stray request first: it gets a 404 and the listener keeps waiting.
                let (_, stray) = try! await URLSession.shared.data(from: URL(string: redirectURI.replacingOccurrences(of: "/callback", with: "/favicon.ico"))!)
                #expect((stray as? HTTPURLResponse)?.statusCode == 404)
                let (body, response) = try! await URLSession.shared.data(from: URL(string: "\(redirectURI)?code=loop-code&state=\(state)")!)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
                #expect(String(decoding: body, as: UTF8.self).contains("return to the terminal"))
            }))
        #expect(session.accessToken.rawValue == "access-loop")
        #expect(server.forms(to: "/account/oauth/token").first?["code"] == "loop-code")
        let redirectURI = try #require(server.forms(to: "/account/oauth/token").first?["redirect_uri"])
        #expect(redirectURI.hasPrefix("http://127.0.0.1:") && redirectURI.hasSuffix("/callback"))
    }

    /// The terminal is still being read (a person could paste) when the browser comes back: the
    /// login must end at once, not when the next line is typed.
    @Test func theBrowserWinsWhileTheTerminalIsStillRead() async throws {
        server.answerTokens(FakeAccountServer.tokens(access: "access-loop"))
        let typing = Gate()
        let flow = flow
        let login = Task { try await flow.run(server: FakeAccountServer.metadata, clientId: "storefront-cli", interaction: .init(
            present: { request in
                // The browser comes back once the terminal reader is blocked, as a person is slower.
                let redirect = URL(string: "\(request.redirectURI.absoluteString)?code=c&state=\(request.state)")!
                Task {
                    await typing.someoneWaits()
                    _ = try? await URLSession.shared.data(from: redirect)
                }
            },
            readLine: { await typing.wait() })) }
        // Only a failure waits this long: then the reader is released so the suite does not hang.
        let watchdog = Task {
            try await Task.sleep(for: .seconds(10))
            Issue.record("the login waited for the terminal after the browser came back")
            await typing.open()
        }
        let session = try await login.value
        watchdog.cancel()
        #expect(session.accessToken.rawValue == "access-loop")
        await typing.open()
    }

    /// A remote shell: the browser is elsewhere, so the customer pastes the address it ended on.
    @Test func aPastedRedirectFinishesTheLogin() async throws {
        server.answerTokens(FakeAccountServer.tokens(access: "access-paste"))
        let pending = PendingRequest()
        let rejected = Lines()
        let session = try await flow.run(server: FakeAccountServer.metadata, clientId: "storefront-cli", interaction: .init(
            present: { request in await pending.set(request) },
            readLine: {
                await rejected.count == 0 ? "not a url" : await pending.redirect(code: "pasted-code")
            },
            rejectedLine: { line in await rejected.append(line) }))
        #expect(session.accessToken.rawValue == "access-paste")
        #expect(await rejected.lines == ["not a url"])
        #expect(server.forms(to: "/account/oauth/token").first?["code"] == "pasted-code")
    }

    @Test func aPastedRedirectWithAnotherStateIsRefused() async throws {
        server.answerTokens(FakeAccountServer.tokens(access: "access-paste"))
        await #expect(throws: AccountError.stateMismatch) {
            try await flow.run(server: FakeAccountServer.metadata, clientId: "storefront-cli", interaction: .init(
                present: { _ in },
                readLine: { "http://127.0.0.1:1/callback?code=c&state=not-mine" }))
        }
        #expect(server.requests.isEmpty)
    }
}

/// The request a login showed, for a test playing the customer.
actor PendingRequest {
    private var request: AuthorizationRequest?
    func set(_ request: AuthorizationRequest) { self.request = request }
    func redirect(code: String) -> String? {
        request.map { "\($0.redirectURI.absoluteString)?code=\(code)&state=\($0.state)" }
    }
}

actor Lines {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
    var count: Int { lines.count }
}

/// Holds a caller until opened; then answers nil (end of input).
actor Gate {
    private var waiters: [CheckedContinuation<String?, Never>] = []
    private var watchers: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false
    func wait() async -> String? {
        if isOpen { return nil }
        for watcher in watchers { watcher.resume() }
        watchers = []
        return await withCheckedContinuation { waiters.append($0) }
    }
    /// Returns once a caller is held.
    func someoneWaits() async {
        if !waiters.isEmpty { return }
        await withCheckedContinuation { watchers.append($0) }
    }
    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume(returning: nil) }
        waiters = []
    }
}
