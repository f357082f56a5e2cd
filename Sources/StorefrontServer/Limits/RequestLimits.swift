import Foundation

/// How much one request may ask of `serve`. Every limit is checked before the work it guards:
/// sizes while the request is read, the document's shape on its text before the GraphQL library
/// parses it (the library recurses without a bound and crashes on some documents), cost and depth
/// on the parsed document before it is validated or executed.
public struct RequestLimits: Sendable, Hashable {
    /// Bytes of a request body; a larger one is answered 413 without being read to the end.
    public var maximumBodyBytes = 1 << 20
    /// Bytes of the request target (path and query string); a longer one gets 414.
    public var maximumURLBytes = 8 << 10
    /// Bytes of all header names and values together; more gets 431.
    public var maximumHeaderBytes = 32 << 10
    /// Characters of the GraphQL document.
    public var maximumDocumentBytes = 100 << 10
    /// Brackets of any kind (`{`, `(`, `[`) open at once in the document's text.
    public var maximumNesting = 40
    /// Nested selections of one operation, fragments included.
    public var maximumDepth = 15
    /// A query's cost, counted by the Storefront API's rules: objects count 1, connections 2 plus the
    /// objects they can return (`first`/`last`), scalars 0, each mutation field 10.
    public var maximumCost = 5_000
    /// Field selections in the document's text, aliases included.
    public var maximumFields = 1_000
    /// Aliased fields in the document's text.
    public var maximumAliases = 100
    /// Top-level fields of one mutation.
    public var maximumMutations = 10
    /// Brackets open at once in the request's JSON (variables are coerced recursively).
    public var maximumVariablesNesting = 12
    /// Wall time for one request's work, from the end of its body to its answer.
    public var timeBudget: Duration = .seconds(10)
    /// Time a client has to send a request's body (else 408); twice this without a byte from the
    /// client (half-sent headers, an idle keep-alive connection) closes the connection.
    public var clientTimeout: Duration = .seconds(10)
    /// Requests worked on at once; more are answered 503 with Retry-After at once.
    public var maximumConcurrentRequests = 32
    /// After SIGTERM or SIGINT, how long requests in flight may finish before the process exits anyway.
    public var shutdownGrace: Duration = .seconds(5)

    public init() {}

    public static let standard = RequestLimits()
}
