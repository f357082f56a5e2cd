import Foundation
import Graphiti
import Storefront

// Fields whose arguments repeat across the schema.

/// A connection field: `first`, `after`, `last`, `before`, `reverse`.
func connectionField<Object: Sendable, Value: Sendable>(
    _ name: String, at resolve: @escaping AsyncResolve<Object, RequestContext, ConnectionArguments, Value>
) -> Field<Object, RequestContext, Value, ConnectionArguments> {
    Field(name, at: resolve) {
        Argument("first", at: \.first)
        Argument("after", at: \.after)
        Argument("last", at: \.last)
        Argument("before", at: \.before)
        Argument("reverse", at: \.reverse).defaultValue(false)
    }
}

/// A root connection (`products`, `collections`): paging, `query`, `sortKey`, `reverse`; without
/// `query` for a product's own lists (`variants`, `images`).
func sortedConnectionField<Object: Sendable, Value: Sendable, SortKey: Codable & Sendable>(
    _ name: String, at resolve: @escaping AsyncResolve<Object, RequestContext, SortedConnectionArguments<SortKey>, Value>,
    defaultSortKey: SortKey, query: Bool = true
) -> Field<Object, RequestContext, Value, SortedConnectionArguments<SortKey>> {
    Field(name, at: resolve) { () -> [ArgumentComponent<SortedConnectionArguments<SortKey>>] in
        let paging: [ArgumentComponent<SortedConnectionArguments<SortKey>>] = [
            Argument("first", at: \.first), Argument("after", at: \.after), Argument("last", at: \.last), Argument("before", at: \.before),
        ]
        return paging + (query ? [Argument("query", at: \.query)] : [])
            + [Argument("sortKey", at: \.sortKey).defaultValue(defaultSortKey), Argument("reverse", at: \.reverse).defaultValue(false)]
    }
}
