import Foundation
import Graphiti
import Storefront

// Values the schema serves that the models do not hold directly.

/// A `ProductVariant` with the product it belongs to (`ProductVariant.product`). Both keep their
/// fields in one shared object (`CopyOnWrite`), so the copies a resolver makes of its source, once
/// for every field read of a variant, are two references, not every field of a product.
struct VariantNode: Hashable, Codable, Sendable, Merchandise {
    var variant: ProductVariant
    var product: Product

    // Equal nodes have equal variants: the variant alone is hash enough, without a product's every field.
    func hash(into hasher: inout Hasher) { hasher.combine(variant) }
}

/// `Merchandise`, the union behind a cart line: product variants only.
protocol Merchandise: Sendable {}

/// `SearchResultItem`, the union of search results: products, pages and articles.
protocol SearchResultItem: Sendable {}
extension Product: SearchResultItem {}

/// A connection whose nodes are served as an interface or a union (`SearchResultItemConnection`,
/// `BaseCartLineConnection`): the page holds the concrete nodes, `upcast` gives the abstract ones.
struct AbstractConnection<Node: Hashable & Codable & Sendable, Item: Sendable>: Sendable {
    struct ItemEdge: Sendable {
        var cursor: String
        var node: Item
    }

    var page: Page<Node>
    var upcast: @Sendable (Node) -> Item

    var edges: [ItemEdge] { page.edges.map { ItemEdge(cursor: $0.cursor, node: upcast($0.node)) } }
    var nodes: [Item] { page.nodes.map(upcast) }
    var pageInfo: Storefront.PageInfo { page.pageInfo }
}

typealias SearchConnection = AbstractConnection<SearchHit, any SearchResultItem>
typealias CartLineConnection = AbstractConnection<CartLineNode, any BaseCartLine>

/// `PredictiveSearchResult`.
struct PredictiveSearchResult: Sendable {
    var products: [Product]
    var collections: [Storefront.Collection] = []
    var queries: [SearchQuerySuggestionNode] = []
    var pages: [ShopPage] = []
    var articles: [Article] = []
}

/// `BaseCartLine`, the interface of cart lines.
protocol BaseCartLine: Sendable {
    var idValue: GraphID { get }
    var quantity: Int { get }
    var attributes: [Attribute] { get }
    var cost: CartLineCost { get }
    var discountAllocations: [any CartDiscountAllocation] { get }
    var sellingPlanAllocation: SellingPlanAllocation? { get }
    func merchandise(context: RequestContext, arguments: NoArguments) async throws -> any Merchandise
}

/// `CartLine`.
struct CartLineNode: BaseCartLine, Hashable, Codable {
    var line: CartLine
}

/// `Domain`, `PaymentSettings`, `ShopPolicy`: the parts of `Shop` the model keeps flat.
struct DomainNode: Sendable {
    var host: String
    var url: URLValue { URLValue(unchecked: "https://\(host)") }
    var sslEnabled: Bool { true }
}

struct PaymentSettingsNode: Sendable {
    var currencyCode: CurrencyCode
    var countryCode: CountryCode
}

struct ShopPolicyNode: Sendable {
    var policy: ShopPolicy
    var idValue: GraphID { GraphID(unchecked: policy.id) }
    var handle: String { policy.handle }
    var title: String { policy.title }
    var body: String { policy.body }
    var urlValue: URLValue { URLValue(unchecked: policy.url) }
}

/// The payload of one cart mutation. `Kind` only gives each mutation its own payload type name.
struct CartMutationPayload<Kind: CartMutationKind>: Sendable {
    var payload: CartPayload
    var cart: Cart? { payload.cart }
    var userErrors: [CartUserError] { payload.userErrors }
    var warnings: [CartWarning] { payload.warnings }
}

protocol CartMutationKind: Sendable {}
enum CartCreateKind: CartMutationKind {}
enum CartLinesAddKind: CartMutationKind {}
enum CartLinesUpdateKind: CartMutationKind {}
enum CartLinesRemoveKind: CartMutationKind {}
enum CartBuyerIdentityUpdateKind: CartMutationKind {}
enum CartDiscountCodesUpdateKind: CartMutationKind {}
enum CartNoteUpdateKind: CartMutationKind {}
enum CartAttributesUpdateKind: CartMutationKind {}
enum CartDeliveryAddressesAddKind: CartMutationKind {}
enum CartDeliveryAddressesUpdateKind: CartMutationKind {}
enum CartDeliveryAddressesRemoveKind: CartMutationKind {}
enum CartDeliveryAddressesReplaceKind: CartMutationKind {}
enum CartSelectedDeliveryOptionsUpdateKind: CartMutationKind {}
enum CartGiftCardCodesAddKind: CartMutationKind {}
enum CartGiftCardCodesUpdateKind: CartMutationKind {}
enum CartGiftCardCodesRemoveKind: CartMutationKind {}
