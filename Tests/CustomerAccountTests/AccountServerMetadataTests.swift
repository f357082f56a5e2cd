import CustomerAccount
import Foundation
import Testing

struct AccountServerMetadataTests {
    @Test func discoveryIsUnderTheIssuerPath() {
        #expect(AccountServerMetadata.discoveryURL(issuer: URL(string: "https://shopify.com/authentication/42")!).absoluteString
            == "https://shopify.com/authentication/42/.well-known/openid-configuration")
        #expect(AccountServerMetadata.discoveryURL(issuer: URL(string: "http://127.0.0.1:8080/")!).absoluteString
            == "http://127.0.0.1:8080/.well-known/openid-configuration")
    }

    @Test func aDiscoveryDocumentIsRead() throws {
        let json = """
        {"issuer":"https://shopify.com/authentication/42",
         "authorization_endpoint":"https://shopify.com/authentication/42/oauth/authorize",
         "token_endpoint":"https://shopify.com/authentication/42/oauth/token",
         "end_session_endpoint":"https://shopify.com/authentication/42/logout",
         "code_challenge_methods_supported":["S256"],
         "response_types_supported":["code"]}
        """
        let metadata = try JSONDecoder().decode(AccountServerMetadata.self, from: Data(json.utf8))
        #expect(metadata.tokenEndpoint.absoluteString == "https://shopify.com/authentication/42/oauth/token")
        #expect(metadata.endSessionEndpoint?.absoluteString == "https://shopify.com/authentication/42/logout")
        #expect(metadata.userinfoEndpoint == nil)
        try metadata.validate()
    }

    @Test func plainHTTPIsAllowedOnlyToThisMachine() throws {
        var metadata = FakeAccountServer.metadata
        try metadata.validate()
        metadata.tokenEndpoint = URL(string: "http://accounts.example.com/oauth/token")!
        #expect(throws: AccountError.insecureEndpoint("http://accounts.example.com/oauth/token")) { try metadata.validate() }
    }

    @Test func aServerWithoutS256IsRefused() {
        var metadata = FakeAccountServer.metadata
        metadata.codeChallengeMethodsSupported = ["plain"]
        #expect(throws: AccountError.unsupportedChallengeMethod(["plain"])) { try metadata.validate() }
    }

    @Test func discoveryGoesThroughTheClient() async throws {
        let server = FakeAccountServer()
        let metadata = try await AccountServerClient(transport: server).discover(issuer: FakeAccountServer.issuer)
        #expect(metadata == FakeAccountServer.metadata)
        #expect(server.requests.map(\.url.path) == ["/account/.well-known/openid-configuration"])
    }
}

struct FormEncodingTests {
    @Test func valuesWithReservedCharactersRoundTrip() {
        let fields = [("code", "a+b&c=d"), ("redirect_uri", "http://127.0.0.1:1/callback?x=1"), ("note", "two words")]
        let body = FormEncoding.encode(fields)
        #expect(body == "code=a%2Bb%26c%3Dd&redirect_uri=http%3A%2F%2F127.0.0.1%3A1%2Fcallback%3Fx%3D1&note=two%20words")
        #expect(FormEncoding.decode(body).map { "\($0.0)=\($0.1)" } == fields.map { "\($0.0)=\($0.1)" })
        #expect(FormEncoding.decode("a=one+two&b").map(\.1) == ["one two", ""])
    }
}
