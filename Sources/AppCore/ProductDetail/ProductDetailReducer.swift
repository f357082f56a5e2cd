import Storefront

/// The product detail screen, on its own page's state where it sits on the stack: option pickers
/// resolving to a variant, a quantity bounded by stock, and add to cart.
struct ProductDetailReducer: Reducer {
    let dependencies: AppDependencies
    /// The country the shopper picked (nil: the shop's own) and its name once the shop has listed
    /// its countries: read from the app, for a product the market does not sell.
    var chosenCountry: String? = nil
    var countryName: String? = nil

    func reduce(into state: inout ProductDetailState, action: ProductDetailAction) -> Effect<ProductDetailAction> {
        switch action {
        case .open(let product):
            state = ProductDetailState(product: product)
            return .none
        case .openHandle(let handle):
            state = ProductDetailState(handle: handle)
            return load(handle, &state)
        case .response(let handle, let result):
            guard state.handle == handle else { return .none }
            state.isLoading = false
            switch result {
            case .success(let product?):
                state = ProductDetailState(product: product, keepingChoicesOf: state)
            case .success(nil):
                let wasShown = state.product != nil
                state.wentAway = wasShown
                state.product = nil
                state.notFound = true
            case .failure(let error):
                return .send(.delegate(.failed(error)))
            }
            return .none
        case .notSold(let handle, let product, let country):
            guard state.handle == handle else { return .none }
            var detail = ProductDetailState(product: product, keepingChoicesOf: state)
            detail.notSoldIn = country
            state = detail
            return .none
        case .reload:
            return load(state.handle, &state)
        case .stockRefreshed(let product):
            guard state.product?.id == product.id else { return .none }
            state = ProductDetailState(product: product, keepingChoicesOf: state)
            return .none
        case .addToCart:
            let detail = state
            guard let product = detail.product else { return .none }
            state.confirmation = nil
            guard let variant = detail.selectedVariant, detail.canAddToCart else {
                return .send(.delegate(.failed(AppError(message: Self.unavailableReason(detail, product)))))
            }
            // "Added" waits for the store's answer (`added`), which says how many it took.
            return .send(.delegate(.addToCart(CartMerchandise(variant: variant, of: product), quantity: detail.quantity,
                                              sellingPlan: detail.selectedSellingPlan)))
        case .added(let outcome):
            guard let confirmation = outcome.confirmation,
                  state.handle == outcome.request.merchandise.productHandle else { return .none }
            state.confirmation = confirmation
            let clock = dependencies.clock
            return .run { send in
                try await clock.sleep(for: Self.confirmationDuration)
                await send(.confirmationExpired)
            }
            .cancellable(id: .addedConfirmation, cancelInFlight: true)
        case .confirmationExpired:
            state.confirmation = nil
            return .none
        case .focusOption, .selectOptionValue, .incrementQuantity, .decrementQuantity, .scrollDescription:
            state.apply(action)
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

    private func load(_ handle: String, _ state: inout ProductDetailState) -> Effect<ProductDetailAction> {
        guard !state.isLoading else { return .none }
        state.isLoading = true
        let storefront = dependencies.storefront
        let country = chosenCountry, knownName = countryName
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

extension EffectID {
    static func product(_ handle: String) -> EffectID { EffectID("product", handle) }
    /// The timer that takes the product page's "Added … to your cart" away (`EffectID.lasting`).
    static let addedConfirmation = EffectID("product.added")
}
