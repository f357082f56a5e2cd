import ServerSettings
import Foundation
import GraphQL
import Storefront
import Synchronization

/// `POST /api/2026-04/graphql.json`, independent of the HTTP server: checks the access token,
/// applies the fault plan, runs the operation against the storefront and encodes the answer.
public final class GraphQLEndpoint: Sendable {
    public static let path = ServeDefaults.graphQLPath
    public static let tokenHeader = "X-Shopify-Storefront-Access-Token"
    /// The header a server-side client sends its private token in; `serve` has one token for both.
    public static let privateTokenHeader = "Shopify-Storefront-Private-Token"
    /// The share of each execution budget a request without any token gets, as the API gives
    /// tokenless access less.
    public static let tokenlessBudgetDivisor = 4

    public let accessToken: String
    let storefront: any StorefrontClient
    let faults: FaultInjector
    public let limits: RequestLimits
    public let scopes: AccessScopes
    /// The work all requests in flight hold together.
    let sharedWork: SharedWork

    /// Answers to catalog queries kept while the stock stands (`cachedAnswers` of them; none when
    /// 0, or when the storefront is not the embedded one, whose stock this process sees change).
    let answers: AnswerCache?

    /// Who runs an operation: `serial`, serve's own executor (`SerialExecution`, which leaves
    /// introspection and what the library would refuse to the library's), or `library`, the
    /// GraphQL library's executor for everything (what the serial one is held to, byte for byte).
    public typealias Executor = GraphQLExecutorChoice
    let executor: Executor

