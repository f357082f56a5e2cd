import Foundation
import StorefrontCatalog
import StorefrontModels

/// The embedded shop's answers to `query` and `mutate`, in the request's market.
///
/// A buyer in another country and language sees every product priced in that market's currency,
/// and in the buyer's language where the catalog has a translation. A product the market does not
/// sell is not there at all, as the Storefront API leaves a product out of a market it is not
/// published to: missing from lists and search, and `product(handle:)` answers null. Carts are
/// priced in their own country (`buyerIdentity.countryCode`): a new cart takes the buyer's, as
/// `@inContext` does on `cartCreate`. A request without a market asks in the shop's own.
extension EmbeddedStorefront {
    public nonisolated func query(_ request: StorefrontQuery) async throws -> StorefrontAnswer {
        // While the catalog is being read, its index answers what it can; the rest waits for it.
        if source.isReading, let index = source.index {
            do {
                if let answer = try answerFromIndex(request, index) {
                    // The first screen (the collections) is answered: the catalog is read for what
                    // comes next once that screen is drawn, so the two do not share the cores
                    // (anything that needs the catalog sooner starts the reading then).
                    if case .collections = request.read { source.startReading(after: CatalogSource.readingDelay) }
                    return answer
                }
            } catch let error as StorefrontError {
                throw error
            } catch {
                // An index that fails to read: the catalog answers once it is read.
            }
        }
        let markets = try await source.loaded().markets
        let view = MarketView(markets: markets, context: request.context ?? .shop)
        let context = view.context, inMarket = view.inMarket
        func local(_ product: Product) -> Product { view.local(product) }
        func sold(_ product: Product) -> Product? { view.sold(product) }
        func local(_ collection: Collection) -> Collection { view.local(collection) }

        switch request.read {
        case .shop:
            return .shop(try await shop())
        case .collections(let page, let sortKey, let preview):
            let collections = try await collections(page, sortKey: sortKey, productPreview: preview)
            return .collections(inMarket ? markets.localize(collections, local) : collections)
        case .collection(let handle):
            return .collection(try await collection(handle: handle).map(local))
        case .collectionProducts(let handle, let page, let sortKey, let reverse):
            // A market's own list (what it sells), so a page is full and its cursors are the ones serve gives.
            guard inMarket else { return .products(try await collectionProducts(handle: handle, page: page, sortKey: sortKey, reverse: reverse)) }
            return .products(try collectionListing(handle: handle, page: page, sortKey: sortKey, reverse: reverse, filters: [],
                                                   context: context).map(local).page)
        case .products(let page, let query, let sortKey, let reverse):
            let products = try await products(page, query: query, sortKey: sortKey, reverse: reverse)
            return .products(inMarket ? markets.localize(products, context) : products)
        case .productByHandle(let handle):
            return .product(try await product(handle: handle).flatMap(sold))
        case .productById(let id):
            return .product(try await product(id: id).flatMap(sold))
        case .productRecommendations(let productId):
            return .productList(try await productRecommendations(productId: productId).compactMap(sold))
        case .search(let query, let page):
            guard inMarket else { return .products(try await search(query: query, page: page)) }
            return .products(try searchListing(query: query, page: page, sortKey: .relevance, reverse: false, unavailableProducts: .show,
                                               filters: [], context: context).map(local).page)
        case .predictiveSearch(let query, let limit):
            return .productList(try await predictiveSearch(query: query, limit: limit).compactMap(sold))
        case .filteredCollectionProducts(let handle, let page, let sortKey, let reverse, let filters):
            let listing = try collectionListing(handle: handle, page: page, sortKey: sortKey, reverse: reverse, filters: filters,
                                                context: context)
            return .productListing(inMarket ? listing.map(local) : listing)
        case .filteredSearch(let query, let page, let sortKey, let reverse, let unavailableProducts, let filters):
            let listing = try searchListing(query: query, page: page, sortKey: sortKey, reverse: reverse,
                                            unavailableProducts: unavailableProducts, filters: filters, context: context)
            return .productListing(inMarket ? listing.map(local) : listing)
        case .collectionSearch(let page, let query, let sortKey, let reverse):
            let listing = try await collections(page, query: query, sortKey: sortKey, reverse: reverse)
            return .collectionListing(inMarket ? listing.map(local) : listing)
        case .cart(let id):
            return .cart(try await cart(id: id).map { inMarket ? markets.localize($0, context) : $0 })
        case .localization:
            return .localization(markets.localization(context))
        case .metafields(let ownerId):
            return .metafields(try await metafields(ownerId: ownerId))
        }
    }

