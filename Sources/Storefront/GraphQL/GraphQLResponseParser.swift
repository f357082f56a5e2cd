import Foundation
import StorefrontModels

/// Turns an HTTP response into the JSON body of a successful GraphQL answer, or the error that
/// explains why there is none.
///
/// Partial data: when a response carries both `data` and `errors`, it is treated as failed and
/// the data is dropped. The models need whole objects (a product whose variants failed to resolve
/// would show as sold out), and a failed answer is never cached.
enum GraphQLResponseParser {
    /// How much of a non-GraphQL body is kept in an error (HTML error pages run to kilobytes).
    static let snippetLength = 300

    static func validate(_ response: TransportResponse, now: Date) throws(StorefrontError) -> Data {
        guard (200..<300).contains(response.status) else {
            throw .http(status: response.status, bodySnippet: snippet(response.body),
                        retryAfter: RetryAfter.seconds(from: response.header("Retry-After"), now: now))
        }
        let header: EnvelopeHeader
        do {
            header = try JSONDecoder().decode(EnvelopeHeader.self, from: response.body)
        } catch let DecodingError.typeMismatch(_, context) where context.codingPath.isEmpty {
            throw .emptyResponse // JSON, but not an object
        } catch {
            throw .notJSON(bodySnippet: snippet(response.body))
        }
        if let errors = header.errors, !errors.isEmpty { throw .graphQL(errors.map(\.info)) }
        guard header.hasData else { throw .emptyResponse }
        return response.body
    }

    /// Whether a JSON answer carries `data` that is not null.
    static func hasData(_ body: Data) -> Bool {
        (try? JSONDecoder().decode(EnvelopeHeader.self, from: body))?.hasData ?? false
    }

    /// Decodes the `data` member of a validated body. A mismatch names the field that did not fit.
    static func decode<Payload: Decodable>(_ type: Payload.Type, from body: Data) throws(StorefrontError) -> Payload {
        do {
            return try WireDecoder.make().decode(DataEnvelope<Payload>.self, from: body).data
        } catch let error as DecodingError {
            throw decodingError(error)
        } catch {
            throw .decoding(path: "data", message: String(describing: error))
        }
    }

    static func decodingError(_ error: DecodingError) -> StorefrontError {
        switch error {
        case .typeMismatch(let type, let context):
            return .decoding(path: path(context.codingPath), message: "expected \(type): \(context.debugDescription)")
        case .valueNotFound(let type, let context):
            return .decoding(path: path(context.codingPath), message: "missing \(type) value")
        case .keyNotFound(let key, let context):
            return .decoding(path: path(context.codingPath + [key]), message: "missing field")
        case .dataCorrupted(let context):
            return .decoding(path: path(context.codingPath), message: context.debugDescription)
        @unknown default:
            return .decoding(path: "data", message: String(describing: error))
        }
    }

    /// "data.product.variants.nodes[0].price.amount"
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return text.isEmpty ? "data" : text
    }

    /// The start of a body as one clean line of text.
    static func snippet(_ body: Data) -> String {
        let text = TextSanitizer.cleanLine(String(decoding: body.prefix(snippetLength * 4), as: UTF8.self))
        let words = text.split(whereSeparator: { $0 == " " })
        return String(words.joined(separator: " ").prefix(snippetLength))
    }

    private struct DataEnvelope<Payload: Decodable>: Decodable {
        var data: Payload
    }

    /// The top of a GraphQL answer, without decoding `data` itself.
    private struct EnvelopeHeader: Decodable {
        var errors: [WireGraphQLError]?
        var hasData: Bool

        enum CodingKeys: String, CodingKey { case data, errors }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let list = try? container.decodeIfPresent([WireGraphQLError].self, forKey: .errors) {
                errors = list
            } else if let message = try? container.decode(String.self, forKey: .errors) {
                // Some gateway answers say `"errors": "message"` instead of a list.
                errors = [WireGraphQLError(info: GraphQLErrorInfo(message: TextSanitizer.cleanLine(message)))]
            } else {
                errors = nil
            }
            hasData = try container.contains(.data) && !container.decodeNil(forKey: .data)
        }
    }
}

/// One entry of `errors`: `path` mixes field names and list indexes; `extensions.code` is the
/// machine-readable reason (THROTTLED, ACCESS_DENIED, SHOP_INACTIVE, INTERNAL_SERVER_ERROR).
struct WireGraphQLError: Decodable {
    var info: GraphQLErrorInfo

    init(info: GraphQLErrorInfo) { self.info = info }

    private enum CodingKeys: String, CodingKey { case message, locations, path, extensions }
    private struct Extensions: Decodable {
        var code: String?
        var searchQuery: SearchQuery?
        struct SearchQuery: Decodable { var position: Int; var reason: String }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let message = try container.decodeIfPresent(String.self, forKey: .message) ?? "GraphQL error"
        let locations = (try? container.decodeIfPresent([GraphQLErrorInfo.Location].self, forKey: .locations)) ?? nil
        var path: [String] = []
        if var elements = try? container.nestedUnkeyedContainer(forKey: .path) {
            while !elements.isAtEnd {
                if let index = try? elements.decode(Int.self) { path.append(String(index)) }
                else { path.append(TextSanitizer.cleanLine(try elements.decode(String.self))) }
            }
        }
        let extensions = (try? container.decodeIfPresent(Extensions.self, forKey: .extensions)) ?? nil
        info = GraphQLErrorInfo(message: TextSanitizer.cleanLine(message), locations: locations ?? [], path: path,
                                code: extensions?.code.map(TextSanitizer.cleanLine),
                                searchPosition: extensions?.searchQuery?.position,
                                searchReason: (extensions?.searchQuery?.reason).map(TextSanitizer.cleanLine))
    }
}
