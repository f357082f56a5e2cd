import Foundation
import GraphQL

/// `@defer(if:, label:)` on fragments, as the Storefront API accepts it. `serve` answers the
/// deferred part with the rest, in one response, which the incremental delivery spec allows.
enum DeferDirective {
    static func make() throws -> GraphQLDirective {
        try GraphQLDirective(name: "defer", description: "Answered with the rest of the response.",
                             locations: [.fragmentSpread, .inlineFragment],
                             args: ["if": GraphQLArgument(type: GraphQLBoolean, defaultValue: .bool(true)),
                                    "label": GraphQLArgument(type: GraphQLString)])
    }
}
