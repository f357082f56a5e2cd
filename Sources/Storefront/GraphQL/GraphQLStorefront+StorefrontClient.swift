import Foundation
import StorefrontModels

// The StorefrontClient requests: variables in (with the request's `@inContext`), wire shapes
// decoded, models out.
extension GraphQLStorefront {
    public func query(_ request: StorefrontQuery) async throws -> StorefrontAnswer {
        let context = request.context
        switch request.read {
        case .shop:
            return .shop(try await execute(.shop, as: ShopData.self, context: context).value.shop.model)
        case .collections(let page, let sortKey, let preview):
            var variables = try Self.pageVariables(page)
            variables["sortKey"] = .string(sortKey.rawValue)
            variables["preview"] = .int(try Self.pageSize(preview, name: "productPreview"))
            return .collections(try await execute(.collections, variables: variables, as: CollectionsData.self, context: context)
                .value.collections.page(\.model))
        case .collection(let handle):
            let variables: [String: GraphQLValue] = ["handle": .string(handle), "preview": .int(configuration.collectionPreviewSize)]
            return .collection(try await execute(.collection, variables: variables, as: CollectionData.self, context: context)
                .value.collection?.model)
        case .collectionProducts(let handle, let page, let sortKey, let reverse):
            var variables = try Self.pageVariables(page)
            variables["handle"] = .string(handle)
            variables["sortKey"] = .string(sortKey.rawValue)
            variables["reverse"] = .bool(reverse)
            let data = try await execute(.collectionProducts, variables: variables, as: CollectionProductsData.self, context: context).value
            // A collection that does not exist has no products: an empty page.
            return .products(data.collection?.products.page(\.model) ?? .empty)
        case .products(let page, let query, let sortKey, let reverse):
            var variables = try Self.pageVariables(page)
            variables["query"] = .optional(query)
            variables["sortKey"] = .string(sortKey.rawValue)
            variables["reverse"] = .bool(reverse)
            return .products(try await execute(.products, variables: variables, as: ProductsData.self, context: context)
                .value.products.page(\.model))
        case .productByHandle(let handle):
            return .product(try await execute(.product, variables: ["handle": .string(handle)], as: ProductData.self, context: context)
                .value.product?.model)
        case .productById(let id):
            return .product(try await execute(.product, variables: ["id": .string(id)], as: ProductData.self, context: context)
                .value.product?.model)
        case .productRecommendations(let productId):
            let data = try await execute(.productRecommendations, variables: ["productId": .string(productId)],
                                         as: RecommendationsData.self, context: context).value
            return .productList(data.productRecommendations?.map(\.model) ?? [])
        case .search(let query, let page):
            return .products(try await search(query: query, page: page, context: context))
        case .predictiveSearch(let query, let limit):
            let variables: [String: GraphQLValue] = ["query": .string(query), "limit": .int(limit)]
            return .productList(try await execute(.predictiveSearch, variables: variables, as: PredictiveSearchData.self, context: context)
                .value.predictiveSearch?.products.map(\.model) ?? [])
        case .cart(let id):
            return .cart(try await execute(.cart, variables: ["id": .string(id)], as: CartData.self, context: context).value.cart?.model)
        case .localization:
            return .localization(try await execute(.localization, as: LocalizationData.self, context: context).value.localization.model)
        case .metafields:
            // The app's client asks for no metafields: a product has none here.
            return .metafields([])
        case .filteredCollectionProducts, .filteredSearch, .collectionSearch:
            // Listings with counts and filters are what `serve` answers; the app never asks the API for them.
            throw request.notAnswered
        }
    }

    private func search(query: String, page: PageArguments, context: BuyerContext?) async throws -> Page<Product> {
        var variables = try Self.pageVariables(page)
        variables["query"] = .string(query)
        do {
            return try await execute(.search, variables: variables, as: SearchData.self, context: context).value.search.page(\.model)
        } catch StorefrontError.graphQL(let errors) {
            // A query that does not parse, and the server said where: the same error as the embedded store's.
            if let error = errors.first(where: { $0.searchPosition != nil }), let position = error.searchPosition {
                throw StorefrontError.invalidSearch(SearchSyntaxError(position: position, message: error.searchReason ?? error.message,
                                                                      query: query))
            }
            throw StorefrontError.graphQL(errors)
        }
    }

    // MARK: Cart

