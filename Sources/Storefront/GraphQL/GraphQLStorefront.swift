import Foundation
import StorefrontModels

/// The Storefront API over HTTP: the documents in `Documents/`, a cache for queries, retries with
/// backoff, and every failure kept as a `StorefrontError`.
///
/// One entry point, `execute`, runs any operation with a cache policy and a retry handler; the
/// `StorefrontClient` requests use the configuration's cache policy, and its country and language
/// unless a request names its own market. `withCachePolicy(_:)` gives a view
/// of the same client (same cache, transport and counters) with another default.
public final class GraphQLStorefront: StorefrontClient {
    public let configuration: Configuration
    let transport: any HTTPTransport
    private let cache: ResponseCache
    private let recorder: RequestStatisticsRecorder
    private let now: @Sendable () -> Date
    private let onEvent: @Sendable (GraphQLClientEvent) -> Void
    /// Fields the shop refused for lack of a scope: later documents leave them out.
    private let withheld: WithheldFields

    /// - Parameters:
    ///   - cache: defaults to memory plus `$XDG_CACHE_HOME/storefront`.
    ///   - now: the clock used for cache ages and `Retry-After` dates.
    ///   - onEvent: called for every request, retry and cache answer, from any task.
    public init(configuration: Configuration, transport: any HTTPTransport = HTTPClientTransport(),
                cache: ResponseCache = ResponseCache(directory: ResponseCache.defaultDirectory()),
                now: @escaping @Sendable () -> Date = Date.init,
                onEvent: @escaping @Sendable (GraphQLClientEvent) -> Void = { _ in }) {
        self.configuration = configuration
        self.transport = transport
        self.cache = cache
        self.recorder = RequestStatisticsRecorder()
        self.now = now
        self.onEvent = onEvent
        self.withheld = WithheldFields()
    }

    private init(copying other: GraphQLStorefront, configuration: Configuration) {
        self.configuration = configuration
        self.transport = other.transport
        self.cache = other.cache
        self.recorder = other.recorder
        self.now = other.now
        self.onEvent = other.onEvent
        self.withheld = other.withheld
    }

    /// The same client with another default cache policy.
    public func withCachePolicy(_ policy: CachePolicy) -> GraphQLStorefront {
        var configuration = configuration
        configuration.cachePolicy = policy
        return withConfiguration(configuration)
    }

    /// The same client (same cache, transport and counters) with another configuration.
    func withConfiguration(_ configuration: Configuration) -> GraphQLStorefront {
        GraphQLStorefront(copying: self, configuration: configuration)
    }

    /// Forgets every cached answer, in memory and on disk.
    public func purge() async { await cache.purge() }

    public func statistics() async -> RequestStatistics { await recorder.statistics }

    /// Runs a query again and again while `condition` holds for its answer (something not ready
    /// yet), waiting between runs as `retry` says and stopping at its limit; returns the first
    /// answer for which the condition fails, or the last one. Every run goes to the network.
    public func poll<Payload: Decodable & Sendable>(
        _ operation: StorefrontOperation, variables: [String: GraphQLValue] = [:], as payload: Payload.Type,
        retry: RetryHandler, while condition: @escaping @Sendable (Payload) -> Bool
    ) async throws -> Payload {
        try await retry.poll(while: condition, onRetry: { [self] next in
            await emit(.retrying(operation: operation.name, retry: next))
        }) { _ in
            try await execute(operation, variables: variables, as: payload, cachePolicy: .networkOnly, retry: retry).value
        }
    }

    /// Runs one operation and decodes its `data` as `Payload`.
    ///
    /// Mutations and carts never touch the cache (`cacheOnly` for them is a cache miss). An answer
    /// with GraphQL errors throws `StorefrontError.graphQL` and is not cached, partial data included.
    /// `context` is the operation's `@inContext(country:, language:)`; nil: the configuration's.
    public func execute<Payload: Decodable & Sendable>(
        _ operation: StorefrontOperation, variables: [String: GraphQLValue] = [:], as payload: Payload.Type,
        cachePolicy: CachePolicy? = nil, retry: RetryHandler? = nil, context: BuyerContext? = nil
    ) async throws -> StorefrontResult<Payload> {
        var variables = variables
        variables["country"] = .optional(context.map(\.country) ?? configuration.country)
        variables["language"] = .optional(context.map(\.language) ?? configuration.language)
        let allVariables = GraphQLValue.object(variables)
        let requested = cachePolicy ?? configuration.cachePolicy

        guard operation.isCacheable else {
            if requested == .cacheOnly { throw StorefrontError.cacheMiss }
            let body = try await fetch(operation, variables: allVariables, retry: retry ?? configuration.retry)
            return StorefrontResult(value: try GraphQLResponseParser.decode(Payload.self, from: body), source: .network)
        }

        let key = CacheKey.make(endpoint: configuration.endpoint, apiVersion: Self.apiVersion,
                                accessToken: configuration.accessToken, operation: operation, variables: allVariables)
        if requested.readsCacheFirst {
            if let (payload, age) = await cached(Payload.self, key: key, maximumAge: requested.maximumAge) {
                await emit(.servedFromCache(operation: operation.name, age: age))
                return StorefrontResult(value: payload, source: .cache(age: age))
            }
            if requested == .cacheOnly { throw StorefrontError.cacheMiss }
        }
        do {
            let body = try await fetch(operation, variables: allVariables, retry: retry ?? configuration.retry)
            let payload = try GraphQLResponseParser.decode(Payload.self, from: body)
            if requested.storesAnswers { await cache.store(body, for: key, at: now()) }
            return StorefrontResult(value: payload, source: .network)
        } catch let error as StorefrontError {
            guard let maximumAge = fallbackAge(for: requested), Self.isNetworkFailure(error),
                  let (payload, age) = await cached(Payload.self, key: key, maximumAge: maximumAge) else { throw error }
            await emit(.servedFromCacheAfterNetworkFailure(operation: operation.name, age: age, error: error))
            return StorefrontResult(value: payload, source: .cacheAfterNetworkFailure(age: age, error: error))
        }
    }

