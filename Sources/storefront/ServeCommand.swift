import ArgumentParser
import Foundation
import Storefront
import StorefrontServer

/// `storefront serve`: the embedded storefront as a local Storefront API, for trying the HTTP
/// client (and any other Storefront API client) without a shop, and for rehearsing failures.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the embedded storefront as a local Storefront API on 127.0.0.1.",
        discussion: """
            Answers POST \(GraphQLEndpoint.path) with the Storefront API's names, types, connections and \
            cart payloads, and checks the X-Shopify-Storefront-Access-Token header (the --token value, \
            else STOREFRONT_TOKEN, else a new random token, printed on start). Point the other commands \
            at it with --endpoint and --token.

            --inject, --fail-rate and --latency-ms rehearse a bad network: failures are chosen at random \
            among those given (\(FaultPlan.Fault.allCases.map(\.rawValue).joined(separator: ", "))).

            The server is the shop: a checkout over it places orders at \(CheckoutEndpoint.Path.orders) (the cart \
            is completed, stock goes down), as \(ShopDiscovery.path) says. Carts, orders, stock and customers are kept in \
            SQLite (\(SQLiteStatePersistence.fileName) in --state-dir, WAL, one transaction per change); the first start \
            imports the app's JSON files there, once, and leaves them to the app.

            A customer account server answers under \(AccountEndpoint.Path.base) (OpenID discovery, a login \
            page for a demo customer, tokens with PKCE, refresh, logout, userinfo, orders): log in with \
            `storefront login`. --auto-approve skips the login page and approves every valid request at once.

            Every request is bounded (the defaults): a body of \(RequestLimits.standard.maximumBodyBytes) bytes (else 413), \
            a target of \(RequestLimits.standard.maximumURLBytes) bytes (414), headers of \(RequestLimits.standard.maximumHeaderBytes) bytes (431), \
            a document of \(RequestLimits.standard.maximumDocumentBytes) bytes with brackets nested at most \(RequestLimits.standard.maximumNesting) deep, \
            at most \(RequestLimits.standard.maximumFields) fields and \(RequestLimits.standard.maximumAliases) aliases, selections \(RequestLimits.standard.maximumDepth) deep, \
            \(RequestLimits.standard.maximumMutations) mutations per request; while it runs, a request is stopped once it has resolved \
            \(RequestLimits.standard.maximumResolvedFields) fields (MAX_RESOLVED_FIELDS_EXCEEDED), produced \(RequestLimits.standard.maximumListElements) \
            list elements (MAX_LIST_ELEMENTS_EXCEEDED) or an answer of \(RequestLimits.standard.maximumResponseBytes) bytes \
            (MAX_RESPONSE_SIZE_EXCEEDED), a quarter of each without a token; \
            variables nested \(RequestLimits.standard.maximumVariablesNesting) deep, \(RequestLimits.standard.timeBudget) of work per request (TIMEOUT), \
            \(RequestLimits.standard.clientTimeout) for a client to send a body (408) and twice that of silence before a connection \
            is closed, \(RequestLimits.standard.maximumConcurrentRequests) requests worked on at once once their bodies are read, \(RequestLimits.standard.maximumConcurrentRequestsPerClient) from one address (503; with every place taken, \
            up to \(RequestLimits.standard.maximumWaitingRequests) requests wait \(RequestLimits.standard.placeWait) for one first), and \(RequestLimits.standard.shutdownGrace) after \
            SIGTERM or SIGINT before the process exits regardless.
            """)

    /// The port `storefront login` looks for the account server on when told nothing else.
    static let defaultPort = 8787

    @OptionGroup var global: GlobalOptions
    @OptionGroup(title: "Serving over SSH") var ssh: SSHOptions

    @Option(help: "The port to listen on; 0 picks a free one.")
    var port: Int = defaultPort

    @Option(name: .customLong("inject"), help: "Failures to inject, comma-separated, e.g. 503,430,html,throttled.")
    var inject: String?

    @Option(name: .customLong("fail-rate"), help: "The share of requests that fail, 0 to 1 (0.2 when --inject is given).")
    var failRate: Double?

    @Option(name: .customLong("latency-ms"), help: "Milliseconds added before every answer.")
    var latencyMs: Int = 0

    @Flag(name: .customLong("auto-approve"), help: "Approve every valid login at once as the demo customer (no login page).")
    var autoApprove = false

    @Option(name: .customLong("public-url"),
            help: ArgumentHelp("The address shoppers reach this server at from other devices (a proxy or tunnel to it); enables logging in from an SSH session with a code (RFC 8628).",
                               valueName: "url"))
    var publicURL: String?

    @Option(name: .customLong("token-lifetime"), help: "Seconds a customer access token lives.")
    var tokenLifetime: Int = 3600

    @Option(name: .customLong("max-resolved-fields"), help: "Fields one request may resolve before it is stopped.")
    var maxResolvedFields: Int = RequestLimits.standard.maximumResolvedFields

    @Option(name: .customLong("max-list-elements"), help: "List elements one request may produce before it is stopped.")
    var maxListElements: Int = RequestLimits.standard.maximumListElements

    @Option(name: .customLong("max-response-bytes"), help: "Bytes one answer may grow to before the request is stopped.")
    var maxResponseBytes: Int = RequestLimits.standard.maximumResponseBytes

    @Option(name: .customLong("max-depth"), help: "How deep a query's selections may nest.")
    var maxDepth: Int = RequestLimits.standard.maximumDepth

    @Option(name: .customLong("max-body-bytes"), help: "The largest request body; a larger one gets 413.")
    var maxBodyBytes: Int = RequestLimits.standard.maximumBodyBytes

    @Option(name: .customLong("time-budget-ms"), help: "Milliseconds of work one request may take.")
    var timeBudgetMs: Int = Int(RequestLimits.standard.timeBudget.components.seconds * 1000)

    @Option(name: .customLong("max-concurrent"), help: "Requests worked on at once; more get 503.")
    var maxConcurrent: Int = RequestLimits.standard.maximumConcurrentRequests

    @Option(name: .customLong("without-scope"),
            help: "An access scope the token lacks, as on a shop that does not grant it (repeatable): \(AccessScopes.Scope.allCases.map(\.rawValue).joined(separator: ", ")).")
    var withoutScope: [String] = []

    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where the shop's database (\(SQLiteStatePersistence.fileName)) lives; default $XDG_STATE_HOME/storefront.",
                               valueName: "path"))
    var stateDirectory: String?

    @Option(name: .customLong("cached-answers"),
            help: "Answers to catalog queries (products, collections, search) kept until the stock changes; 0 runs every query.")
    var cachedAnswers: Int = AnswerCache.standardCount

    @Option(help: "What runs GraphQL operations: serial (serve's own executor) or library (the GraphQL library's, to compare with).")
    var executor: GraphQLEndpoint.Executor = .serial

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if let failRate, !(0...1).contains(failRate) { throw ValidationError("--fail-rate must be between 0 and 1.") }
        if failRate != nil && inject == nil { throw ValidationError("--fail-rate needs --inject to say which failures.") }
        guard latencyMs >= 0 else { throw ValidationError("--latency-ms cannot be negative.") }
        guard cachedAnswers >= 0 else { throw ValidationError("--cached-answers cannot be negative.") }
        guard tokenLifetime >= 60 else { throw ValidationError("--token-lifetime must be at least 60 seconds.") }
        if let inject { _ = try faults(inject) }
        _ = try publicAddress
        _ = try scopes
        for (name, value) in [("--max-resolved-fields", maxResolvedFields), ("--max-list-elements", maxListElements),
                              ("--max-response-bytes", maxResponseBytes), ("--max-depth", maxDepth), ("--max-body-bytes", maxBodyBytes),
                              ("--time-budget-ms", timeBudgetMs), ("--max-concurrent", maxConcurrent)] where value < 1 {
            throw ValidationError("\(name) must be at least 1.")
        }
    }

    private var scopes: AccessScopes {
        get throws {
            AccessScopes(withholding: Set(try withoutScope.map { name in
                guard let scope = AccessScopes.Scope(rawValue: name) else {
                    throw ValidationError("--without-scope: \"\(name)\" is not a scope serve gates; it knows "
                                          + AccessScopes.Scope.allCases.map(\.rawValue).joined(separator: ", ") + ".")
                }
                return scope
            }))
        }
    }

    /// `--public-url`, checked: an http or https address with a host.
    private var publicAddress: URL? {
        get throws {
            guard let publicURL else { return nil }
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                  url.host?.isEmpty == false, url.query == nil else {
                throw ValidationError("--public-url must be an http or https address such as https://shop.example.com.")
            }
            return url
        }
    }

    private var limits: RequestLimits {
        var limits = RequestLimits.standard
        limits.maximumResolvedFields = maxResolvedFields
        limits.maximumListElements = maxListElements
        limits.maximumResponseBytes = maxResponseBytes
        limits.maximumDepth = maxDepth
        limits.maximumBodyBytes = maxBodyBytes
        limits.timeBudget = .milliseconds(timeBudgetMs)
        limits.maximumConcurrentRequests = maxConcurrent
        return limits
    }

    func run() async throws {
        AllocatorTrim.limitArenas()
        // SSH in front of another Storefront API: nothing of the shop is served from here.
        if ssh.port != nil, let remote = try global.remoteStorefront(readingFile: false) {
            return try await Self.front(endpoint: remote.configuration.endpoint, token: remote.configuration.accessToken,
                                        frontCredential: SSHFrontCredential.fromEnvironment(), ssh: ssh)
        }
        let directory = stateDirectory.map { URL(fileURLWithPath: $0) } ?? EmbeddedStorefront.defaultStateDirectory()
        // The shop's records in SQLite; the app's JSON files there are imported the first time.
        let (database, problem) = SQLiteStatePersistence.open(directory: directory)
        let storefront = try EmbeddedStorefront(catalogPath: global.catalog, stateDirectory: directory, persistence: database)
        await storefront.setStorageProblemHandler { Self.warn($0) }
        if let problem { Self.warn(problem) }
        if let imported = (database as? SQLiteStatePersistence)?.importReport { Self.warn(imported) }
        storefront.stateWarnings.forEach(Self.warn)
        let token = global.token ?? ProcessInfo.processInfo.environment["STOREFRONT_TOKEN"].flatMap { $0.isEmpty ? nil : $0 }
            ?? Self.randomToken()
        let injected = try inject.map(faults) ?? []
        let plan = FaultPlan(faults: injected, failRate: injected.isEmpty ? 0 : failRate ?? 0.2,
                             latency: Double(latencyMs) / 1000)
        let limits = limits
        let endpoint = try GraphQLEndpoint(storefront: storefront, accessToken: token, faults: plan, limits: limits,
                                           scopes: try scopes, cachedAnswers: cachedAnswers, executor: executor)
        let deadline = ShutdownDeadline(grace: limits.shutdownGrace)
        defer { withExtendedLifetime(deadline) {} }
        let shop = try await storefront.shop()
        var accounts = AccountAuthority.Configuration(accessTokenLifetime: TimeInterval(tokenLifetime), autoApprove: autoApprove)
        // SSH front-ends (this one, or others with --endpoint given the same secret) ask for their
        // shoppers' sessions with a private credential, never the public Storefront token.
        let frontCredential = SSHFrontCredential.fromEnvironment() ?? Self.randomToken()
        accounts.frontCredential = frontCredential
        let account = await AccountEndpoint.serving(storefront, configuration: accounts, publicURL: try publicAddress)
        let checkout = CheckoutEndpoint(backend: storefront, accessToken: token)
        let server = StorefrontAPIServer(endpoint: endpoint, account: account, checkout: checkout, port: port,
                                         log: { line in Self.write(line) })
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
        if ssh.port != nil {
            return try await Self.serve(server, token: token, frontCredential: frontCredential, ssh: ssh, announce: announce)
        }
        try await server.run(returnsMemory: true, onStart: announce)
    }

    private func faults(_ list: String) throws -> [FaultPlan.Fault] {
        do {
            return try FaultPlan.parse(list)
        } catch let error as FaultPlanError {
            throw ValidationError(error.message)
        }
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

extension GraphQLEndpoint.Executor: ExpressibleByArgument {}
