import Foundation
import Graphiti
import Storefront

// Every connection has the same shape: `edges { cursor node }`, `nodes`, `pageInfo`.
// In these generic types a field is read by a closure, not a key path: there a key path is an
// object the runtime projects through at every read; a closure reads the property itself.

typealias SchemaType<Object: Sendable> = Graphiti.`Type`<StorefrontResolver, RequestContext, Object>

/// `<Name>Connection` over `Page<Node>`.
func connectionType<Node: Hashable & Codable & Sendable>(of node: Node.Type, named name: String) -> SchemaType<Page<Node>> {
    SchemaType(Page<Node>.self, as: name) {
        keyField("edges", at: { $0.edges })
        keyField("nodes", at: { $0.nodes })
        keyField("pageInfo", at: { $0.pageInfo })
    }
}

/// `<Name>Edge` over `Storefront.Edge<Node>`.
func edgeType<Node: Hashable & Codable & Sendable>(of node: Node.Type, named name: String) -> SchemaType<Storefront.Edge<Node>> {
    SchemaType(Storefront.Edge<Node>.self, as: name) {
        keyField("cursor", at: { $0.cursor })
        keyField("node", at: { $0.node })
    }
}

/// `ProductConnection`: a page of products and the filters of the listing it comes from.
func productConnectionType() -> SchemaType<Listing<Product>> {
    SchemaType(Listing<Product>.self, as: "ProductConnection") {
        keyField("edges", at: \.edges)
        keyField("filters", at: \.filterList)
        keyField("nodes", at: \.nodes)
        keyField("pageInfo", at: \.pageInfo)
    }
}

/// `CollectionConnection`: a page of collections and how many there are in all.
func collectionConnectionType() -> SchemaType<Listing<Storefront.Collection>> {
    SchemaType(Listing<Storefront.Collection>.self, as: "CollectionConnection") {
        keyField("edges", at: \.edges)
        keyField("nodes", at: \.nodes)
        keyField("pageInfo", at: \.pageInfo)
        keyField("totalCount", at: \.totalCountValue)
    }
}

extension Listing {
    var edges: [Storefront.Edge<Node>] { page.edges }
    var nodes: [Node] { page.nodes }
    var pageInfo: Storefront.PageInfo { page.pageInfo }
    var filterList: [ListingFilter] { filters() }
    var totalCountValue: UnsignedInt64Value { UnsignedInt64Value(unchecked: String(totalCount)) }
}

/// `<Name>Connection` whose nodes are an interface or a union.
func connectionType<Node, Item>(_ type: AbstractConnection<Node, Item>.Type, named name: String) -> SchemaType<AbstractConnection<Node, Item>> {
    SchemaType(type, as: name) {
        keyField("edges", at: { $0.edges })
        keyField("nodes", at: { $0.nodes })
        keyField("pageInfo", at: { $0.pageInfo })
    }
}

/// `<Name>Edge` whose node is an interface or a union.
func edgeType<Node, Item>(_ type: AbstractConnection<Node, Item>.Type, named name: String) -> SchemaType<AbstractConnection<Node, Item>.ItemEdge> {
    SchemaType(AbstractConnection<Node, Item>.ItemEdge.self, as: name) {
        keyField("cursor", at: { $0.cursor })
        keyField("node", at: { $0.node })
    }
}
