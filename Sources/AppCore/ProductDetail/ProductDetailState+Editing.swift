import Storefront

extension ProductDetailState {
    /// A fresh copy of `product` that keeps the buyer's option choices and quantity when they still fit.
    init(product: Product, keepingChoicesOf previous: ProductDetailState?) {
        self.init(product: product)
        guard let previous, previous.handle == product.handle, !previous.selectedOptions.isEmpty,
              product.variant(matching: previous.selectedOptions) != nil else { return }
        selectedOptions = previous.selectedOptions
        focusedOptionIndex = min(previous.focusedOptionIndex, max(product.options.count - 1 + (planRowIndex == nil ? 0 : 1), 0))
        if previous.selectedPlanIndex <= sellingPlans.count { selectedPlanIndex = previous.selectedPlanIndex }
        quantity = previous.quantity
        clampQuantity()
    }

    /// The picker and quantity keys.
    mutating func apply(_ action: ProductDetailAction) {
        guard let product else { return }
        // A key on this screen is the next thing the buyer does: the confirmation has been read.
        confirmation = nil
        switch action {
        case .focusOption(let delta):
            let rows = product.options.count + (planRowIndex == nil ? 0 : 1)
            guard rows > 0 else { return }
            focusedOptionIndex = min(max(focusedOptionIndex + delta, 0), rows - 1)
        case .selectOptionValue(let delta) where focusedOptionIndex == planRowIndex:
            // Once, or one of the plans; a product sold on a plan only cannot be bought once.
            let lowest = product.requiresSellingPlan ? 1 : 0
            selectedPlanIndex = min(max(selectedPlanIndex + delta, lowest), sellingPlans.count)
        case .selectOptionValue(let delta):
            guard product.options.indices.contains(focusedOptionIndex),
                  selectedOptions.indices.contains(focusedOptionIndex) else { return }
            let values = product.options[focusedOptionIndex].optionValues.map(\.name)
            guard !values.isEmpty else { return }
            let current = values.firstIndex(of: selectedOptions[focusedOptionIndex].value) ?? 0
            let next = min(max(current + delta, 0), values.count - 1)
            selectedOptions[focusedOptionIndex].value = values[next]
            clampQuantity()
        case .incrementQuantity:
            quantity += 1
            clampQuantity()
        case .decrementQuantity:
            quantity = max(quantity - 1, 1)
        case .scrollDescription(let delta, let limit):
            descriptionOffset = min(max(descriptionOffset + delta, 0), max(limit, 0))
        case .addToCart, .added, .reload, .stockRefreshed, .response, .notSold, .confirmationExpired, .open, .openHandle, .delegate:
            return
        }
    }

    /// Keeps the quantity within 1...stock of the selected variant.
    mutating func clampQuantity() {
        if let maximum = maximumQuantity { quantity = min(quantity, maximum) }
        quantity = max(quantity, 1)
    }
}
