import CustomerAccount
import Foundation
import Storefront
import Testing

/// Logging in while the app runs on a Storefront API: the account server is the shop's (the one
/// its discovery document names, else `/account` beside the API, else the API's origin), never
/// the local default; an error names every address tried.
struct AccountServerFromEndpointTests {
    static let endpoint = URL(string: "http://127.0.0.1:9/api/2026-04/graphql.json")!

    /// The fake account server, plus a discovery document beside the API when `names` is set.
    final class ShopWithDiscovery: HTTPTransport {
        let accounts = FakeAccountServer()
        let names: URL?
        init(names: URL?) { self.names = names }
        func send(_ request: TransportRequest) async throws -> TransportResponse {
            if request.url.path == ShopDiscovery.path {
                guard let names else { return TransportResponse(status: 404, body: Data("<html>Not found</html>".utf8)) }
                return TransportResponse(status: 200, body: try JSONEncoder().encode(ShopDiscovery(customerAccount: names)))
            }
            return try await accounts.send(request)
        }
    }

    func commands(_ transport: any HTTPTransport, previous: Bool = false) -> AccountCommands {
        let directory = temporaryStateDirectory()
        if previous {
            var session = makeSession(expiresAt: Date().addingTimeInterval(3600))
            session.server = AccountServerMetadata(
                issuer: URL(string: "http://127.0.0.1:8787/account")!,
                authorizationEndpoint: URL(string: "http://127.0.0.1:8787/account/oauth/authorize")!,
                tokenEndpoint: URL(string: "http://127.0.0.1:8787/account/oauth/token")!)
            try? TokenStore(directory: directory).save(session)
        }
        return AccountCommands(tokenStore: TokenStore(directory: directory), client: AccountServerClient(transport: transport),
                               environment: [:], output: { _ in })
    }

    @Test func theAccountServerBesideTheEndpointIsUsedNotTheLocalDefault() async throws {
        let shop = ShopWithDiscovery(names: nil)
        let options = AccountCommands.LoginOptions(fallbackAuthServer: URL(string: "http://127.0.0.1:8787/account"),
                                                   storefrontEndpoint: Self.endpoint)
        let metadata = try await commands(shop).discoverAccountServer(options)
        #expect(metadata == FakeAccountServer.metadata)
        #expect(shop.accounts.requests.map(\.url.absoluteString) == ["http://127.0.0.1:9/account/.well-known/openid-configuration"])
    }

    @Test func theEndpointWinsOverTheServerOfTheLastLogin() async throws {
        let shop = ShopWithDiscovery(names: nil)
        let metadata = try await commands(shop, previous: true).discoverAccountServer(.init(storefrontEndpoint: Self.endpoint))
        #expect(metadata.issuer == FakeAccountServer.issuer)
    }

    @Test func aDiscoveryDocumentNamesTheAccountServer() async throws {
        let shop = ShopWithDiscovery(names: FakeAccountServer.issuer)
        let elsewhere = URL(string: "http://127.0.0.1:9/shop/api/2026-04/graphql.json")!
        let metadata = try await commands(shop).discoverAccountServer(.init(storefrontEndpoint: elsewhere))
        #expect(metadata == FakeAccountServer.metadata)
    }

    @Test func anErrorNamesEveryAddressTried() async throws {
        let shop = ShopWithDiscovery(names: nil)
        shop.accounts.setUnreachable(true)
        do {
            _ = try await commands(shop).discoverAccountServer(.init(storefrontEndpoint: Self.endpoint))
            Issue.record("expected a failure")
        } catch let error as AccountError {
            #expect(error.description == "No account server answered beside this storefront. Tried: "
                    + "http://127.0.0.1:9/account: the connection was refused; http://127.0.0.1:9: the connection was refused. "
                    + "Give --auth-server URL (or set STOREFRONT_ACCOUNT_SERVER).")
        }
    }

    @Test func aSingleServerOutOfReachIsNamed() async throws {
        let accounts = FakeAccountServer()
        accounts.setUnreachable(true)
        await #expect(throws: AccountError.transport("http://127.0.0.1:9/account: the connection was refused")) {
            _ = try await commands(accounts).discoverAccountServer(.init(authServer: FakeAccountServer.issuer))
        }
    }
}
