import Foundation

/// How much one request may ask of `serve`. Sizes are checked while the request is read, the
/// document's size and bracket nesting on its text before the GraphQL library parses it (its parser
/// recurses once per bracket), its names, fields, aliases and depth on the parsed document before it
/// is validated, and the work it does (fields resolved, list elements, answer bytes, time) while it
/// runs: a request is stopped when it has done too much, not refused on a guess of what it will do.
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
    /// Fields one request may resolve while it runs (objects, lists and scalars with resolvers).
    public var maximumResolvedFields = 200_000
    /// List elements one request may produce, summed over every list in its answer.
    public var maximumListElements = 5_000
    /// Bytes the answer may grow to while it is produced (names, strings and punctuation).
    public var maximumResponseBytes = 8 << 20
    /// Field selections in the document's text, aliases included.
    public var maximumFields = 1_000
    /// Aliased fields in the document's text.
    public var maximumAliases = 100
    /// Top-level fields of one mutation.
    public var maximumMutations = 10
    /// Brackets open at once in the request's JSON (variables are coerced recursively).
    public var maximumVariablesNesting = 12
    /// What all requests in flight may hold together; past any of these a request is stopped with
    /// `THROTTLED`. This is the process's memory bound: a list element of a fan-out through
    /// products' variants costs 19 to 29 KB of resident memory while its request runs (measured on a
    /// release build: 5,000 took serve from 63 to 156 MiB, 10,000 to 352 MiB), so 6,000 at once
    /// stay well under 400 MiB.
    public var maximumResolvedFieldsInFlight = 400_000
    public var maximumListElementsInFlight = 6_000
    public var maximumResponseBytesInFlight = 24 << 20
    /// Wall time for one request's work, from the end of its body to its answer.
    public var timeBudget: Duration = .seconds(10)
    /// Time a client has to send a request's body (else 408); twice this without a byte from the
    /// client (half-sent headers, an idle keep-alive connection) closes the connection.
    public var clientTimeout: Duration = .seconds(10)
    /// Requests worked on at once, counted from when a request's body has been read whole; more
    /// are answered 503 with Retry-After at once.
    public var maximumConcurrentRequests = 32
    /// Of those, requests from one address (every shopper of `serve --ssh` comes from loopback).
    public var maximumConcurrentRequestsPerClient = 16
    /// Of those, requests from one SSH front-end session (`FrontSession`): each shopper over SSH
    /// has a share of their own, so one busy session leaves places for the others.
    public var maximumConcurrentRequestsPerFrontSession = 4
    /// When every place is taken (a burst: fifty shoppers' storefronts starting at once), a request
    /// within its client's share waits this long for one, in order of arrival, before its 503.
    public var placeWait: Duration = .seconds(5)
    /// Requests waiting for a place at once, and the bytes of their bodies together; past either,
    /// a request that finds every place taken is answered 503 at once.
    public var maximumWaitingRequests = 128
    public var maximumWaitingBodyBytes = 16 << 20
    /// After SIGTERM or SIGINT, how long requests in flight may finish before the process exits anyway.
    public var shutdownGrace: Duration = .seconds(5)

    public init() {}

    public static let standard = RequestLimits()
}
