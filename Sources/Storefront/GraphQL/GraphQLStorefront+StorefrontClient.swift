import Foundation
import StorefrontModels

// The StorefrontClient methods: variables in, wire shapes decoded, models out.
extension GraphQLStorefront {
    public func shop() async throws -> Shop {
        try await execute(.shop, as: ShopData.self).value.shop.model
    }

    public func collections(_ page: PageArguments, sortKey: CollectionSortKeys, productPreview: Int) async throws -> Page<Collection> {
        var variables = try Self.pageVariables(page)
        variables["sortKey"] = .string(sortKey.rawValue)
        variables["preview"] = .int(try Self.pageSize(productPreview, name: "productPreview"))
        return try await execute(.collections, variables: variables, as: CollectionsData.self).value.collections.page(\.model)
    }

    public func collection(handle: String) async throws -> Collection? {
        let variables: [String: GraphQLValue] = ["handle": .string(handle), "preview": .int(configuration.collectionPreviewSize)]
        return try await execute(.collection, variables: variables, as: CollectionData.self).value.collection?.model
    }

    /// A collection that does not exist has no products: an empty page.
    public func collectionProducts(handle: String, page: PageArguments, sortKey: ProductCollectionSortKeys,
                                   reverse: Bool) async throws -> Page<Product> {
        var variables = try Self.pageVariables(page)
        variables["handle"] = .string(handle)
        variables["sortKey"] = .string(sortKey.rawValue)
        variables["reverse"] = .bool(reverse)
        let data = try await execute(.collectionProducts, variables: variables, as: CollectionProductsData.self).value
        return data.collection?.products.page(\.model) ?? .empty
    }

    public func products(_ page: PageArguments, query: String?, sortKey: ProductSortKeys, reverse: Bool) async throws -> Page<Product> {
        var variables = try Self.pageVariables(page)
        variables["query"] = .optional(query)
        variables["sortKey"] = .string(sortKey.rawValue)
        variables["reverse"] = .bool(reverse)
        return try await execute(.products, variables: variables, as: ProductsData.self).value.products.page(\.model)
    }

    public func product(handle: String) async throws -> Product? {
        try await execute(.product, variables: ["handle": .string(handle)], as: ProductData.self).value.product?.model
    }

    public func product(id: String) async throws -> Product? {
        try await execute(.product, variables: ["id": .string(id)], as: ProductData.self).value.product?.model
    }

    public func productRecommendations(productId: String) async throws -> [Product] {
        let data = try await execute(.productRecommendations, variables: ["productId": .string(productId)],
                                     as: RecommendationsData.self).value
        return data.productRecommendations?.map(\.model) ?? []
    }

    public func search(query: String, page: PageArguments) async throws -> Page<Product> {
        var variables = try Self.pageVariables(page)
        variables["query"] = .string(query)
        do {
            return try await execute(.search, variables: variables, as: SearchData.self).value.search.page(\.model)
        } catch StorefrontError.graphQL(let errors) {
            // A query that does not parse, and the server said where: the same error as the embedded store's.
            if let error = errors.first(where: { $0.searchPosition != nil }), let position = error.searchPosition {
                throw StorefrontError.invalidSearch(SearchSyntaxError(position: position, message: error.searchReason ?? error.message,
                                                                      query: query))
            }
            throw StorefrontError.graphQL(errors)
        }
    }

    public func predictiveSearch(query: String, limit: Int) async throws -> [Product] {
        let variables: [String: GraphQLValue] = ["query": .string(query), "limit": .int(limit)]
        return try await execute(.predictiveSearch, variables: variables, as: PredictiveSearchData.self)
            .value.predictiveSearch?.products.map(\.model) ?? []
    }

    // MARK: Cart

    public func cart(id: String) async throws -> Cart? {
        try await execute(.cart, variables: ["id": .string(id)], as: CartData.self).value.cart?.model
    }

    public func cartCreate(_ input: CartInput) async throws -> CartPayload {
        var fields: [String: GraphQLValue] = [
            "lines": .list(input.lines.map(Self.lineInput)),
            "discountCodes": .list(input.discountCodes.map(GraphQLValue.string)),
            "attributes": .list(input.attributes.map(Self.attributeInput)),
        ]
        if let buyer = input.buyerIdentity { fields["buyerIdentity"] = Self.buyerIdentityInput(buyer) }
        if let note = input.note { fields["note"] = .string(note) }
        var payload = try await mutate(.cartCreate, ["input": .object(fields)])
        payload.cart?.buyerIdentity.customerAccessToken = input.buyerIdentity?.customerAccessToken
        // A new cart held nothing before: all it holds of the lines was added.
        if let cart = payload.cart { payload.unitsAdded = CartPayload.gained(by: input.lines, before: nil, after: cart) }
        return payload
    }

    /// The API answers the cart after the add, not what the add did: `StorefrontClient.addLines`
    /// counts that against the cart as read just before.
    public func cartLinesAdd(cartId: String, lines: [CartLineInput]) async throws -> CartPayload {
        try await mutate(.cartLinesAdd, ["cartId": .string(cartId), "lines": .list(lines.map(Self.lineInput))])
    }

    public func cartLinesUpdate(cartId: String, lines: [CartLineUpdateInput]) async throws -> CartPayload {
        let inputs = lines.map { line -> GraphQLValue in
            var fields: [String: GraphQLValue] = ["id": .string(line.id)]
            if let quantity = line.quantity { fields["quantity"] = .int(quantity) }
            if let merchandiseId = line.merchandiseId { fields["merchandiseId"] = .string(merchandiseId) }
            if let attributes = line.attributes { fields["attributes"] = .list(attributes.map(Self.attributeInput)) }
            if let plan = line.sellingPlanId { fields["sellingPlanId"] = .string(plan) }
            return .object(fields)
        }
        return try await mutate(.cartLinesUpdate, ["cartId": .string(cartId), "lines": .list(inputs)])
    }

    public func cartLinesRemove(cartId: String, lineIds: [String]) async throws -> CartPayload {
        try await mutate(.cartLinesRemove, ["cartId": .string(cartId), "lineIds": .list(lineIds.map(GraphQLValue.string))])
    }

    /// The customer access token is write-only in the API; the returned cart keeps the one sent.
    public func cartBuyerIdentityUpdate(cartId: String, buyerIdentity: BuyerIdentity) async throws -> CartPayload {
        var payload = try await mutate(.cartBuyerIdentityUpdate,
                                       ["cartId": .string(cartId), "buyerIdentity": Self.buyerIdentityInput(buyerIdentity)])
        payload.cart?.buyerIdentity.customerAccessToken = buyerIdentity.customerAccessToken
        return payload
    }

    public func cartDiscountCodesUpdate(cartId: String, discountCodes: [String]) async throws -> CartPayload {
        try await mutate(.cartDiscountCodesUpdate,
                         ["cartId": .string(cartId), "discountCodes": .list(discountCodes.map(GraphQLValue.string))])
    }

    public func cartNoteUpdate(cartId: String, note: String) async throws -> CartPayload {
        try await mutate(.cartNoteUpdate, ["cartId": .string(cartId), "note": .string(note)])
    }

    // MARK: Helpers

    private func mutate(_ operation: StorefrontOperation, _ variables: [String: GraphQLValue]) async throws -> CartPayload {
        let data = try await execute(operation, variables: variables, as: [String: WireCartPayload].self).value
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
