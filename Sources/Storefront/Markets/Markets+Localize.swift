import Foundation
import StorefrontModels

/// The catalog's models as a buyer in one country and language sees them.
extension Markets {
    public func localize(_ product: Product, _ context: BuyerContext) -> Product {
        let market = market(for: context.country)
        let translation = translations[language(context)]?[product.handle]
        guard market != home || translation != nil else { return product }
        var variants = product.variants
        if market != home {
            let sold = market.sells(product.handle)
            for i in variants.indices {
                (variants[i].price, variants[i].compareAtPrice) = Self.prices(of: variants[i], handle: product.handle, in: market)
                if !sold { variants[i].availableForSale = false }
            }
        }
        return Product(id: product.id, handle: product.handle, title: translation?.title ?? product.title,
                       description: translation?.description ?? product.description, vendor: product.vendor,
                       productType: product.productType, tags: product.tags, createdAt: product.createdAt,
                       updatedAt: product.updatedAt, options: product.options, variants: variants, images: product.images,
                       sellingPlanGroups: product.sellingPlanGroups, requiresSellingPlan: product.requiresSellingPlan)
    }

    /// A variant's price and compare-at price as a buyer in `context` sees them: what
    /// `localize(product, context)` gives the variant, without localizing the rest of its product.
    public func prices(of variant: ProductVariant, handle: String, _ context: BuyerContext) -> (price: Money, compareAtPrice: Money?) {
        let market = market(for: context.country)
        guard market != home else { return (variant.price, variant.compareAtPrice) }
        return Self.prices(of: variant, handle: handle, in: market)
    }

    private static func prices(of variant: ProductVariant, handle: String, in market: Market) -> (price: Money, compareAtPrice: Money?) {
        let price = market.price(of: variant, handle: handle)
        // A compare-at price that rounding brought level with the price is no longer a sale.
        let compareAtPrice = variant.compareAtPrice.map(market.price).flatMap { $0 <= price ? nil : $0 }
        return (price, compareAtPrice)
    }

    public func localize(_ collection: Collection, _ context: BuyerContext) -> Collection {
        var collection = collection
        collection.productsPreview = collection.productsPreview.filter { sells($0, context) }.map { localize($0, context) }
        return collection
    }

    /// Whether the buyer's market sells the product (the shop's own sells everything).
    public func sells(_ product: Product, _ context: BuyerContext) -> Bool {
        market(for: context.country).sells(product.handle)
    }

    /// A page of products as the buyer's market lists them: the ones it sells, localized.
    public func localize(_ page: Page<Product>, _ context: BuyerContext) -> Page<Product> {
        Page(edges: page.edges.filter { sells($0.node, context) }.map { Edge(cursor: $0.cursor, node: localize($0.node, context)) },
             pageInfo: page.pageInfo)
    }

    public func localize<Node>(_ page: Page<Node>, _ transform: (Node) -> Node) -> Page<Node> {
        Page(edges: page.edges.map { Edge(cursor: $0.cursor, node: transform($0.node)) }, pageInfo: page.pageInfo)
    }

    /// A cart's text in the buyer's language; its prices are its own country's already.
    public func localize(_ payload: CartPayload, _ context: BuyerContext) -> CartPayload {
        var payload = payload
        payload.cart = payload.cart.map { localize($0, context) }
        return payload
    }

    public func localize(_ cart: Cart, _ context: BuyerContext) -> Cart {
        guard let titles = translations[language(context)] else { return cart }
        var cart = cart
        for i in cart.lines.indices {
            if let title = titles[cart.lines[i].merchandise.productHandle]?.title { cart.lines[i].merchandise.productTitle = title }
        }
        return cart
    }
}
