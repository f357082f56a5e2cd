import Foundation

/// Failures the server can inject, to see the client's retries, backoff and error messages at work.
public struct FaultPlan: Sendable {
    public enum Fault: String, CaseIterable, Sendable {
        /// HTTP 500, plain text.
        case http500 = "500"
        /// HTTP 502 with a gateway's HTML page.
        case http502 = "502"
        /// HTTP 503 with `Retry-After: 1`.
        case http503 = "503"
        /// HTTP 504 with a gateway's HTML page.
        case http504 = "504"
        /// HTTP 429 with `Retry-After: 1`.
        case http429 = "429"
        /// HTTP 430 (request rejected before execution), no `Retry-After`.
        case http430 = "430"
        /// HTTP 503 with a full HTML error page and no `Retry-After`.
        case html
        /// HTTP 200 with a GraphQL `THROTTLED` error.
        case throttled
        /// HTTP 200 whose body is HTML, as from a captive portal.
        case notJSON = "notjson"
        /// HTTP 200 with `{}`: neither data nor errors.
        case noData = "nodata"
    }

    /// The kinds to choose from at random.
    public var faults: [Fault]
    /// The share of requests (0...1) that fail with one of `faults`.
    public var failRate: Double
    /// Added before every answer, in seconds.
    public var latency: TimeInterval

    public init(faults: [Fault] = [], failRate: Double = 0, latency: TimeInterval = 0) {
        self.faults = faults; self.failRate = min(max(failRate, 0), 1); self.latency = max(0, latency)
    }

    public static let none = FaultPlan()

    /// "503,430,html,throttled"
    public static func parse(_ list: String) throws -> [Fault] {
        try list.split(separator: ",").map { item in
            let name = item.trimmingCharacters(in: .whitespaces).lowercased()
            guard let fault = Fault(rawValue: name) else {
                let known = Fault.allCases.map(\.rawValue).joined(separator: ", ")
                throw FaultPlanError(message: "Unknown fault \"\(name)\" (known: \(known))")
            }
            return fault
        }
    }
}

public struct FaultPlanError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public var description: String { message }
}
