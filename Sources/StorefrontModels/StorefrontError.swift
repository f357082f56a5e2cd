import Foundation

/// One GraphQL error as the API reports it: message, locations, path and `extensions.code`.
public struct GraphQLErrorInfo: Hashable, Sendable, Codable {
    public struct Location: Hashable, Sendable, Codable {
        public var line: Int
        public var column: Int
        public init(line: Int, column: Int) { self.line = line; self.column = column }
    }
    public var message: String
    public var locations: [Location]
    public var path: [String]
    public var code: String?
    /// `extensions.searchQuery` of a query argument that does not parse: where (1-based) and why.
    public var searchPosition: Int?
    public var searchReason: String?

    public init(message: String, locations: [Location] = [], path: [String] = [], code: String? = nil,
                searchPosition: Int? = nil, searchReason: String? = nil) {
        self.message = message; self.locations = locations; self.path = path; self.code = code
        self.searchPosition = searchPosition; self.searchReason = searchReason
    }
}

/// Everything that can go wrong talking to a storefront, with what is needed to explain it.
public enum StorefrontError: Error, Hashable, Sendable {
    /// The request never got an HTTP answer (DNS, refused connection, timeout, TLS).
    case transport(String)
    /// An HTTP status other than 2xx. The body is kept (first bytes; it may be HTML).
    case http(status: Int, bodySnippet: String, retryAfter: Double?)
    /// A 2xx response whose body is not JSON.
    case notJSON(bodySnippet: String)
    /// JSON with neither `data` nor `errors`.
    case emptyResponse
    /// The API answered with GraphQL errors (and possibly partial data, which is dropped here).
    case graphQL([GraphQLErrorInfo])
    /// The response did not have the expected shape; `path` names the field.
    case decoding(path: String, message: String)
    /// A search query that does not parse; `position` is a 1-based character offset.
    case invalidSearch(SearchSyntaxError)
    /// A paging cursor this storefront did not issue.
    case invalidCursor(String)
    /// Arguments the API would reject (both `first` and `last`, a page over 250, ...).
    case invalidArgument(String)
    /// The catalog file could not be read or understood.
    case catalog(CatalogError)
    /// The state directory could not be read or written.
    case storage(String)
    /// A cache-only request found nothing in the cache.
    case cacheMiss
    /// A storefront answered a request with an answer of another kind (a cart to a product read).
    case mismatchedAnswer(request: String, answer: String)

    /// True for 401 and 403, which usually mean the shop domain and the token do not belong together.
    public var isAuthenticationFailure: Bool {
        if case .http(let status, _, _) = self { return status == 401 || status == 403 }
        if case .graphQL(let errors) = self { return errors.contains { $0.code == "ACCESS_DENIED" || $0.code == "UNAUTHORIZED" } }
        return false
    }
}

extension StorefrontError: LocalizedError, CustomStringConvertible {
    public var description: String { errorDescription ?? "storefront error" }

    public var errorDescription: String? {
        switch self {
        case .transport(let message): return "Could not reach the storefront: \(message)"
        case .http(let status, let body, _):
            if status == 401 || status == 403 {
                return "The storefront refused the request (HTTP \(status)): the shop domain and the access token probably do not match."
            }
            // A refusal may say why in a line ("blocked for security reasons"); a server's failure page does not help.
            return Self.meaning(ofStatus: status) + ((400...499).contains(status) ? Self.plainDetail(body) : "")
        case .notJSON(let body):
            return Self.looksLikeMarkup(body) ? "The storefront answered with a web page instead of data (a captive portal or a proxy?)."
                : "The storefront's answer is not JSON\(Self.plainDetail(body))"
        case .emptyResponse: return "The storefront's answer has neither data nor errors."
        case .graphQL(let errors):
            let first = errors.first
            let code = first?.code.map { " [\($0)]" } ?? ""
            let path = (first?.path.isEmpty ?? true) ? "" : " at \(first!.path.joined(separator: "."))"
            return "\(first?.message ?? "GraphQL error")\(code)\(path)"
        case .decoding(let path, let message): return "Unexpected data at \(path): \(message)"
        case .invalidSearch(let error): return error.description
        case .invalidCursor(let cursor): return "Unknown page cursor \"\(cursor.prefix(40))\""
        case .invalidArgument(let message): return message
        case .catalog(let error): return error.description
        case .storage(let message): return message
        case .cacheMiss: return "Not in the cache (cache-only request)."
        case .mismatchedAnswer(let request, let answer): return "The storefront answered \(answer) to \(request)."
        }
    }
}

extension StorefrontError {
    /// How the messages begin that say the storefront gave no answer to a request (out of reach,
    /// refused, busy, failing): once it answers again, what they told of is over.
    public static let unansweredMessagePrefixes = [
        "Could not reach the storefront", "The storefront refused the request", "The storefront is limiting requests",
        "The storefront is busy", "The storefront could not be reached", "The storefront timed out", "The storefront had a problem",
    ]

    /// What an HTTP status means to a shopper, with the status itself for whoever reads it out.
    static func meaning(ofStatus status: Int) -> String {
        switch status {
        case 429, 430: return "The storefront is limiting requests (HTTP \(status)); try again shortly."
        case 503: return "The storefront is busy (HTTP 503); try again shortly."
        case 502, 504: return "The storefront could not be reached through its gateway (HTTP \(status)); try again shortly."
        case 402, 423: return "The shop is not open right now (HTTP \(status))."
        case 404: return "The storefront was not found at this address (HTTP 404): check the shop domain or endpoint."
        case 408: return "The storefront timed out waiting for the request (HTTP 408); try again."
        case 413, 414, 431: return "The request was too large for the storefront (HTTP \(status))."
        case 500...599: return "The storefront had a problem on its side (HTTP \(status)); try again shortly."
        case 400...499: return "The storefront refused the request (HTTP \(status))."
        default: return "The storefront gave an unexpected answer (HTTP \(status))."
        }
    }

    /// A body worth quoting: one short line of plain text. Markup, JSON and anything long are left
    /// out (a 503 page's HTML is not a message for the error bar).
    static func plainDetail(_ body: String) -> String {
        let line = TextSanitizer.cleanLine(body).trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty, line.count <= 120, !looksLikeMarkup(line),
              !line.hasPrefix("{"), !line.hasPrefix("[") else { return "" }
        return " \(line.hasSuffix(".") ? line : line + ".")"
    }

    /// HTML or XML: a tag opening the text, or one anywhere in it.
    static func looksLikeMarkup(_ text: String) -> Bool {
        let trimmed = text.drop { $0.isWhitespace }
        if trimmed.hasPrefix("<") { return true }
        return text.range(of: #"</?[A-Za-z!][^<>]*>"#, options: .regularExpression) != nil
    }
}

/// A search query that does not parse.
public struct SearchSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based position of the offending character in the query.
    public var position: Int
    public var message: String
    public var query: String

    public init(position: Int, message: String, query: String) {
        self.position = position; self.message = message; self.query = query
    }

    public var description: String { "Invalid search query at position \(position): \(message)" }
}

/// A catalog file that cannot be used, with the file and, for JSON, where in it.
public struct CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    /// A JSON path such as "products[12].variants[0].price", when known.
    public var location: String?

    public init(file: String, message: String, location: String? = nil) {
        self.file = file; self.message = message; self.location = location
    }

    /// One line without controls: the message may quote the file's own bytes.
    public var description: String {
        if let location { return TextSanitizer.cleanLine("\(file): \(message) at \(location)") }
        return TextSanitizer.cleanLine("\(file): \(message)")
    }
}
