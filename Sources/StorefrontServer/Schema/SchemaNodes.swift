import Foundation
import Graphiti
import Storefront

// Values the schema serves that the models do not hold directly.

/// A `ProductVariant` with the product it belongs to (`ProductVariant.product`).
///
/// The product is held by reference: a resolver takes its source out of `Any` by copying it, once
/// for every field read of a variant, and a product copied with each would be a retain and a
/// release of every one of its many fields each time.
struct VariantNode: Hashable, Codable, Sendable, Merchandise {
    var variant: ProductVariant
    private var held: HeldProduct

    var product: Product {
        get { held.product }
        set { held = HeldProduct(newValue) }
    }

    init(variant: ProductVariant, product: Product) {
        self.variant = variant
        self.held = HeldProduct(product)
    }

    private final class HeldProduct: Sendable {
        let product: Product
        init(_ product: Product) { self.product = product }
    }

    private enum CodingKeys: String, CodingKey { case variant, product }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(variant: try container.decode(ProductVariant.self, forKey: .variant),
                  product: try container.decode(Product.self, forKey: .product))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(variant, forKey: .variant)
        try container.encode(product, forKey: .product)
    }

    static func == (a: VariantNode, b: VariantNode) -> Bool {
        a.variant == b.variant && (a.held === b.held || a.product == b.product)
    }

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
