import Foundation
import Graphiti
import Storefront

// Every connection has the same shape: `edges { cursor node }`, `nodes`, `pageInfo`.

typealias SchemaType<Object: Sendable> = Graphiti.`Type`<StorefrontResolver, RequestContext, Object>

/// `<Name>Connection` over `Page<Node>`.
func connectionType<Node: Hashable & Codable & Sendable>(of node: Node.Type, named name: String) -> SchemaType<Page<Node>> {
    SchemaType(Page<Node>.self, as: name) {
        Field("edges", at: \.edges)
        Field("nodes", at: \.nodes)
        Field("pageInfo", at: \.pageInfo)
    }
}

/// `<Name>Edge` over `Storefront.Edge<Node>`.
func edgeType<Node: Hashable & Codable & Sendable>(of node: Node.Type, named name: String) -> SchemaType<Storefront.Edge<Node>> {
    SchemaType(Storefront.Edge<Node>.self, as: name) {
        Field("cursor", at: \.cursor)
        Field("node", at: \.node)
    }
}

/// `<Name>Connection` whose nodes are an interface or a union.
func connectionType<Node, Item>(_ type: AbstractConnection<Node, Item>.Type, named name: String) -> SchemaType<AbstractConnection<Node, Item>> {
    SchemaType(type, as: name) {
        Field("edges", at: \.edges)
        Field("nodes", at: \.nodes)
        Field("pageInfo", at: \.pageInfo)
    }
}

/// `<Name>Edge` whose node is an interface or a union.
func edgeType<Node, Item>(_ type: AbstractConnection<Node, Item>.Type, named name: String) -> SchemaType<AbstractConnection<Node, Item>.ItemEdge> {
    SchemaType(AbstractConnection<Node, Item>.ItemEdge.self, as: name) {
        Field("cursor", at: \.cursor)
        Field("node", at: \.node)
    }
}
