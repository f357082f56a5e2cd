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
}
