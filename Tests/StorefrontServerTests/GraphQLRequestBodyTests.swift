import Foundation
import GraphQL
@testable import StorefrontServer
import Testing

/// Request bodies are read as the library reads them, each value once.
struct GraphQLRequestBodyTests {
    static let bodies = [
        #"{"query":"{ shop { name } }"}"#,
        #"{"query":"q","operationName":null,"variables":null}"#,
        #"{"query":"q\n\"quoted\" \u00e9 \ud834\udd1e","operationName":"P","variables":{"handle":"a/b"}}"#,
        #"{"variables":{"input":{"lines":[{"merchandiseId":"gid://x/1","quantity":2,"attributes":[{"key":"k","value":"v"}]}],"note":null,"b":true,"z":1.5e3,"a":-0}},"query":"m","extra":[1,{"x":2}]}"#,
        #"{"query":"q","variables":{"deep":{"z":{"y":{"x":{"w":[[],[{}],[null,false,"s",1e-7]]}}}}}}"#,
        #"{"query":"q","variables":{"big":123456789012345678901234567890,"order":{"b":1,"a":2,"c":3}}}"#,
    ]

    @Test(arguments: bodies)
    func readsWhatTheLibraryReads(_ body: String) throws {
        let data = Data(body.utf8)
        let ours = try GraphQLRequestBody.decode(data)
        let library = try JSONDecoder().decode(GraphQLRequest.self, from: data)
        #expect(ours.query == library.query && ours.operationName == library.operationName)
        // The same values; an object's keys come in no fixed order from either (the decoder's
        // keyed container lists them from a dictionary), and input objects are read by name.
        func values(_ request: GraphQLRequest) throws -> NSDictionary? {
            try JSONSerialization.jsonObject(with: GraphQLJSONEncoder().encode(request.variables)) as? NSDictionary
        }
        #expect(try values(ours) != nil && values(ours) == values(library))
        #expect(ours.variables.keys.sorted() == library.variables.keys.sorted())
    }