    public nonisolated func mutate(_ mutation: CartMutation) async throws -> CartPayload {
        // Carts are priced by the catalog: a change waits until it is read.
        _ = try await source.loaded()
        let context = mutation.context ?? .shop
        let payload: CartPayload
        switch mutation.change {
        case .create(var input):
            if let country = context.country, input.buyerIdentity?.countryCode == nil {
                input.buyerIdentity = input.buyerIdentity ?? BuyerIdentity()
                input.buyerIdentity?.countryCode = country
            }
            payload = try await cartCreate(input)
        case .linesAdd(let cartId, let lines): payload = try await cartLinesAdd(cartId: cartId, lines: lines)
        case .linesUpdate(let cartId, let lines): payload = try await cartLinesUpdate(cartId: cartId, lines: lines)
        case .linesRemove(let cartId, let lineIds): payload = try await cartLinesRemove(cartId: cartId, lineIds: lineIds)
        case .buyerIdentityUpdate(let cartId, let identity):
            payload = try await cartBuyerIdentityUpdate(cartId: cartId, buyerIdentity: identity)
        case .discountCodesUpdate(let cartId, let codes): payload = try await cartDiscountCodesUpdate(cartId: cartId, discountCodes: codes)
        case .noteUpdate(let cartId, let note): payload = try await cartNoteUpdate(cartId: cartId, note: note)
        case .attributesUpdate(let cartId, let attributes): payload = try await cartAttributesUpdate(cartId: cartId, attributes: attributes)
        case .deliveryAddressesAdd(let cartId, let addresses):
            payload = try await cartDeliveryAddressesAdd(cartId: cartId, addresses: addresses)
        case .deliveryAddressesUpdate(let cartId, let addresses):
            payload = try await cartDeliveryAddressesUpdate(cartId: cartId, addresses: addresses)
        case .deliveryAddressesRemove(let cartId, let addressIds):
            payload = try await cartDeliveryAddressesRemove(cartId: cartId, addressIds: addressIds)
        case .deliveryAddressesReplace(let cartId, let addresses):
            payload = try await cartDeliveryAddressesReplace(cartId: cartId, addresses: addresses)
        case .selectedDeliveryOptionsUpdate(let cartId, let options):
            payload = try await cartSelectedDeliveryOptionsUpdate(cartId: cartId, options: options)
        case .giftCardCodesAdd(let cartId, let codes): payload = try await cartGiftCardCodesAdd(cartId: cartId, giftCardCodes: codes)
        case .giftCardCodesUpdate(let cartId, let codes): payload = try await cartGiftCardCodesUpdate(cartId: cartId, giftCardCodes: codes)
        case .giftCardCodesRemove(let cartId, let ids): payload = try await cartGiftCardCodesRemove(cartId: cartId, appliedGiftCardIds: ids)
        }
        return context == .shop ? payload : catalog.markets.localize(payload, context)
    }

    // Metafields are text: the same in every market.
    public nonisolated func mutate(_ mutation: CartMetafieldMutation) async throws -> CartMetafieldAnswer {
        _ = try await source.loaded()
        return switch mutation {
        case .set(let metafields): .set(try await cartMetafieldsSet(metafields))
        case .delete(let ownerId, let key): .deleted(try await cartMetafieldDelete(ownerId: ownerId, key: key))
        }
    }
}
