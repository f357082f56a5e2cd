import Storefront

/// The product detail screen: option pickers resolving to a variant, a quantity bounded by stock,
/// and add to cart.
struct ProductDetailReducer: Reducer {
    struct State: Equatable {
        var productDetail: ProductDetailState?
        var loading: Set<RequestKind>
        /// The country the shopper picked (nil: the shop's own) and its name once the shop has
        /// listed its countries; read, not written back.
        var chosenCountry: String? = nil
        var countryName: String? = nil
    }

    let dependencies: AppDependencies

    func reduce(into state: inout State, action: ProductDetailAction) -> Effect<ProductDetailAction> {
        switch action {
        case .open(let product):
            state.productDetail = ProductDetailState(product: product)
            return .none
        case .openHandle(let handle):
            state.productDetail = ProductDetailState(handle: handle)
            return load(handle, &state)
        case .response(let handle, let result):
            state.loading.remove(.product(handle: handle))
            guard state.productDetail?.handle == handle else { return .none }
            switch result {
            case .success(let product?):
                state.productDetail = ProductDetailState(product: product, keepingChoicesOf: state.productDetail)
            case .success(nil):
                let wasShown = state.productDetail?.product != nil
                state.productDetail?.wentAway = wasShown
                state.productDetail?.product = nil
                state.productDetail?.notFound = true
            case .failure(let error):
                return .send(.delegate(.failed(error)))
            }
            return .none
        case .notSold(let handle, let product, let country):
            state.loading.remove(.product(handle: handle))
            guard state.productDetail?.handle == handle else { return .none }
            var detail = ProductDetailState(product: product, keepingChoicesOf: state.productDetail)
            detail.notSoldIn = country
            state.productDetail = detail
            return .none
        case .reload:
            guard let handle = state.productDetail?.handle else { return .none }
            return load(handle, &state)
        case .addToCart:
            guard let detail = state.productDetail, let product = detail.product else { return .none }
            state.productDetail?.confirmation = nil
            guard let variant = detail.selectedVariant, detail.canAddToCart else {
                return .send(.delegate(.failed(AppError(message: Self.unavailableReason(detail, product)))))
            }
            // "Added" waits for the store's answer (`added`), which says how many it took.
            return .send(.delegate(.addToCart(CartMerchandise(variant: variant, of: product), quantity: detail.quantity,
                                              sellingPlan: detail.selectedSellingPlan)))
        case .added(let outcome):
            guard let confirmation = outcome.confirmation,
                  state.productDetail?.handle == outcome.request.merchandise.productHandle else { return .none }
            state.productDetail?.confirmation = confirmation
            let clock = dependencies.clock
            return .run { send in
                try await clock.sleep(for: Self.confirmationDuration)
                await send(.confirmationExpired)
            }
            .cancellable(id: .addedConfirmation, cancelInFlight: true)
        case .confirmationExpired:
            state.productDetail?.confirmation = nil
            return .none
        case .focusOption, .selectOptionValue, .incrementQuantity, .decrementQuantity, .scrollDescription:
            state.productDetail?.apply(action)
            return .none
        case .delegate:
            return .none
        }
    }

    /// How long "Added … to your cart" stays.
    static let confirmationDuration: Duration = .seconds(4)

    /// Why `a` added nothing: everything is sold out, this choice is sold out, or no variant has it.
    static func unavailableReason(_ detail: ProductDetailState, _ product: Product) -> String {
        if let country = detail.notSoldIn { return "\(product.title) is not sold in \(country)." }
        func soldOut(_ variant: ProductVariant) -> Bool { !variant.availableForSale || (variant.quantityAvailable ?? 1) <= 0 }
        if product.variants.allSatisfy(soldOut) { return "\(product.title) is sold out." }
        guard let variant = detail.selectedVariant else {
            return "\(product.title): this combination is not available; choose another."
        }
        return product.options.isEmpty ? "\(product.title) is sold out."
            : "\(product.title): \(variant.title) is sold out; choose another."
    }

    private func load(_ handle: String, _ state: inout State) -> Effect<ProductDetailAction> {
        guard state.loading.insert(.product(handle: handle)).inserted else { return .none }
        let storefront = dependencies.storefront
        let country = state.chosenCountry, knownName = state.countryName
        return .run { send in
            let result = await Result.capture { try await storefront.product(handle: handle) }
            // Not in the shopper's market: the market may not sell it, which the shop's own tells.
            // (At start the product can load before the shop has named its countries.)
            if case .success(nil) = result, let country,
               let elsewhere = try? await storefront.inContext(.shop).product(handle: handle) {
                var name = knownName
                if name == nil { name = try? await storefront.localization().country.name }
                await send(.notSold(handle: handle, elsewhere, in: name ?? country))
                return
            }
            await send(.response(handle: handle, result))
        }
        .cancellable(id: .product(handle), cancelInFlight: true)
    }
}
