import Foundation
import GraphQL

/// What `serve` answers, as a client introspecting it would see it, read in-process.
public enum ServedSchema {
    /// The introspection result of the served schema, as JSON (`{"data": {"__schema": …}}`).
    public static func introspectionJSON() async throws -> Data {
        let result = try await graphql(schema: try StorefrontSchema.shared.get(), request: IntrospectedSchema.query)
        if let error = result.errors.first { throw error }
        return try GraphQLJSONEncoder().encode(result)
    }

    public static func introspected() async throws -> IntrospectedSchema {
        try IntrospectedSchema(json: try await introspectionJSON())
    }

    /// The API's enums that `serve` carries as scalars of the same name (see `ScalarValues`), with
    /// the values it accepts; nil for those that take any enum-like name.
    public static let enumsServedAsScalars: [String: Set<String>?] = [
        CountryCodeScalar.name: EnumCodes.countries, LanguageCodeScalar.name: EnumCodes.languages,
        CurrencyCodeScalar.name: EnumCodes.currencies, CartErrorCodeScalar.name: nil, CartWarningCodeScalar.name: nil,
    ]
}
