import Foundation
import GraphQL

/// What the endpoint answers, before any HTTP framework turns it into bytes on a socket.
public struct EndpointResponse: Sendable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data
    /// The operation that was asked for, for the request log.
    public var operationName: String?

    static func json(_ status: Int, _ text: String, headers: [String: String] = [:]) -> EndpointResponse {
        json(status, Data(text.utf8), headers: headers)
    }

    static func json(_ status: Int, _ body: Data, headers: [String: String] = [:]) -> EndpointResponse {
        EndpointResponse(status: status, headers: ["Content-Type": "application/json; charset=utf-8"].merging(headers) { $1 },
                         body: body)
    }

    static func text(_ status: Int, _ text: String, contentType: String = "text/plain; charset=utf-8",
                     headers: [String: String] = [:]) -> EndpointResponse {
        EndpointResponse(status: status, headers: ["Content-Type": contentType].merging(headers) { $1 }, body: Data(text.utf8))
    }

    /// The answer a fault stands for.
    static func fault(_ fault: FaultPlan.Fault) -> EndpointResponse {
        switch fault {
        case .http500: return .text(500, "Internal Server Error")
        case .http502: return .text(502, gatewayPage("502 Bad Gateway"), contentType: "text/html; charset=utf-8")
        case .http503: return .json(503, #"{"errors":"Service unavailable, try again shortly"}"#, headers: ["Retry-After": "1"])
        case .http504: return .text(504, gatewayPage("504 Gateway Time-out"), contentType: "text/html; charset=utf-8")
        case .http429: return .json(429, #"{"errors":"Too many requests"}"#, headers: ["Retry-After": "1"])
        case .http430: return .text(430, "Your request was blocked for security reasons.")
        case .html:
            return .text(503, "<!DOCTYPE html>\n<html lang=\"en\">\n<head><title>Service Unavailable</title>"
                         + "<style>body{font-family:sans-serif}</style></head>\n<body>\n<h1>Service Unavailable</h1>\n"
                         + "<p>This store is temporarily unavailable. Please try again in a few moments.</p>\n</body>\n</html>\n",
                         contentType: "text/html; charset=utf-8")
        case .throttled:
            return .json(200, #"{"errors":[{"message":"Throttled","extensions":{"code":"THROTTLED","documentation":"https://shopify.dev/api/usage/rate-limits"}}]}"#)
        case .notJSON:
            return .text(200, "<html><head><title>Sign in to the network</title></head><body>Accept the terms to continue.</body></html>",
                         contentType: "text/html; charset=utf-8")
        case .noData: return .json(200, "{}")
        }
    }

    private static func gatewayPage(_ title: String) -> String {
        "<html>\r\n<head><title>\(title)</title></head>\r\n<body>\r\n<center><h1>\(title)</h1></center>\r\n</body>\r\n</html>\r\n"
    }
}
