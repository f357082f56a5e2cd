import Foundation
import GraphQL

/// A request's JSON body read as the GraphQL library's `GraphQLRequest` reads it (a `query`
/// string, an optional `operationName`, `variables` as an object or absent or null, other keys
/// ignored; every JSON number a `Double`), with each variable's value read once. The library's
/// `Map` reads an object by reading it whole as a dictionary, throwing that away and reading it
/// again key by key, at every level: an input nested four deep was read sixteen times.
struct GraphQLRequestBody: Decodable {
    let request: GraphQLRequest

    private enum Keys: String, CodingKey {
        case query, operationName, variables
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let query = try container.decode(String.self, forKey: .query)
        let operationName = try container.decodeIfPresent(String.self, forKey: .operationName)
        let variables = try container.decodeIfPresent([String: Value].self, forKey: .variables)?.mapValues(\.map) ?? [:]
        request = GraphQLRequest(query: query, operationName: operationName, variables: variables)
    }

    /// A body's request, or that its JSON nests deeper than `nestingLimit`; it throws for a body
    /// that is not a request's JSON. `RequestBodyReader` reads the body when it can, measuring its
    /// nesting as it goes; any other body is scanned (`JSONNesting`) before the decoder reads or
    /// refuses it.
    enum Reading {
        case request(GraphQLRequest)
        case nestsTooDeep
    }

    static func read(_ body: Data, nestingLimit: Int) throws -> Reading {
        if let read = RequestBodyReader.read(body) {
            return read.nesting > nestingLimit ? .nestsTooDeep : .request(read.request)
        }
        if JSONNesting.exceeds(body, nestingLimit) { return .nestsTooDeep }
        return .request(try decodedByDecoder(body))
    }

    /// `read` without a nesting limit.
    static func decode(_ body: Data) throws -> GraphQLRequest {
        guard case .request(let request) = try read(body, nestingLimit: .max) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "nested past Int.max"))
        }
        return request
    }

    static func decodedByDecoder(_ body: Data) throws -> GraphQLRequest {
        try JSONDecoder().decode(GraphQLRequestBody.self, from: body).request
    }

    /// One JSON value as `Map`'s decoding makes it: null, a Bool, a number as a Double, a string,
    /// an array, an object (its keys in the order the decoder lists them, as `Map` takes them).
    struct Value: Decodable {
        let map: Map

        private struct Key: CodingKey {
            let stringValue: String
            init(stringValue: String) { self.stringValue = stringValue }
            var intValue: Int? { nil }
            init?(intValue: Int) { nil }
        }

        init(from decoder: any Decoder) throws {
            let single = try decoder.singleValueContainer()
            if single.decodeNil() {
                map = .null
            } else if let flag = try? single.decode(Bool.self) {
                map = .bool(flag)
            } else if let number = try? single.decode(Double.self) {
                map = .number(Number(number))
            } else if let text = try? single.decode(String.self) {
                map = .string(text)
            } else if var list = try? decoder.unkeyedContainer() {
                var elements: [Map] = []
                while !list.isAtEnd { elements.append(try list.decode(Value.self).map) }
                map = .array(elements)
            } else {
                let object = try decoder.container(keyedBy: Key.self)
                var made: Map = [:]
                guard case .dictionary(var fields) = made else { throw DecodingError.dataCorruptedError(in: single, debugDescription: "Corrupted data") }
                for key in object.allKeys { fields[key.stringValue] = try object.decode(Value.self, forKey: key).map }
                made = .dictionary(fields)
                map = made
            }
        }
    }
}
