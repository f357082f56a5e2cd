import Foundation
import GraphQL

/// `@inContext(country:, language:)` on queries and mutations: the buyer's country and language.
enum InContextDirective {
    static let name = "inContext"

    static func make(in schema: GraphQLSchema) throws -> GraphQLDirective {
        var arguments: GraphQLArgumentConfigMap = [:]
        if let country = schema.getType(name: "CountryCode") as? GraphQLInputType {
            arguments["country"] = GraphQLArgument(type: country, description: "The buyer's country.")
        }
        if let language = schema.getType(name: "LanguageCode") as? GraphQLInputType {
            arguments["language"] = GraphQLArgument(type: language, description: "The buyer's language.")
        }
        return try GraphQLDirective(name: name, description: "The buyer's country and language.",
                                    locations: [.query, .mutation], args: arguments)
    }

    /// The country and language of the operation that will run, from literals or variables (a
    /// variable not sent at its declared default, as the library executes the operation).
    static func values(of operation: OperationDefinition?, variables: [String: Map]) -> (country: String?, language: String?) {
        guard let operation, let directive = operation.directives.first(where: { $0.name.value == name }) else { return (nil, nil) }
        func value(_ argument: String) -> String? {
            guard let node = directive.arguments.first(where: { $0.name.value == argument })?.value else { return nil }
            if let variable = node as? Variable {
                let named = variable.name.value
                if let sent = variables[named] { return sent.string }
                let declared = operation.variableDefinitions.first { $0.variable.name.value == named }?.defaultValue
                return declared.flatMap { try? valueFromASTUntyped(valueAST: $0) }?.string
            }
            if let literal = node as? EnumValue { return literal.value }
            if let literal = node as? StringValue { return literal.value }
            return nil
        }
        return (value("country"), value("language"))
    }
}
