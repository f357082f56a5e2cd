import Foundation
import StorefrontModels

/// `{ nodes { … } }` or `{ edges { cursor node { … } } pageInfo { … } }`, whichever was selected.
struct WireConnection<Node: Decodable & Sendable>: Decodable, Sendable {
    struct WireEdge: Decodable, Sendable {
        var cursor: String
        var node: Node
    }

    var edges: [WireEdge]?
    var nodes: [Node]?
    var pageInfo: PageInfo?

    /// The nodes, from `nodes` or else from `edges`.
    var elements: [Node] { nodes ?? edges?.map(\.node) ?? [] }

    /// A page of models, cursors kept.
    func page<Model: Hashable & Sendable & Codable>(_ transform: (Node) -> Model) -> Page<Model> {
        let pageEdges = (edges ?? []).map { Edge(cursor: TextSanitizer.cleanLine($0.cursor), node: transform($0.node)) }
        var info = pageInfo ?? .empty
        info.startCursor = info.startCursor.map(TextSanitizer.cleanLine)
        info.endCursor = info.endCursor.map(TextSanitizer.cleanLine)
        return Page(edges: pageEdges, pageInfo: info)
    }
}
