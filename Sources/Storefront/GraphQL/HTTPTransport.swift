import Foundation

/// One HTTP request as the client sends it.
public struct TransportRequest: Sendable {
    public var url: URL
    public var method: String
    /// Header names as sent; order kept for logs.
    public var headers: [(name: String, value: String)]
    public var body: Data
    public var timeout: TimeInterval

    public init(url: URL, method: String = "POST", headers: [(name: String, value: String)], body: Data,
                timeout: TimeInterval = 30) {
        self.url = url; self.method = method; self.headers = headers; self.body = body; self.timeout = timeout
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

/// One HTTP response: status, headers (names lowercased) and body.
public struct TransportResponse: Hashable, Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// A request that got no HTTP answer. `requestSent` is false only when the failure proves the
/// server never received the request (the host was not found, the connection was refused): only
/// then may a non-idempotent mutation be sent again.
public struct TransportError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var requestSent: Bool

    public init(message: String, requestSent: Bool) {
        self.message = message; self.requestSent = requestSent
    }

    public var description: String { message }
}

/// Sends HTTP requests. The client uses `HTTPClientTransport`; tests substitute scripted answers.
public protocol HTTPTransport: Sendable {
    /// Returns the response for any HTTP status; throws `TransportError` when there is none.
    func send(_ request: TransportRequest) async throws -> TransportResponse
}
