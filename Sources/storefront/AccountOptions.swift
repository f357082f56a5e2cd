import ArgumentParser
import CustomerAccount
import Foundation
import StorefrontModels
import Storefront
import StorefrontCommandLine

/// What the account commands share: the account server and client id, and how to build them.
struct AccountOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The account server (its OpenID discovery document is read). Default: $STOREFRONT_ACCOUNT_SERVER, else the last one used, else storefront serve's.",
        valueName: "url"))
    var authServer: String?

    @Option(name: .long, help: ArgumentHelp(
        "The app's client id at the account server. Default: $STOREFRONT_CLIENT_ID, else \(AccountCommands.defaultClientId).",
        valueName: "id"))
    var clientId: String?

    func authServerURL() throws -> URL? {
        guard let authServer else { return nil }
        guard let url = URL(string: authServer), let scheme = url.scheme, ["http", "https"].contains(scheme.lowercased()),
              url.host != nil else {
            throw CommandFailure.input("--auth-server \"\(authServer)\" is not an http(s) URL.")
        }
        return url
    }

    /// The commands over the real network, terminal and state directory.
    static func commands(global: GlobalOptions) -> AccountCommands {
        let directory = EmbeddedStorefront.defaultStateDirectory()
        let catalog = global.catalog
        // Over a Storefront API, the cart remembered for it; carts are never cached.
        let remote = try? global.remoteStorefront(cachePolicy: .networkOnly)
        return AccountCommands(
            tokenStore: TokenStore(directory: directory),
            // Unbuffered whole lines: a script reading the pipe sees the address while the login waits.
            output: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) },
            readLine: { await Self.readTerminalLine() },
            storefront: { remote == nil ? try EmbeddedStorefront(catalogPath: catalog, stateDirectory: directory) : nil },
            remoteCart: {
                guard let remote, let id = await RemoteCartIds(directory: directory, endpoint: remote.configuration.endpoint).current()
                else { return nil }
                return (remote, id)
            })
    }

    /// `readLine()` blocks, so it runs on a thread of its own; the login does not wait for it
    /// when the browser's redirect arrives first.
    private static func readTerminalLine() async -> String? {
        await withCheckedContinuation { continuation in
            OwnThread.start(name: "login-line") { continuation.resume(returning: Swift.readLine()) }
        }
    }
}

extension AccountCommands {
    /// Runs an account command; an account failure ends it with its message and status 1.
    static func running<T>(_ global: GlobalOptions, _ body: (AccountCommands) async throws -> T) async throws -> T {
        do {
            return try await body(AccountOptions.commands(global: global))
        } catch let error as AccountError {
            throw CommandFailure.notFound(error.description)
        }
    }
}
