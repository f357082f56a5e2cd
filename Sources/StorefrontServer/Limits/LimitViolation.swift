import Foundation

/// A request over one of `RequestLimits`, answered in the Storefront API's error shape:
/// `{"errors":[{"message":…,"extensions":{"code":…}}]}`.
struct LimitViolation: Error, Hashable, Sendable {
    var message: String
    /// `extensions.code`: MAX_COST_EXCEEDED as the Storefront API names it; the others in its style.
    var code: String
    /// More members of `extensions` (the cost and the ceiling, say), as JSON numbers.
    var details: [(String, Int)] = []
    var status = 200

    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.message == rhs.message && lhs.code == rhs.code && lhs.status == rhs.status
            && lhs.details.map(\.0) == rhs.details.map(\.0) && lhs.details.map(\.1) == rhs.details.map(\.1)
    }

    func hash(into hasher: inout Hasher) { hasher.combine(message); hasher.combine(code) }

    var json: Data {
        var extensions: [String: Any] = ["code": code]
        for (key, value) in details { extensions[key] = value }
        let object: [String: Any] = ["errors": [["message": message, "extensions": extensions]]]
        return (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
            ?? Data(#"{"errors":[{"message":"The request is over a limit."}]}"#.utf8)
    }

    var response: EndpointResponse { .json(status, json) }
}
