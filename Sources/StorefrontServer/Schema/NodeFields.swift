import Foundation
import Graphiti
import Storefront

/// `Node`: anything with a global id that `node(id:)` finds again.
protocol NodeValue: Sendable {
    var idValue: GraphID { get }
}

extension Product: NodeValue {}
extension VariantNode: NodeValue {}
extension Storefront.Collection: NodeValue {}
extension Cart: NodeValue {}
extension Shop: NodeValue {}
extension ShopPolicyNode: NodeValue {}
extension MenuNode: NodeValue {}
extension MenuItemNode: NodeValue {}
extension ShopPage: NodeValue {}
extension Blog: NodeValue {}
extension Article: NodeValue {}
// Nodes in the API's schema that `node(id:)` does not look up here.
extension CartLineNode: NodeValue {}
extension MailingAddress: NodeValue {}
extension ProductOptionNode: NodeValue {}
extension OptionValueNode: NodeValue {}
extension MetafieldNode: NodeValue {}
extension MediaImageNode: NodeValue { var idValue: GraphID { id } }

struct NodeArguments: Decodable, Sendable {
    var id: GraphID
}

struct NodesArguments: Decodable, Sendable {
    var ids: [GraphID]
}

extension StorefrontResolver {
    /// How many ids `nodes(ids:)` takes, as the API limits it.
    static let maximumNodeIDs = 250

    func node(context: RequestContext, arguments: NodeArguments) async throws -> (any NodeValue)? {
        try await node(id: arguments.id.text, context: context)
    }

    /// Each id's object, in the order asked, null for an id that names nothing.
    func nodes(context: RequestContext, arguments: NodesArguments) async throws -> [(any NodeValue)?] {
        try InputSizeExceeded.check(arguments.ids.count, maximum: Self.maximumNodeIDs, argument: "ids")
        var found: [(any NodeValue)?] = []
        for id in arguments.ids {
            try Task.checkCancellation()
            found.append(try await node(id: id.text, context: context))
        }
        return found
    }

    /// The object an id names, by the type in the id; null when there is none (or it is of a
    /// type `serve` does not look up by id, such as menus). `node` and `nodes` both ask here.
    func node(id: String, context: RequestContext) async throws -> (any NodeValue)? {
        let storefront = context.storefront
        switch id.dropFirst("gid://shopify/".count).prefix(while: { $0 != "/" }) {
        case "Product": return try await storefront.product(id: id)
        case "ProductVariant": return try await findVariant(id: id, in: storefront)
        case "Collection": return try await findCollection(id: id, in: storefront)
        case "Cart": return try await storefront.cart(id: id)
        case "Shop":
            let shop = try await storefront.shop()
            return shop.idValue.text == id ? shop : nil
        case "ShopPolicy":
            return try await storefront.shop().policies.first { $0.id == id }.map(ShopPolicyNode.init)
        case "Page": return context.content.page(id: id)
        case "Blog": return context.content.blog(id: id)
        case "Article": return context.content.article(id: id)
        default: return nil
        }
    }

    /// The variant with this id and its product: the product whose id the catalog's numbering
    /// suggests first (product id × 1000 + position), else every product in turn.
    private func findVariant(id: String, in storefront: any StorefrontClient) async throws -> VariantNode? {
        if let number = Int(id.dropFirst("gid://shopify/ProductVariant/".count)),
           let product = try await storefront.product(id: "gid://shopify/Product/\(number / 1000)"),
           let variant = product.variant(id: id) {
            return VariantNode(variant: variant, product: product)
        }
        var page = try await storefront.products(.first(PageArguments.maximumPageSize), query: nil, sortKey: .id, reverse: false)
        while true {
            for product in page.nodes {
                if let variant = product.variant(id: id) { return VariantNode(variant: variant, product: product) }
            }
            guard page.pageInfo.hasNextPage, let cursor = page.pageInfo.endCursor else { return nil }
            page = try await storefront.products(.first(PageArguments.maximumPageSize, after: cursor), query: nil, sortKey: .id,
                                                 reverse: false)
        }
    }
}
