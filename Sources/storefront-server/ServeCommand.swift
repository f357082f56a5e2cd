import ArgumentParser
import Foundation
import Storefront
import StorefrontCommandLine
import StorefrontServer

/// `storefront serve`: the embedded storefront as a local Storefront API, for trying the HTTP
/// client (and any other Storefront API client) without a shop, and for rehearsing failures.
/// Its options and help are `ServeOptions`, which the `storefront` program parses too.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = ServeOptions.configuration

    @OptionGroup var options: ServeOptions

    func run() async throws {
        AllocatorTrim.limitArenas()
        // SSH in front of another Storefront API: nothing of the shop is served from here.
        if options.ssh.port != nil, let remote = try options.global.remoteStorefront(readingFile: false) {
            return try await Self.front(endpoint: remote.configuration.endpoint, token: remote.configuration.accessToken,
                                        frontCredential: SSHFrontCredential.fromEnvironment(), ssh: options.ssh)
        }
        let directory = options.stateDirectory.map { URL(fileURLWithPath: $0) } ?? EmbeddedStorefront.defaultStateDirectory()
        // The shop's records in SQLite; the app's JSON files there are imported the first time.
        let (database, problem) = SQLiteStatePersistence.open(directory: directory)
        let storefront = try EmbeddedStorefront(catalogPath: options.global.catalog, stateDirectory: directory, persistence: database)
        await storefront.setStorageProblemHandler { Self.warn($0) }
        if let problem { Self.warn(problem) }
        if let imported = (database as? SQLiteStatePersistence)?.importReport { Self.warn(imported) }
        storefront.stateWarnings.forEach(Self.warn)
        let token = options.global.token ?? ProcessInfo.processInfo.environment["STOREFRONT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.randomToken()
        let injected = try options.inject.map(options.faults) ?? []
        let plan = FaultPlan(faults: injected, failRate: injected.isEmpty ? 0 : options.failRate ?? 0.2,
                             latency: Double(options.latencyMs) / 1000)
        let limits = options.limits
        let endpoint = try GraphQLEndpoint(storefront: storefront, accessToken: token, faults: plan, limits: limits,
                                           scopes: AccessScopes(withholding: try options.withheldScopes),
                                           cachedAnswers: options.cachedAnswers, executor: options.executor)
        let deadline = ShutdownDeadline(grace: limits.shutdownGrace)
        defer { withExtendedLifetime(deadline) {} }
        let shop = try await storefront.shop()
        var accounts = AccountAuthority.Configuration(accessTokenLifetime: TimeInterval(options.tokenLifetime), autoApprove: options.autoApprove)
        // SSH front-ends (this one, or others with --endpoint given the same secret) ask for their
        // shoppers' sessions with a private credential, never the public Storefront token.
        let frontCredential = SSHFrontCredential.fromEnvironment() ?? Self.randomToken()
        accounts.frontCredential = frontCredential
        let account = await AccountEndpoint.serving(storefront, configuration: accounts, publicURL: try options.publicAddress)
        let checkout = CheckoutEndpoint(backend: storefront, accessToken: token)
        let server = StorefrontAPIServer(endpoint: endpoint, account: account, checkout: checkout, port: options.port,
                                         log: { line in Self.write(line) })
        let autoApprove = options.autoApprove
        let announce: @Sendable (URL) async -> Void = { url in
            let issuer = await account.authority.issuer
            Self.write("""
                Storefront API for \(shop.name) at \(url.absoluteString)
                Access token: \(token)
                Try: storefront --endpoint \(url.absoluteString) --token \(token) search coffee
                Customer accounts at \(issuer.absoluteString)\(autoApprove ? " (logins approved at once)" : ""): \
                storefront login --auth-server \(issuer.absoluteString)
                \(account.devices.map { "Logins from other devices (SSH sessions) at \($0.verificationURI.absoluteString)" } ?? "Without --public-url, SSH shoppers log in with the storefront app on their own computer")
                \(Self.describe(plan))
                """)
        }
        if options.ssh.port != nil {
            return try await Self.serve(server, token: token, frontCredential: frontCredential, ssh: options.ssh, announce: announce)
        }
        try await server.run(returnsMemory: true, onStart: announce)
    }

    private static func describe(_ plan: FaultPlan) -> String {
        var parts: [String] = []
        if !plan.faults.isEmpty {
            parts.append("\(Int((plan.failRate * 100).rounded()))% of requests fail with \(plan.faults.map(\.rawValue).joined(separator: ", "))")
        }
        if plan.latency > 0 { parts.append("\(Int((plan.latency * 1000).rounded())) ms added to every answer") }
        return parts.isEmpty ? "Press Ctrl-C to stop." : parts.joined(separator: "; ") + ". Press Ctrl-C to stop."
    }

    /// 32 hex digits from the system's secure random source.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }

    /// A problem with the shop's records: one line on standard error.
    private static func warn(_ text: String) {
        FileHandle.standardError.write(Data("storefront serve: \(text)\n".utf8))
    }

    /// Whole lines, flushed at once, so a pipe sees them as they happen.
    private static func write(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }
}