    public init(storefront: any StorefrontClient, accessToken: String, faults: FaultPlan = .none, limits: RequestLimits = .standard,
                scopes: AccessScopes = .all, cachedAnswers: Int = AnswerCache.standardCount,
                random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }, executor: Executor = .serial) throws {
        self.executor = executor
        self.storefront = storefront
        if cachedAnswers > 0, let embedded = storefront as? EmbeddedStorefront {
            self.answers = AnswerCache(maximumCount: cachedAnswers, version: { embedded.stockVersion })
        } else {
            self.answers = nil
        }
        self.accessToken = accessToken
        self.limits = limits
        self.scopes = scopes
        self.sharedWork = SharedWork(limits.sharedExecutionBudget)
        self.storefrontAPI = ServedAPI(schema: try StorefrontSchema.shared.get(), validated: Self.validated)
        self.faults = FaultInjector(plan: faults, random: random)
    }

    /// The next requests fail with these faults, in order (then the plan applies again).
    public func failNext(_ faults: FaultPlan.Fault...) async { await self.faults.failNext(faults) }

    public func setFaultPlan(_ plan: FaultPlan) async { await faults.setPlan(plan) }

    /// A request with no token at all is tokenless access, as the API allows: it may read and use
    /// carts, within smaller execution budgets. A token that is given must be the shop's.
    public func handle(token: String?, privateToken: String? = nil, body: Data) async -> EndpointResponse {
        let latency = await faults.latency
        if latency > 0 { try? await Task.sleep(nanoseconds: UInt64(latency * 1_000_000_000)) }
        for given in [token, privateToken] where given != nil && given != accessToken {
            return .json(401, #"{"errors":"[API] Invalid API key or access token (unrecognized login or wrong password)"}"#)
        }
        var limits = limits
        if token == nil && privateToken == nil {
            limits.maximumResolvedFields /= Self.tokenlessBudgetDivisor
            limits.maximumListElements /= Self.tokenlessBudgetDivisor
            limits.maximumResponseBytes /= Self.tokenlessBudgetDivisor
        }
        return await respond(to: body, limits: limits, api: storefrontAPI, answers: answers)
    }

    /// A request whose token was accepted: its JSON read within the limits, the fault plan applied,
    /// the operation run against `api` (for `customer`, signed in to the Customer Account API).
    func respond(to body: Data, limits: RequestLimits, api: ServedAPI, customer: CustomerAccountSession? = nil,
                 answers: AnswerCache? = nil) async -> EndpointResponse {
        let request: GraphQLRequest
        do {
            switch try GraphQLRequestBody.read(body, nestingLimit: limits.maximumVariablesNesting) {
            case .request(let read):
                request = read
            case .nestsTooDeep:
                return LimitViolation(message: "The request's JSON nests more than \(limits.maximumVariablesNesting) deep.",
                                      code: "MAX_DEPTH_EXCEEDED", details: [("maxDepth", limits.maximumVariablesNesting)]).response
            }
        } catch {
            return .json(400, #"{"errors":[{"message":"The body must be a JSON object with a query string."}]}"#)
        }
        if let fault = await faults.nextFault() {
            var response = EndpointResponse.fault(fault)
            response.operationName = request.operationName
            return response
        }
        var response = EndpointResponse.json(200, await execute(request, limits: limits, api: api, customer: customer, answers: answers))
        response.operationName = request.operationName
        return response
    }

    /// Checks the document against the limits (its text before the library parses it, its names,
    /// size and depth before the library validates it), then runs it within its execution budget
    /// and time budget.
    /// A catalog query answered before under the same stock is answered with the same bytes (see
    /// `AnswerCache`); only an answer without errors is kept.
    private func execute(_ request: GraphQLRequest, limits: RequestLimits, api: ServedAPI, customer: CustomerAccountSession?,
                         answers: AnswerCache?) async -> Data {
        let key = answers.map { _ in
            AnswerCache.Key(query: request.query, operationName: request.operationName, variables: request.variables, limits: limits)
        }
        if let answers, let key, let answer = answers.answer(key) { return answer }
        let stock = answers?.currentVersion
        var keepable = false
        // A document found valid before is not scanned or parsed again: the same few come again and again.
        // What is worked out of a known document (its nesting, shape, operations' depths and plans) is kept with it.
        let known = api.validated.known(request.query)
        let bytes = request.query.utf8.count
        if let violation = DocumentScan.check(bytes: bytes, nesting: 0, limits: limits) { return violation.json }
        // Nil when the brackets nest past the limit (the scan stops there).
        let nesting = known?.nesting ?? DocumentScan(request.query, nestingLimit: limits.maximumNesting)?.maximumNesting
        if let violation = DocumentScan.check(bytes: bytes, nesting: nesting ?? .max, limits: limits) { return violation.json }
        var answer: ExecutedAnswer
        do {
            let document = try known?.document ?? parse(source: Source(body: request.query, name: "request"))
            let shape = known?.shape ?? DocumentShape(document)
            if let violation = shape.violation(limits) { return violation.json }
            let operation = if let known { known.operation(named: request.operationName) } else { document.operation(named: request.operationName) }
            if let operation {
                let depth = known?.depth(of: operation, named: request.operationName) ?? OperationDepth(operation: operation, document: document)
                if let violation = depth.violation(limits) { return violation.json }
            }
            if known == nil {
                let errors = validate(schema: api.schema, ast: document)
                guard errors.isEmpty else { return encode(GraphQL.GraphQLResult(errors: errors)) }
                api.validated.remember(request.query, document, shape: shape, nesting: nesting ?? .max)
            }
            // A document kept just now keeps its plans from this first request on.
            let plans = (known ?? api.validated.known(request.query))?.plans
            let (country, language) = (plans?.inContext(request.operationName, of: operation) ?? InContextDirective.Use(operation))
                .values(request.variables)
            // The buyer's market prices, sells and translates everything the operation reads.
            let buyer = BuyerContext(country: country, language: language)
            let budget = ExecutionBudget(limits.executionBudget, shared: sharedWork)
            defer { budget.finish() }
            let context = RequestContext(storefront: storefront.inContext(buyer), country: country, language: language, scopes: scopes,
                                         budget: budget, customer: customer)
            let schema = api.schema
            let executor = self.executor
            let run = { () async -> ExecutedAnswer in
                do {
                    if executor == .serial, let serial = await SerialExecution.execute(
                        schema: schema, document: document, context: context, variables: request.variables,
                        operationName: request.operationName, plans: plans) {
                        return budget.violation != nil ? .library(GraphQL.GraphQLResult()) : .serial(serial)
                    }
                    var result = try await GraphQL.execute(schema: schema, documentAST: document, rootValue: StorefrontResolver(),
                                                           context: context, variableValues: request.variables,
                                                           operationName: request.operationName)
                    if budget.violation != nil { return .library(GraphQL.GraphQLResult()) }
                    result.data = result.data.map { context.nullListElements.restore(in: $0) }
                    return .library(result)
                } catch let error as GraphQLError {
                    return .library(GraphQL.GraphQLResult(errors: [error]))
                } catch {
                    return .library(GraphQL.GraphQLResult(errors: [GraphQLError(message: String(describing: error))]))
                }
            }
            // The work runs in this task, stopped by its budget: at its time budget, or when its
            // client goes away, the budget stops and every resolver after that throws at once.
            // (A task of its own raced against a timer cost two thread wake-ups a request.)
            let timeout = LimitViolation(message: "The request took longer than \(limits.timeBudget) and was stopped.", code: "TIMEOUT")
            let deadline = Deadlines.shared.add(after: limits.timeBudget) { budget.stop(with: timeout) }
            let finished = await withTaskCancellationHandler { await run() } onCancel: { budget.stop(with: timeout) }
            Deadlines.shared.remove(deadline)
            // Over a budget, the answer is that alone: no partial data, nothing of what was built kept.
            if let violation = budget.violation { return violation.json }
            answer = finished
            keepable = answers != nil && customer == nil && answer.errors.isEmpty && operation.map { AnswerCache.isCatalogQuery($0) } == true
        } catch let error as GraphQLError {
            answer = .library(GraphQL.GraphQLResult(errors: [error]))
        } catch {
            answer = .library(GraphQL.GraphQLResult(errors: [GraphQLError(message: String(describing: error))]))
        }
        var kept: Data?
        let data = encode(answer, limit: limits.maximumResponseBytes, fitted: &kept)
        if keepable, let answers, let key, let stock, let kept { answers.keep(kept, for: key, madeAt: stock) }
        return data
    }

    /// Documents already found valid against the schema (there is one schema per process): a client
    /// sends the same few documents again and again, and parsing and validating one costs more than
    /// running it.
    static let validated = ValidatedDocuments()
    /// The Storefront API's schema, with `validated`.
    let storefrontAPI: ServedAPI

    /// The answer as JSON; one over `limit` bytes (the budget counts as it goes, the encoder has the
    /// last word) is the response-size error instead.
    private func encode(_ result: GraphQL.GraphQLResult, limit: Int = .max) -> Data {
        var fitted: Data?
        return encode(.library(result), limit: limit, fitted: &fitted)
    }

    /// `fitted` is set to the answer when it is the result itself (encoded, within `limit`).
    private func encode(_ answer: ExecutedAnswer, limit: Int, fitted: inout Data?) -> Data {
        let errors = Self.inPathOrder(answer.errors.map(Self.withCode))
        let encoded: Data?
        switch answer {
        case .library(var result):
            result.errors = errors
            encoded = AnswerJSON.data(result) ?? (try? GraphQLJSONEncoder().encode(result))
        case .serial(let written):
            encoded = written.json(errors: errors)
        }
        guard let data = encoded else {
            return Data(#"{"errors":[{"message":"The answer could not be encoded.","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#.utf8)
        }
        guard data.count <= limit else {
            return LimitViolation(message: "The answer grew past \(limit) bytes and the query was stopped.",
                                  code: "MAX_RESPONSE_SIZE_EXCEEDED", details: [("maxResponseBytes", limit)]).json
        }
        fitted = data
        return data
    }

    /// Errors in the order of their paths (list positions by number, field names by name; an error
    /// without a path first), so one document's answer lists them the same way every time: the list
    /// elements of a field are resolved concurrently and their errors arrive in any order.
    static func inPathOrder(_ errors: [GraphQLError]) -> [GraphQLError] {
        errors.enumerated().sorted { a, b in
            let order = pathOrder(a.element.path.elements, b.element.path.elements)
            return order == .orderedSame ? a.offset < b.offset : order == .orderedAscending
        }.map(\.element)
    }

    private static func pathOrder(_ a: [IndexPathValue], _ b: [IndexPathValue]) -> ComparisonResult {
        for (x, y) in zip(a, b) {
            switch (x, y) {
            case (.index(let i), .index(let j)) where i != j: return i < j ? .orderedAscending : .orderedDescending
            case (.key(let k), .key(let l)) where k != l: return k < l ? .orderedAscending : .orderedDescending
            case (.index, .key): return .orderedAscending
            case (.key, .index): return .orderedDescending
            default: continue
            }
        }
        return a.count == b.count ? .orderedSame : (a.count < b.count ? .orderedAscending : .orderedDescending)
    }

    /// `extensions.code` as the Storefront API sets it: arguments the storefront rejects are the
    /// caller's mistake (no code, like the API's validation errors); anything else that failed
    /// inside the storefront is `INTERNAL_SERVER_ERROR`.
    static func withCode(_ error: GraphQLError) -> GraphQLError {
        guard let original = error.originalError, error.extensions["code"] == nil else { return error }
        if let denied = original as? AccessDenied {
            return GraphQLError(message: denied.message, locations: error.locations, path: error.path, extensions: denied.extensions)
        }
        if let exceeded = original as? InputSizeExceeded {
            return GraphQLError(message: exceeded.message, locations: error.locations, path: error.path.appending(exceeded.argument),
                                extensions: exceeded.extensions)
        }
        switch original as? StorefrontError {
        case .invalidSearch(let syntax)?:
            // Where the query went wrong, so a client can point at it as the embedded store does.
            return GraphQLError(message: error.message, locations: error.locations, path: error.path, extensions: [
                "searchQuery": ["position": .number(Number(syntax.position)), "reason": .string(syntax.message)],
            ])
        case .invalidArgument?, .invalidCursor?: return error
        default:
            return GraphQLError(message: error.message, locations: error.locations, path: error.path,
                                extensions: ["code": "INTERNAL_SERVER_ERROR"])
        }
    }
}

/// An operation's answer: the library's result, or the JSON `SerialExecution` wrote.
enum ExecutedAnswer: Sendable {
    case library(GraphQL.GraphQLResult)
    case serial(SerialAnswer)

    var errors: [GraphQLError] {
        switch self {
        case .library(let result): result.errors
        case .serial(let answer): answer.errors
        }
    }
}

/// A GraphQL API the endpoint serves with its guards and budgets: its schema, and the query texts
/// found valid against it (each schema has its own).
struct ServedAPI: Sendable {
    let schema: GraphQLSchema
    let validated: ValidatedDocuments
}

/// Query texts that passed validation, with their parsed documents and what is worked out of
/// them for each request (`KnownDocument`), bounded in count and in the size of each.
final class ValidatedDocuments: Sendable {
    static let maximumCount = 256
    static let maximumBytes = 32 << 10
    private let documents = KeptTable<String, KnownDocument>(capacity: maximumCount)

    func isKnown(_ text: String) -> Bool { known(text) != nil }

    /// The parsed document of `text`, when it was found valid before.
    func document(_ text: String) -> Document? { known(text)?.document }

    func known(_ text: String) -> KnownDocument? { documents[text] }

    /// Keeps `text` and its document when it is small enough; a full set starts again rather than grow.
    /// `nesting`: how deep its brackets nest (`DocumentScan`).
    func remember(_ text: String, _ document: Document, shape: DocumentShape? = nil, nesting: Int) {
        guard text.utf8.count <= Self.maximumBytes else { return }
        documents.keep(KnownDocument(document, shape: shape ?? DocumentShape(document), nesting: nesting), for: text)
    }
}

/// A document found valid, with what depends on it alone: its shape, each operation's depth, and
/// the plans `SerialExecution` makes of its operations.
final class KnownDocument: Sendable {
    let document: Document
    let shape: DocumentShape
    /// How deep its text's brackets nest (`DocumentScan`), held to each request's limits.
    let nesting: Int
    let plans = ExecutionPlans()
    /// Its operations, found among its definitions once.
    let operations: [OperationDefinition]
    /// By operation name; only operations the document has are measured, so they are few.
    private let depths = Mutex<[String?: OperationDepth]>([:])

    init(_ document: Document, shape: DocumentShape, nesting: Int) {
        self.document = document
        self.shape = shape
        self.nesting = nesting
        operations = document.operations
    }

    func operation(named name: String?) -> OperationDefinition? { Document.operation(named: name, in: operations) }

    func depth(of operation: OperationDefinition, named name: String?) -> OperationDepth {
        if let known = depths.withLock({ $0[name] }) { return known }
        let depth = OperationDepth(operation: operation, document: document)
        depths.withLock { $0[name] = depth }
        return depth
    }
}
