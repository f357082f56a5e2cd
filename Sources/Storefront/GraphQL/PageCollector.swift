import Foundation
import StorefrontModels

extension Page {
    /// Follows a connection forward, up to 250 nodes a request, until `limit` nodes (nil: all of
    /// them) or the end. `hasMore` says whether nodes were left behind.
    public static func collect(limit: Int?, _ fetch: (PageArguments) async throws -> Page<Node>) async throws -> (nodes: [Node], hasMore: Bool) {
        var nodes: [Node] = []
        var after: String?
        while true {
            let wanted = limit.map { $0 - nodes.count } ?? PageArguments.maximumPageSize
            if wanted <= 0 { return (nodes, true) }
            let page = try await fetch(.first(Swift.min(wanted, PageArguments.maximumPageSize), after: after))
            nodes += page.nodes
            guard page.pageInfo.hasNextPage, let end = page.pageInfo.endCursor, !page.edges.isEmpty else {
                return (nodes, false)
            }
            after = end
        }
    }
}
