import Foundation
import GraphQL

/// What `serve` answers, as a client introspecting it would see it, read in-process.
public enum ServedSchema {
    /// The introspection result of the served schema, as JSON (`{"data": {"__schema": …}}`).
    public static func introspectionJSON() async throws -> Data {
        try await introspectionJSON(of: try StorefrontSchema.shared.get())
    }

    private static func introspectionJSON(of served: GraphQLSchema) async throws -> Data {
        let result = try await graphql(schema: served, request: IntrospectedSchema.query)
        if let error = result.errors.first { throw error }
        return try GraphQLJSONEncoder().encode(result)
    }

    /// The served schema, with the defaults of its input fields: the GraphQL library's
    /// introspection writes argument defaults but leaves input fields' out, though it applies them.
    public static func introspected() async throws -> IntrospectedSchema {
        try await introspected(try StorefrontSchema.shared.get())
    }

    /// The Customer Account API as `serve` answers it, introspected the same way.
    public static func customerAccountIntrospected() async throws -> IntrospectedSchema {
        try await introspected(try CustomerAccountSchema.shared.get().schema)
    }

    private static func introspected(_ served: GraphQLSchema) async throws -> IntrospectedSchema {
        var schema = try IntrospectedSchema(json: try await introspectionJSON(of: served))
        for case let input as GraphQLInputObjectType in served.typeMap.values {
            guard var type = schema.types[input.name] else { continue }
            let definitions = try input.fields()
            for index in type.inputFields.indices where type.inputFields[index].defaultValue == nil {
                guard let definition = definitions[type.inputFields[index].name], let value = definition.defaultValue else { continue }
                type.inputFields[index].defaultValue = literal(value, of: definition.type)
            }
            schema.types[input.name] = type
        }
        return schema
    }

    /// A default value as GraphQL literal text: enum values bare, strings quoted.
    private static func literal(_ value: Map, of type: GraphQLInputType?) -> String {
        let named = getNamedType(type: type)
        switch value {
        case .string(let text): return named is GraphQLEnumType ? text : "\"\(text)\""
        case .number(let number): return number.description
        case .bool(let flag): return flag ? "true" : "false"
        case .array(let values): return "[" + values.map { literal($0, of: type) }.joined(separator: ", ") + "]"
        case .dictionary(let fields): return "{" + fields.map { "\($0.key): \(literal($0.value, of: nil))" }.joined(separator: ", ") + "}"
        case .null, .undefined: return "null"
        }
    }

    /// The API's enums that `serve` carries as scalars of the same name (see `ScalarValues`), with
    /// the values it accepts; nil for those that take any enum-like name.
    public static let enumsServedAsScalars: [String: Set<String>?] = [
        CountryCodeScalar.name: EnumCodes.countries, LanguageCodeScalar.name: EnumCodes.languages,
        CurrencyCodeScalar.name: EnumCodes.currencies, CartErrorCodeScalar.name: nil, CartWarningCodeScalar.name: nil,
    ]
}
