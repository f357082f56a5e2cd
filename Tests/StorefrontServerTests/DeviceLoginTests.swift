import Clocks
import CustomerAccount
import Determinism
import Foundation
import Storefront
import StorefrontServer
import Testing

/// Logging in from a terminal without a browser (RFC 8628): a code, a page on another device,
/// token polls with the grant's errors, and nothing offered without a public address.
struct DeviceLoginTests {
    let clock = TestClock()
    /// The dates on `clock`: 2027-01-15T08:00:00Z until it is advanced.
    var dates: DateSource { .following(clock, from: Date(timeIntervalSince1970: 1_800_000_000), at: TestClock.Instant()) }
    let authority = AccountAuthority(issuer: URL(string: "http://127.0.0.1:8080/account")!)

    func endpoint(public: Bool = true, maximumPending: Int = 1_000, wrongGuessesPerCode: Int = 1_000) -> AccountEndpoint {
        let dates = dates
        var configuration = DeviceAuthorizations.Configuration()
        configuration.maximumPending = maximumPending
        configuration.maximumWrongGuessesPerCode = wrongGuessesPerCode
        let devices = DeviceAuthorizations(verificationURI: URL(string: "https://shop.example.test/account/device")!,
                                           configuration: configuration, now: dates.closure)
        return AccountEndpoint(authority: authority, shopName: "Kestrel & Co.", devices: `public` ? devices : nil)
    }

    func post(_ endpoint: AccountEndpoint, _ path: String, _ fields: [(String, String)]) async -> EndpointResponse {
        await endpoint.handle(.init(method: "POST", path: path, body: Data(FormEncoding.encode(fields).utf8)))
    }

