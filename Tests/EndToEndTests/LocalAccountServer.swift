import CustomerAccount
import Foundation
import Storefront
import StorefrontServer

/// What `storefront serve --auto-approve` runs, in process on an ephemeral loopback port: the
/// embedded storefront behind the Storefront API, and the account server under `/account`.
final class LocalAccountServer: Sendable {
    static let storefrontToken = "e2e-storefront-token"

    let storefront: EmbeddedStorefront
    let account: AccountEndpoint
    /// `http://127.0.0.1:PORT/api/.../graphql.json`.
    let graphQLURL: URL
    let requestLog: Lines
    let directory: URL
    private let task: Task<Void, any Error>

    private init(storefront: EmbeddedStorefront, account: AccountEndpoint, graphQLURL: URL, requestLog: Lines, directory: URL,
                 task: Task<Void, any Error>) {
        self.storefront = storefront; self.account = account; self.graphQLURL = graphQLURL; self.requestLog = requestLog
        self.directory = directory; self.task = task
    }

    /// `http://127.0.0.1:PORT/account`: the issuer, whose discovery document the app reads.
    var issuer: URL { URL(string: "http://127.0.0.1:\(graphQLURL.port!)\(AccountEndpoint.Path.base)")! }

    static func start() async throws -> LocalAccountServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("storefront-e2e-\(UUID().uuidString)")
        let storefront = try EmbeddedStorefront(stateDirectory: directory.appendingPathComponent("server-state"))
        let account = await AccountEndpoint.serving(storefront, configuration: .init(autoApprove: true))
        let endpoint = try GraphQLEndpoint(storefront: storefront, accessToken: storefrontToken)
        let requestLog = Lines()
        let server = StorefrontAPIServer(endpoint: endpoint, account: account, log: { await requestLog.append($0) })
        let (urls, continuation) = AsyncStream.makeStream(of: URL.self)
        let task = Task { try await server.run(handleSignals: false) { url in continuation.yield(url) } }
        guard let url = await urls.first(where: { _ in true }) else { throw CancellationError() }
        return LocalAccountServer(storefront: storefront, account: account, graphQLURL: url, requestLog: requestLog,
                                  directory: directory, task: task)
    }

    /// A Storefront API client of this server.
    func client() -> GraphQLStorefront {
        var configuration = GraphQLStorefront.Configuration(endpoint: graphQLURL, accessToken: Self.storefrontToken,
                                                            cachePolicy: .networkOnly)
        configuration.retry = .never
        return GraphQLStorefront(configuration: configuration, cache: ResponseCache(directory: nil))
    }

    /// Runs `body` with a started server and stops it afterwards, whatever happens.
    static func with<T>(_ body: (LocalAccountServer) async throws -> T) async throws -> T {
        let server = try await start()
        do {
            let result = try await body(server)
            await server.stop()
            return result
        } catch {
            await server.stop()
            throw error
        }
    }

    func stop() async {
        task.cancel()
        _ = await task.result
        try? FileManager.default.removeItem(at: directory)
    }
}

/// Lines collected from concurrent callers.
actor Lines {
    private(set) var all: [String] = []
    func append(_ line: String) { all.append(line) }
}