    /// How old a cached answer may be to stand in for a failed request: `.some(nil)` for any age,
    /// nil when this policy never falls back.
    private func fallbackAge(for policy: CachePolicy) -> TimeInterval?? {
        switch policy {
        case .networkFirst(let maximumAge): return .some(maximumAge)
        case .cacheFirst: return configuration.offlineFallbackAge.map { .some($0) }
        case .cacheOnly, .networkOnly: return nil
        }
    }

    /// Failures that say the storefront could not be reached or could not answer now, as opposed to
    /// answers that would be the same from the cache's point of view (bad token, bad query).
    static func isNetworkFailure(_ error: StorefrontError) -> Bool {
        switch error {
        case .transport, .notJSON, .emptyResponse: return true
        case .http(let status, _, _): return status >= 500 || status == 429 || status == 430
        case .graphQL(let errors): return errors.contains { $0.code == "THROTTLED" || $0.code == "INTERNAL_SERVER_ERROR" }
        default: return false
        }
    }

    private func cached<Payload: Decodable>(_ type: Payload.Type, key: String,
                                            maximumAge: TimeInterval?) async -> (Payload, TimeInterval)? {
        guard let entry = await cache.entry(for: key) else { return nil }
        let age = max(0, now().timeIntervalSince(entry.storedAt))
        if let maximumAge, age > maximumAge { return nil }
        // An entry that no longer decodes (the models changed) is a miss, not an error.
        guard let payload = try? GraphQLResponseParser.decode(Payload.self, from: entry.body) else { return nil }
        return (payload, age)
    }

    /// Fields this client leaves out of its documents because the shop refused them.
    public func withheldFields() async -> Set<String> { await withheld.fields }

    /// Sends the operation (with retries) and returns the body of a successful answer. A shop that
    /// refuses only fields the client can do without (no access scope for them) is asked again
    /// without them, and they stay out of every later document. A mutation whose answer came
    /// with data has run: that answer stands, the refused fields null in it.
    private func fetch(_ operation: StorefrontOperation, variables: GraphQLValue, retry: RetryHandler) async throws -> Data {
        let fields = await withheld.fields
        let request = try makeRequest(operation, document: WithheldFields.removing(fields, from: operation.document),
                                      variables: variables)
        do {
            return try await retry.run(isMutation: operation.isMutation, onRetry: { [self] retry in
                await emit(.retrying(operation: operation.name, retry: retry))
            }) { attempt in
                await emit(.requestSent(operation: operation.name, attempt: attempt))
                let clock = ContinuousClock()
                let start = clock.now
                let response = try await transport.send(request)
                let elapsed = start.duration(to: clock.now)
                await emit(.responseReceived(operation: operation.name, status: response.status, bytes: response.body.count,
                                       duration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18))
                do {
                    return try GraphQLResponseParser.validate(response, now: now())
                } catch StorefrontError.graphQL(let errors) where operation.isMutation && GraphQLResponseParser.hasData(response.body) {
                    guard let denied = WithheldFields.denied(in: errors) else { throw StorefrontError.graphQL(errors) }
                    _ = await withheld.insert(denied)
                    return response.body
                }
            }
        } catch let error as TransportError {
            await emit(.unreachable(operation: operation.name, error: .transport(error.message)))
            throw StorefrontError.transport(error.message)
        } catch StorefrontError.graphQL(let errors) {
            guard let denied = WithheldFields.denied(in: errors), await withheld.insert(denied) else {
                throw StorefrontError.graphQL(errors)
            }
            return try await fetch(operation, variables: variables, retry: retry)
        }
    }

    private func makeRequest(_ operation: StorefrontOperation, document: String, variables: GraphQLValue) throws -> TransportRequest {
        let body = GraphQLValue.object([
            "query": .string(document),
            "operationName": .string(operation.name),
            "variables": variables,
        ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        return TransportRequest(url: configuration.endpoint, headers: configuration.identifyingHeaders + [
            ("Content-Type", "application/json"),
            ("Accept", "application/json"),
            ("User-Agent", configuration.userAgent),
        ], body: try encoder.encode(body), timeout: configuration.timeout)
    }

    private func emit(_ event: GraphQLClientEvent) async {
        await recorder.record(event)
        onEvent(event)
    }
}
