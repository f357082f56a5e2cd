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
}
