import Foundation
import GraphQL
@testable import StorefrontServer
import Testing

/// Answers are written straight from their `Map`, byte for byte as the library's encoder writes them.
struct AnswerJSONTests {
    static let tricky: Map = [
        "id": "gid://shopify/Product/1",
        "title": "Quote \" backslash \\ slash / tab \t newline \n bell \u{7} é ☕ 𝄞",
        "empty": "",
        "edges": "\u{0}starts\r\u{8}\u{C}\u{1F}and ends/",
        "/\"": "\\",
        "numbers": [0, -3, 42, 2.5, 1e21, 0.1, 320.0],
        "flags": [true, false],
        "nothing": .null,
        "nested": ["list": [["a": 1], ["b": .null]], "emptyList": [], "emptyObject": [:]],
        "skipped": .undefined,
    ]

    @Test func writesWhatTheEncoderWrites() throws {
        for data in [Self.tricky, .null, [:], ["product": .null]] {
            let result = GraphQLResult(data: data)
            let written = try #require(AnswerJSON.data(result))
            let encoded = try GraphQLJSONEncoder().encode(result)
            #expect(String(decoding: written, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        }
        let nothing = GraphQLResult()
        #expect(AnswerJSON.data(nothing) == (try GraphQLJSONEncoder().encode(nothing)))
    }

    /// Errors, a value the encoder refuses and numbers JSON cannot hold are left to the encoder.
    @Test func leavesTheRestToTheEncoder() {
        #expect(AnswerJSON.data(GraphQLResult(data: ["a": 1], errors: [GraphQLError(message: "no")])) == nil)
        #expect(AnswerJSON.data(GraphQLResult(data: ["a": [.undefined]])) == nil)
        #expect(AnswerJSON.data(GraphQLResult(data: ["a": .number(Number(Double.nan))])) == nil)
        #expect(AnswerJSON.data(GraphQLResult(data: ["a": .number(Number(Double.infinity))])) == nil)
    }
}
