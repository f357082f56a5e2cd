import Foundation
import Graphiti
import GraphQL

/// The schema the local server serves: the Storefront API's names, types, connections and
/// payloads for everything the client uses, plus the `@inContext` directive.
enum StorefrontSchema {
    /// Built once: the schema does not depend on the storefront (that comes with each request).
    static let shared = Result { try make() }

    static func make() throws -> GraphQLSchema {
        let partials: [PartialSchema<StorefrontResolver, RequestContext>] = [
            ScalarSchema(), EnumSchema(), ShopSchema(), ProductSchema(), CollectionSchema(), SearchSchema(), CartSchema(),
        ]
        let built = try SchemaBuilder(StorefrontResolver.self, RequestContext.self)
            .setQueryName(to: "QueryRoot")
            .setMutationName(to: "Mutation")
            .use(partials: partials)
            .build()
            .schema
        // Graphiti has no way to declare a directive; the same types go into a schema that has one.
        return try GraphQLSchema(query: built.queryType, mutation: built.mutationType,
                                 types: Array(built.typeMap.values).filter { !$0.name.hasPrefix("__") },
                                 directives: built.directives + [InContextDirective.make(in: built)])
    }
}
