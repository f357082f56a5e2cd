import Foundation
import Graphiti
import GraphQL
@testable import StorefrontServer
import Testing

/// Scalars are written as their text without an encoder per value, exactly as the encoder wrote them.
struct ScalarWritingTests {
    @Test func aScalarIsWrittenAsItsText() throws {
        let coders = Coders()
        #expect(try GraphID.serialize(GraphID(unchecked: "gid://shopify/Product/1"), coders) == .string("gid://shopify/Product/1"))
        #expect(try DecimalAmount.serialize(DecimalAmount(unchecked: "12.5"), coders)
                == (try coders.encoder.encode(DecimalAmount(unchecked: "12.5"))))
        #expect(throws: GraphQLError.self) { try GraphID.serialize("gid://shopify/Product/1", coders) }
    }

    /// A variable's value is parsed as a decoder and an encoder would parse it: the same value for
    /// one the scalar accepts, the same error for one it refuses, whatever its kind.
    @Test func aVariablesValueIsParsedAsDecodingWouldParseIt() throws {
        let coders = Coders()
        struct Failure: Error, Equatable { let text: String }
        func decoded<Kind: ScalarKind>(_: Kind.Type, _ map: Map) -> Result<Map, Failure> {
            Result { try coders.encoder.encode(try coders.decoder.decode(ScalarText<Kind>.self, from: map)) }
                .mapError { Failure(text: String(describing: $0)) }
        }
        func parsed<Kind: ScalarKind>(_: Kind.Type, _ map: Map) -> Result<Map, Failure> {
            Result { try ScalarText<Kind>.parseValue(map, coders) }.mapError { Failure(text: String(describing: $0)) }
        }
        let values: [Map] = [.string("gid://shopify/Product/1"), .string("not an id"), .string(""), .number(5), .bool(true), .null,
                             .array([.string("gid://shopify/Product/1")]), .string("DE"), .string("de"), .string("12.50")]
        for value in values {
            #expect(parsed(IDScalar.self, value) == decoded(IDScalar.self, value), "\(value)")
            #expect(parsed(CountryCodeScalar.self, value) == decoded(CountryCodeScalar.self, value), "\(value)")
            #expect(parsed(DecimalScalar.self, value) == decoded(DecimalScalar.self, value), "\(value)")
        }
        #expect(try ScalarText<IDScalar>.parseValue(.string("gid://shopify/Product/1"), coders) == .string("gid://shopify/Product/1"))
    }

    /// A global id is "gid://shopify/", a type of ASCII letters, "/" and something after it; read
    /// byte by byte when it is ASCII, character by character otherwise.
    @Test func anIDIsAGlobalID() {
        let cases: [(String, Bool)] = [
            ("gid://shopify/Product/1", true), ("gid://shopify/ProductVariant/8100101", true), ("gid://shopify/Cart/c1?key=k", true),
            ("gid://shopify/Product/a/b", true), ("gid://shopify/Product/", false), ("gid://shopify//1", false),
            ("gid://shopify/Product", false), ("gid://shopify/Pro duct/1", false), ("gid://shopify/Pr0duct/1", false),
            ("gid://shopify/Pro\r\nduct/1", false), ("gid://Shopify/Product/1", false), ("", false), ("gid://shopify/", false),
            ("gid://shopify/Produkt/ü", true), ("gid://shopify/Prödukt/1", false), ("gid://shopify/\u{301}Product/1", false),
            ("gid://shopify/Product/\u{301}1", false), ("gid://shopify/Product/1\u{301}", true),
        ]
        for (text, accepted) in cases { #expect(IDScalar.accepts(text) == accepted, "\(text.debugDescription)") }
    }
}