    func start(_ endpoint: AccountEndpoint) async throws -> (deviceCode: String, userCode: String, complete: String) {
        let answer = await post(endpoint, "/account/oauth/device_authorization", [("client_id", "storefront-cli"), ("scope", "openid email")])
        #expect(answer.status == 200)
        let json = try #require(try JSONSerialization.jsonObject(with: answer.body) as? [String: Any])
        #expect(json["verification_uri"] as? String == "https://shop.example.test/account/device")
        #expect(json["interval"] as? Int == 5 && json["expires_in"] as? Int == 600)
        return (try #require(json["device_code"] as? String), try #require(json["user_code"] as? String),
                try #require(json["verification_uri_complete"] as? String))
    }

    func poll(_ endpoint: AccountEndpoint, _ deviceCode: String) async -> (Int, String) {
        let answer = await post(endpoint, "/account/oauth/token", [
            ("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode), ("client_id", "storefront-cli"),
        ])
        return (answer.status, String(decoding: answer.body, as: UTF8.self))
    }

    func advance(_ seconds: Double) async { await clock.advance(by: .seconds(seconds)) }

    @Test func aCodeApprovedOnAnotherDeviceGivesTheTerminalTheCustomersTokens() async throws {
        let endpoint = endpoint()
        let discovery = try JSONDecoder().decode(AccountServerMetadata.self,
                                                 from: await endpoint.handle(.init(method: "GET", path: "/account/.well-known/openid-configuration")).body)
        #expect(discovery.deviceAuthorizationEndpoint?.absoluteString == "http://127.0.0.1:8080/account/oauth/device_authorization")
        let started = try await start(endpoint)
        #expect(started.userCode.range(of: #"^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$"#, options: .regularExpression) != nil)
        #expect(started.complete.hasSuffix("?user_code=\(started.userCode)"))

        await advance(5)
        #expect(await poll(endpoint, started.deviceCode).1.contains("authorization_pending"))
        // Polling faster than the interval: slow_down.
        await advance(1)
        #expect(await poll(endpoint, started.deviceCode).1.contains("slow_down"))

        // The shopper's phone: the page for the code (typed in lower case, without the dash), then approval.
        let typed = started.userCode.lowercased().replacingOccurrences(of: "-", with: "")
        let page = await endpoint.handle(.init(method: "GET", path: "/account/device", query: "user_code=\(typed)"))
        let html = String(decoding: page.body, as: UTF8.self)
        #expect(page.status == 200 && html.contains(started.userCode) && html.contains("Ada Lovelace"))
        let approved = await post(endpoint, "/account/device", [("user_code", started.userCode), ("decision", "approve")])
        #expect(String(decoding: approved.body, as: UTF8.self).contains("You are logged in"))

        await advance(15)
        let (status, body) = await poll(endpoint, started.deviceCode)
        #expect(status == 200)
        let tokens = try JSONDecoder().decode(TokenResponse.self, from: Data(body.utf8))
        #expect(await authority.customer(for: tokens.accessToken.rawValue) == DemoCustomer.customer)
        // The device code is spent.
        #expect(await poll(endpoint, started.deviceCode).1.contains("invalid_grant"))
    }

    @Test func aDeclinedCodeIsAccessDeniedAndAnOldOneExpired() async throws {
        let endpoint = endpoint()
        let declined = try await start(endpoint)
        _ = await post(endpoint, "/account/device", [("user_code", declined.userCode), ("decision", "deny")])
        #expect(await poll(endpoint, declined.deviceCode).1.contains("access_denied"))

        let forgotten = try await start(endpoint)
        await advance(601)
        #expect(await poll(endpoint, forgotten.deviceCode).1.contains("expired_token"))
        let page = await endpoint.handle(.init(method: "GET", path: "/account/device", query: "user_code=\(forgotten.userCode)"))
        #expect(page.status == 400)
    }

    @Test func withoutAPublicAddressNoDeviceLoginIsOffered() async throws {
        let endpoint = endpoint(public: false)
        let discovery = try JSONDecoder().decode(AccountServerMetadata.self,
                                                 from: await endpoint.handle(.init(method: "GET", path: "/account/.well-known/openid-configuration")).body)
        #expect(discovery.deviceAuthorizationEndpoint == nil)
        let answer = await post(endpoint, "/account/oauth/device_authorization", [("client_id", "storefront-cli")])
        #expect(answer.status == 400 && String(decoding: answer.body, as: UTF8.self).contains("unsupported_grant_type"))
    }

    @Test func waitingCodesAreBoundedAndAnUnknownClientGetsNone() async throws {
        let endpoint = endpoint(maximumPending: 3)
        for _ in 0..<3 { _ = try await start(endpoint) }
        let full = await post(endpoint, "/account/oauth/device_authorization", [("client_id", "storefront-cli")])
        #expect(full.status == 503)
        await advance(601)
        _ = try await start(endpoint)
        let stranger = await post(endpoint, "/account/oauth/device_authorization", [("client_id", "someone-else")])
        #expect(stranger.status == 401)
    }

    /// RFC 8628 §5.1: user codes are short, so guessing them is bounded. One address gets ten
    /// wrong codes in ten minutes, then is not answered about any code (even a right one) until
    /// they age out; another address is not held up by it.
    @Test func wrongCodesFromOneAddressAreBounded() async throws {
        let endpoint = endpoint()
        let waiting = try await start(endpoint)
        func page(_ code: String, from client: String) async -> EndpointResponse {
            await endpoint.handle(.init(method: "GET", path: "/account/device", query: "user_code=\(code)", client: client))
        }
        for guess in 0..<10 {
            #expect(await page("BCDF-GH\(guess)X", from: "203.0.113.9").status == 400)
        }
        let refused = await page(waiting.userCode, from: "203.0.113.9")
        #expect(refused.status == 429 && refused.headers["Retry-After"] == "600")
        #expect(String(decoding: refused.body, as: UTF8.self).contains("Too many wrong codes"))
        #expect(await page(waiting.userCode, from: "198.51.100.7").status == 200, "another address")
        await advance(601)
        #expect(await page(waiting.userCode, from: "203.0.113.9").status == 400, "the code expired meanwhile; the address is heard again")
    }

    /// Guesses spread over many addresses: a code that saw too many wrong ones while it waited is
    /// spent, and its terminal is told to ask for a new one (`expired_token`).
    @Test func aCodeThatSawTooManyWrongGuessesIsSpent() async throws {
        let endpoint = endpoint(wrongGuessesPerCode: 20)
        let waiting = try await start(endpoint)
        for address in 0..<20 {
            _ = await endpoint.handle(.init(method: "GET", path: "/account/device", query: "user_code=WXYZ-WXYZ", client: "10.0.0.\(address)"))
        }
        #expect(await endpoint.handle(.init(method: "GET", path: "/account/device", query: "user_code=\(waiting.userCode)")).status == 400)
        await advance(5)
        #expect(await poll(endpoint, waiting.deviceCode).1.contains("expired_token"))
        let fresh = try await start(endpoint)
        #expect(await endpoint.handle(.init(method: "GET", path: "/account/device", query: "user_code=\(fresh.userCode)")).status == 200)
    }
}
