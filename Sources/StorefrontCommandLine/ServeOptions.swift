import ArgumentParser
import CustomerAccount
import Foundation
import ServerSettings
import Storefront

/// `storefront serve`'s command line: its options, help and checks. The `storefront` program
/// parses them (so its help, manual and completions have them) and hands the command to the
/// server program, which parses the same arguments with the same definitions and serves.
public struct ServeOptions: ParsableArguments, Sendable {
    public static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve the embedded storefront as a local Storefront API on 127.0.0.1.",
        discussion: """
            Answers POST \(ServeDefaults.graphQLPath) with the Storefront API's names, types, connections and \
            cart payloads, and checks the X-Shopify-Storefront-Access-Token header (the --token value, \
            else STOREFRONT_TOKEN, else a new random token, printed on start). Point the other commands \
            at it with --endpoint and --token.

            --inject, --fail-rate and --latency-ms rehearse a bad network: failures are chosen at random \
            among those given (\(FaultPlan.Fault.allCases.map(\.rawValue).joined(separator: ", "))).

            The server is the shop: a checkout over it places orders at \(ServeDefaults.checkoutOrdersPath) (the cart \
            is completed, stock goes down), as \(ShopDiscovery.path) says. Carts, orders, stock and customers are kept in \
            SQLite (\(ServeDefaults.databaseFileName) in --state-dir, WAL, one transaction per change); the first start \
            imports the app's JSON files there, once, and leaves them to the app.

            A customer account server answers under \(AccountCommands.accountPathBesideStorefront) (OpenID discovery, a login \
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

    public init() {}

    @OptionGroup public var global: GlobalOptions
    @OptionGroup(title: "Serving over SSH") public var ssh: SSHOptions

    @Option(help: "The port to listen on; 0 picks a free one.")
    public var port: Int = ServeDefaults.port

    @Option(name: .customLong("inject"), help: "Failures to inject, comma-separated, e.g. 503,430,html,throttled.")
    public var inject: String?

    @Option(name: .customLong("fail-rate"), help: "The share of requests that fail, 0 to 1 (0.2 when --inject is given).")
    public var failRate: Double?

    @Option(name: .customLong("latency-ms"), help: "Milliseconds added before every answer.")
    public var latencyMs: Int = 0

    @Flag(name: .customLong("auto-approve"), help: "Approve every valid login at once as the demo customer (no login page).")
    public var autoApprove = false

    @Option(name: .customLong("public-url"),
            help: ArgumentHelp("The address shoppers reach this server at from other devices (a proxy or tunnel to it); enables logging in from an SSH session with a code (RFC 8628).",
                               valueName: "url"))
    public var publicURL: String?

    @Option(name: .customLong("token-lifetime"), help: "Seconds a customer access token lives.")
    public var tokenLifetime: Int = 3600

    @Option(name: .customLong("max-resolved-fields"), help: "Fields one request may resolve before it is stopped.")
    public var maxResolvedFields: Int = RequestLimits.standard.maximumResolvedFields

    @Option(name: .customLong("max-list-elements"), help: "List elements one request may produce before it is stopped.")
    public var maxListElements: Int = RequestLimits.standard.maximumListElements

    @Option(name: .customLong("max-response-bytes"), help: "Bytes one answer may grow to before the request is stopped.")
    public var maxResponseBytes: Int = RequestLimits.standard.maximumResponseBytes

    @Option(name: .customLong("max-depth"), help: "How deep a query's selections may nest.")
    public var maxDepth: Int = RequestLimits.standard.maximumDepth

    @Option(name: .customLong("max-body-bytes"), help: "The largest request body; a larger one gets 413.")
    public var maxBodyBytes: Int = RequestLimits.standard.maximumBodyBytes

    @Option(name: .customLong("time-budget-ms"), help: "Milliseconds of work one request may take.")
    public var timeBudgetMs: Int = Int(RequestLimits.standard.timeBudget.components.seconds * 1000)

    @Option(name: .customLong("max-concurrent"), help: "Requests worked on at once; more get 503.")
    public var maxConcurrent: Int = RequestLimits.standard.maximumConcurrentRequests

    @Option(name: .customLong("without-scope"),
            help: "An access scope the token lacks, as on a shop that does not grant it (repeatable): \(AccessScope.allCases.map(\.rawValue).joined(separator: ", ")).")
    public var withoutScope: [String] = []

    @Option(name: .customLong("state-dir"),
            help: ArgumentHelp("Where the shop's database (\(ServeDefaults.databaseFileName)) lives; default $XDG_STATE_HOME/storefront.",
                               valueName: "path"))
    public var stateDirectory: String?

    @Option(name: .customLong("cached-answers"),
            help: "Answers to catalog queries (products, collections, search) kept until the stock changes; 0 runs every query.")
    public var cachedAnswers: Int = ServeDefaults.cachedAnswers

    @Option(help: "What runs GraphQL operations: serial (serve's own executor) or library (the GraphQL library's, to compare with).")
    public var executor: GraphQLExecutorChoice = .serial

    public func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535.") }
        if let failRate, !(0...1).contains(failRate) { throw ValidationError("--fail-rate must be between 0 and 1.") }
        if failRate != nil && inject == nil { throw ValidationError("--fail-rate needs --inject to say which failures.") }
        guard latencyMs >= 0 else { throw ValidationError("--latency-ms cannot be negative.") }
        guard cachedAnswers >= 0 else { throw ValidationError("--cached-answers cannot be negative.") }
        guard tokenLifetime >= 60 else { throw ValidationError("--token-lifetime must be at least 60 seconds.") }
        if let inject { _ = try faults(inject) }
        _ = try publicAddress
        _ = try withheldScopes
        for (name, value) in [("--max-resolved-fields", maxResolvedFields), ("--max-list-elements", maxListElements),
                              ("--max-response-bytes", maxResponseBytes), ("--max-depth", maxDepth), ("--max-body-bytes", maxBodyBytes),
                              ("--time-budget-ms", timeBudgetMs), ("--max-concurrent", maxConcurrent)] where value < 1 {
            throw ValidationError("\(name) must be at least 1.")
        }
    }

    /// The scopes `--without-scope` withholds from the token.
    public var withheldScopes: Set<AccessScope> {
        get throws {
            Set(try withoutScope.map { name in
                guard let scope = AccessScope(rawValue: name) else {
                    throw ValidationError("--without-scope: \"\(name)\" is not a scope serve gates; it knows "
                                          + AccessScope.allCases.map(\.rawValue).joined(separator: ", ") + ".")
                }
                return scope
            })
        }
    }

    /// `--public-url`, checked: an http or https address with a host.
    public var publicAddress: URL? {
        get throws {
            guard let publicURL else { return nil }
            guard let url = URL(string: publicURL), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
                  url.host?.isEmpty == false, url.query == nil else {
                throw ValidationError("--public-url must be an http or https address such as https://shop.example.com.")
            }
            return url
        }
    }

    /// The request limits the options set.
    public var limits: RequestLimits {
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

    /// `--inject`, parsed.
    public func faults(_ list: String) throws -> [FaultPlan.Fault] {
        do {
            return try FaultPlan.parse(list)
        } catch let error as FaultPlanError {
            throw ValidationError(error.message)
        }
    }
}

extension GraphQLExecutorChoice: ExpressibleByArgument {}
