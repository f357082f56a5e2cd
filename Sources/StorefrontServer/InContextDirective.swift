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
        Use(operation).values(variables)
    }

    /// Where an operation's directive takes its country and language from: what depends on the
    /// document alone, worked out once per document and operation (`ExecutionPlans.inContext`),
    /// so a request only looks its variables up.
    struct Use: Sendable {
        enum Source: Sendable {
            case literal(String)
            /// A variable, and the value it is declared with (as a string), if any.
            case variable(String, declared: String?)
        }
        let country: Source?
        let language: Source?

        init(_ operation: OperationDefinition?) {
            guard let operation, let directive = operation.directives.first(where: { $0.name.value == InContextDirective.name }) else {
                country = nil; language = nil
                return
            }
            func source(_ argument: String) -> Source? {
                guard let node = directive.arguments.first(where: { $0.name.value == argument })?.value else { return nil }
                if let variable = node as? Variable {
                    let named = variable.name.value
                    let declared = operation.variableDefinitions.first { $0.variable.name.value == named }?.defaultValue
                    return .variable(named, declared: declared.flatMap { try? valueFromASTUntyped(valueAST: $0) }?.string)
                }
                if let literal = node as? EnumValue { return .literal(literal.value) }
                if let literal = node as? StringValue { return .literal(literal.value) }
                return nil
            }
            country = source("country")
            language = source("language")
        }

        func values(_ variables: [String: Map]) -> (country: String?, language: String?) {
            func value(_ source: Source?) -> String? {
                switch source {
                case nil: nil
                case .literal(let text): text
                case .variable(let name, let declared): if let sent = variables[name] { sent.string } else { declared }
                }
            }
            return (value(country), value(language))
        }
    }
}
