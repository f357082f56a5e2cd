import CustomDump
import CustomerAccount
import Foundation
import Storefront
import Testing

/// Tokens never show: not in descriptions, dumps, errors or the app's messages.
struct RedactionTests {
    let access = "sh-access-SECRET-0123456789"
    let refresh = "sh-refresh-SECRET-9876543210"

    var session: CustomerSession {
        makeSession(access: access, refresh: refresh, expiresAt: Date(timeIntervalSince1970: 1_800_000_000))
    }

    private func renderings(_ value: Any) -> [String] {
        var dumped = ""
        dump(value, to: &dumped)
        var customDumped = ""
        customDump(value, to: &customDumped)
        return [String(describing: value), String(reflecting: value), "\(value)", dumped, customDumped]
    }

    @Test func aSecretTokenShowsAsRedacted() {
        let token = SecretToken(access)
        for text in renderings(token) { #expect(!text.contains("SECRET"), "\(text)") }
        #expect(token.description == "<redacted>")
    }

    @Test func aSessionShowsNoToken() throws {
        for text in renderings(session) {
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(text.contains("jane@example.com"))
        }
        // The file keeps them, of course.
        let json = String(decoding: try JSONEncoder().encode(session), as: UTF8.self)
        #expect(json.contains(access) && json.contains(refresh))
    }

    @Test func aBuyerIdentityShowsNoToken() {
        let identity = BuyerIdentity(email: "jane@example.com", customerAccessToken: access)
        for text in renderings(identity) {
            #expect(!text.contains("SECRET"), "\(text)")
            #expect(text.contains("redacted"), "\(text)")
        }
        let cart = Cart(id: "c", checkoutUrl: "u", createdAt: Date(), updatedAt: Date(), lines: [], buyerIdentity: identity,
                        cost: CartCost(subtotalAmount: .zero("USD"), totalAmount: .zero("USD")))
        for text in renderings(cart) { #expect(!text.contains("SECRET"), "\(text)") }
    }

    @Test func errorsAboutTokensDoNotQuoteThem() async throws {
        let server = FakeAccountServer()
        let directory = temporaryStateDirectory()
        try TokenStore(directory: directory).save(session)
        server.answerTokens(FakeAccountServer.oauthError("invalid_grant"))
        let manager = TokenManager(store: TokenStore(directory: directory), client: AccountServerClient(transport: server),
                                   now: { Date(timeIntervalSince1970: 1_800_000_000) })
        do {
            _ = try await manager.accessToken()
            Issue.record("the refresh should have been refused")
        } catch {
            for text in renderings(error) + [error.localizedDescription] { #expect(!text.contains("SECRET"), "\(text)") }
        }
    }
}