    @Test(arguments: [#"{"variables":{}}"#, #"{"query":3}"#, #"{"query":"q","variables":"x"}"#, #"{"query":"q","variables":[1]}"#,
                      #"{"query":"q","operationName":5}"#, #"["query"]"#, #"{"query":"q","variables":{"a":1e999}}"#, #"{"query":"q""#])
    func refusesWhatTheLibraryRefuses(_ body: String) {
        let data = Data(body.utf8)
        #expect(throws: (any Error).self) { try GraphQLRequestBody.decode(data) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(GraphQLRequest.self, from: data) }
    }

    /// The values of a request's variables, compared without the order of an object's keys.
    static func values(_ request: GraphQLRequest) throws -> NSDictionary? {
        try JSONSerialization.jsonObject(with: GraphQLJSONEncoder().encode(request.variables)) as? NSDictionary
    }

    static func decoded(_ data: Data) throws -> GraphQLRequest {
        try GraphQLRequestBody.decodedByDecoder(data)
    }

    static func expectSameRequest(_ read: GraphQLRequest, _ decoded: GraphQLRequest, _ body: String,
                                  sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        #expect(read.query == decoded.query && read.operationName == decoded.operationName, "\(body)", sourceLocation: sourceLocation)
        #expect(try values(read) == values(decoded), "\(body)", sourceLocation: sourceLocation)
        #expect(read.variables.keys.sorted() == decoded.variables.keys.sorted(), "\(body)", sourceLocation: sourceLocation)
    }

    /// The nesting the reader measured is over a limit exactly when `JSONNesting` finds it is.
    static func expectTheSameNesting(_ nesting: Int, _ data: Data, _ body: String,
                                     sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for limit in 1...8 {
            #expect((nesting > limit) == JSONNesting.exceeds(data, limit), "\(body) at \(limit)", sourceLocation: sourceLocation)
        }
    }

    /// The reader reads the plain bodies itself, to what the decoder reads.
    @Test(arguments: bodies)
    func theReaderReadsWhatTheDecoderReads(_ body: String) throws {
        let data = Data(body.utf8)
        let reading = try #require(RequestBodyReader.read(data))
        try Self.expectSameRequest(reading.request, try Self.decoded(data), body)
        Self.expectTheSameNesting(reading.nesting, data, body)
    }

    /// What is not plain JSON of a request, or not JSON, is left to the decoder, which reads or refuses it.
    @Test(arguments: [
        #"{"query":"a","query":"b"}"#, #"{"query":"q","variables":{"a":1,"a":2}}"#, #"{"query":"q\ud834"}"#,
        #"{"query":"q\udd1e"}"#, #"{"query":"q\ud834\u0041"}"#, #"{"query":"q","variables":{"a":1e999}}"#,
        "{\"query\":\"tab\there\"}", #"{"query":"q",}"#, #"{"query":"q"} x"#, #"{"query":"q","variables":{"a":01}}"#,
        #"{"query":"q","variables":{"a":1.}}"#, #"{"query":"q","variables":{"a":-}}"#, #"{"query":"q","variables":{"a":.5}}"#,
        #"{"query":"q","variables":{"a":+1}}"#, #"{"query":"q","variables":{"a":tru}}"#, #"{"query":"q\x"}"#,
        #"{"query":null}"#, #"{"operationName":"P"}"#, #"{"query":"q","variables":[]}"#, "", "  ", #"{"query":"q""#,
    ])
    func theReaderLeavesTheRestToTheDecoder(_ body: String) throws {
        let data = Data(body.utf8)
        #expect(RequestBodyReader.read(data) == nil, "\(body)")
        let ours = Result { try GraphQLRequestBody.decode(data) }
        let decoder = Result { try Self.decoded(data) }
        switch (ours, decoder) {
        case (.success(let a), .success(let b)): try Self.expectSameRequest(a, b, body)
        case (.failure, .failure): break
        default: Issue.record("\(body): \(ours) against \(decoder)")
        }
    }

    /// Bytes that are not UTF-8 and a body in UTF-16 are the decoder's too.
    @Test func otherEncodingsAreTheDecoders() throws {
        var invalid = Data(#"{"query":"q"#.utf8)
        invalid.append(contentsOf: [0xC3, 0x28])
        invalid.append(contentsOf: Data(#""}"#.utf8))
        #expect(RequestBodyReader.read(invalid) == nil)
        let utf16 = try #require(#"{"query":"q"}"#.data(using: .utf16))
        #expect(RequestBodyReader.read(utf16) == nil)
        #expect((try? GraphQLRequestBody.decode(utf16))?.query == (try? Self.decoded(utf16))?.query)
    }

    /// Random variables, written by `JSONSerialization`, read alike by the reader and the decoder.
    @Test func randomBodiesAreReadAlike() throws {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "é", "日本", "🫖", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{1F}", " ", "\u{7F}", "\u{2028}", "x y"]
        func text() -> String { (0..<Int.random(in: 0...6, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined() }
        func value(_ depth: Int) -> Any {
            switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
            case 0: return NSNull()
            case 1: return Bool.random(using: &random)
            case 2: return Int.random(in: -1_000_000...1_000_000, using: &random)
            case 3: return Double.random(in: -1e12...1e12, using: &random)
            case 4: return text()
            case 5: return (0..<Int.random(in: 0...4, using: &random)).map { _ in value(depth + 1) }
            default: return Dictionary((0..<Int.random(in: 0...4, using: &random)).map { ("\(text())\($0)", value(depth + 1)) }, uniquingKeysWith: { a, _ in a })
            }
        }
        for _ in 0..<300 {
            var object: [String: Any] = ["query": text(), "variables": ["v": value(0), "w": value(0)]]
            if Bool.random(using: &random) { object["operationName"] = text() }
            let data = try JSONSerialization.data(withJSONObject: object)
            let body = String(decoding: data, as: UTF8.self)
            let reading = try #require(RequestBodyReader.read(data), "\(body)")
            try Self.expectSameRequest(reading.request, try Self.decoded(data), body)
            Self.expectTheSameNesting(reading.nesting, data, body)
        }
    }
}