    public func mutate(_ mutation: CartMutation) async throws -> CartPayload {
        let context = mutation.context
        switch mutation.change {
        case .create(let input):
            var fields: [String: GraphQLValue] = [
                "lines": .list(input.lines.map(Self.lineInput)),
                "discountCodes": .list(input.discountCodes.map(GraphQLValue.string)),
                "attributes": .list(input.attributes.map(Self.attributeInput)),
            ]
            if let buyer = input.buyerIdentity { fields["buyerIdentity"] = Self.buyerIdentityInput(buyer) }
            if let note = input.note { fields["note"] = .string(note) }
            var payload = try await mutate(.cartCreate, ["input": .object(fields)], context: context)
            payload.cart?.buyerIdentity.customerAccessToken = input.buyerIdentity?.customerAccessToken
            // A new cart held nothing before: all it holds of the lines was added.
            if let cart = payload.cart { payload.unitsAdded = CartPayload.gained(by: input.lines, before: nil, after: cart) }
            return payload
        case .linesAdd(let cartId, let lines):
            // The API answers the cart after the add, not what the add did: `StorefrontClient.addLines`
            // counts that against the cart as read just before.
            return try await mutate(.cartLinesAdd, ["cartId": .string(cartId), "lines": .list(lines.map(Self.lineInput))],
                                    context: context)
        case .linesUpdate(let cartId, let lines):
            let inputs = lines.map { line -> GraphQLValue in
                var fields: [String: GraphQLValue] = ["id": .string(line.id)]
                if let quantity = line.quantity { fields["quantity"] = .int(quantity) }
                if let merchandiseId = line.merchandiseId { fields["merchandiseId"] = .string(merchandiseId) }
                if let attributes = line.attributes { fields["attributes"] = .list(attributes.map(Self.attributeInput)) }
                if let plan = line.sellingPlanId { fields["sellingPlanId"] = .string(plan) }
                return .object(fields)
            }
            return try await mutate(.cartLinesUpdate, ["cartId": .string(cartId), "lines": .list(inputs)], context: context)
        case .linesRemove(let cartId, let lineIds):
            return try await mutate(.cartLinesRemove, ["cartId": .string(cartId), "lineIds": .list(lineIds.map(GraphQLValue.string))],
                                    context: context)
        case .buyerIdentityUpdate(let cartId, let buyerIdentity):
            // The customer access token is write-only in the API; the returned cart keeps the one sent.
            var payload = try await mutate(.cartBuyerIdentityUpdate,
                                           ["cartId": .string(cartId), "buyerIdentity": Self.buyerIdentityInput(buyerIdentity)],
                                           context: context)
            payload.cart?.buyerIdentity.customerAccessToken = buyerIdentity.customerAccessToken
            return payload
        case .discountCodesUpdate(let cartId, let discountCodes):
            return try await mutate(.cartDiscountCodesUpdate,
                                    ["cartId": .string(cartId), "discountCodes": .list(discountCodes.map(GraphQLValue.string))],
                                    context: context)
        case .noteUpdate(let cartId, let note):
            return try await mutate(.cartNoteUpdate, ["cartId": .string(cartId), "note": .string(note)], context: context)
        case .attributesUpdate, .deliveryAddressesAdd, .deliveryAddressesUpdate, .deliveryAddressesRemove, .deliveryAddressesReplace,
             .selectedDeliveryOptionsUpdate, .giftCardCodesAdd, .giftCardCodesUpdate, .giftCardCodesRemove:
            // The app itself never sends these, and this client has no documents for them.
            throw mutation.notTaken
        }
    }

    // MARK: Helpers

    private func mutate(_ operation: StorefrontOperation, _ variables: [String: GraphQLValue],
                        context: BuyerContext?) async throws -> CartPayload {
        let data = try await execute(operation, variables: variables, as: [String: WireCartPayload].self, context: context).value
        guard let payload = data[operation.name.prefix(1).lowercased() + operation.name.dropFirst()] else {
            throw StorefrontError.decoding(path: "data", message: "no \(operation.name) payload")
        }
        return payload.model
    }

    /// `first`/`after` or `last`/`before`, checked the way the API checks them.
    static func pageVariables(_ page: PageArguments) throws -> [String: GraphQLValue] {
        if page.first != nil && page.last != nil {
            throw StorefrontError.invalidArgument("Pass either first or last, not both.")
        }
        if page.first == nil && page.last == nil {
            throw StorefrontError.invalidArgument("Pass first or last to page through a connection.")
        }
        return [
            "first": .optional(try page.first.map { try pageSize($0, name: "first") }),
            "after": .optional(page.after),
            "last": .optional(try page.last.map { try pageSize($0, name: "last") }),
            "before": .optional(page.before),
        ]
    }

    static func pageSize(_ size: Int, name: String) throws -> Int {
        guard (0...PageArguments.maximumPageSize).contains(size) else {
            throw StorefrontError.invalidArgument("\(name) must be between 0 and \(PageArguments.maximumPageSize), not \(size).")
        }
        return size
    }

    static func lineInput(_ line: CartLineInput) -> GraphQLValue {
        var fields: [String: GraphQLValue] = ["merchandiseId": .string(line.merchandiseId), "quantity": .int(line.quantity),
                                              "attributes": .list(line.attributes.map(attributeInput))]
        if let plan = line.sellingPlanId { fields["sellingPlanId"] = .string(plan) }
        return .object(fields)
    }

    /// `AttributeInput.value` is required: an attribute without a value is sent as "".
    static func attributeInput(_ attribute: Attribute) -> GraphQLValue {
        ["key": .string(attribute.key), "value": .string(attribute.value ?? "")]
    }

    static func buyerIdentityInput(_ buyer: BuyerIdentity) -> GraphQLValue {
        var fields: [String: GraphQLValue] = [:]
        if let email = buyer.email { fields["email"] = .string(email) }
        if let phone = buyer.phone { fields["phone"] = .string(phone) }
        if let countryCode = buyer.countryCode { fields["countryCode"] = .string(countryCode) }
        if let token = buyer.customerAccessToken { fields["customerAccessToken"] = .string(token) }
        return .object(fields)
    }
}

// The `data` of each query, as its document selects it.
private struct ShopData: Decodable, Sendable { var shop: WireShop }
private struct CollectionsData: Decodable, Sendable { var collections: WireConnection<WireCollection> }
private struct CollectionData: Decodable, Sendable { var collection: WireCollection? }
private struct CollectionProductsData: Decodable, Sendable {
    struct Products: Decodable, Sendable { var products: WireConnection<WireProduct> }
    var collection: Products?
}
private struct ProductsData: Decodable, Sendable { var products: WireConnection<WireProduct> }
private struct ProductData: Decodable, Sendable { var product: WireProduct? }
private struct RecommendationsData: Decodable, Sendable { var productRecommendations: [WireProduct]? }
private struct SearchData: Decodable, Sendable { var search: WireConnection<WireProduct> }
private struct PredictiveSearchData: Decodable, Sendable {
    struct Result: Decodable, Sendable { var products: [WireProduct] }
    var predictiveSearch: Result?
}
private struct CartData: Decodable, Sendable { var cart: WireCart? }
