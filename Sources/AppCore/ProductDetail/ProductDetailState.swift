import Storefront

/// The product detail screen: the product, the option values picked (one per option, in the
/// product's option order) and the quantity to add.
public struct ProductDetailState: Hashable, Sendable {
    public var handle: String
    /// nil while loading, or when no product has this handle (`notFound`).
    public var product: Product?
    public var notFound: Bool
    /// Not found after it was shown here: it went away (else the shop never had this handle).
    public var wentAway = false
    /// One value per option of the product, in the product's option order.
    public var selectedOptions: [SelectedOption]
    /// The option row that ←/→ changes (↑/↓ moves between rows).
    public var focusedOptionIndex: Int
    /// At least 1; at most the selected variant's stock when the shop tracks it.
    public var quantity: Int
    /// The first description line shown (the description scrolls when it is longer than the screen).
    public var descriptionOffset = 0
    /// "Added 2 × … to your cart", until the next key on this screen or a few seconds pass.
    public var confirmation: String?
    /// The shopper's country when it does not sell this product ("Japan"): `product` is then the
    /// shop's own, shown for what it is, and cannot be added.
    public var notSoldIn: String?
    /// The product is being read (opened by its handle, or again in a new market).
    public var isLoading = false
    /// The purchase row: 0 buys once, k the product's k-th selling plan (a subscription).
    public var selectedPlanIndex = 0

    public init(handle: String, product: Product? = nil, notFound: Bool = false,
                selectedOptions: [SelectedOption] = [], focusedOptionIndex: Int = 0, quantity: Int = 1) {
        self.handle = handle; self.product = product; self.notFound = notFound
        self.selectedOptions = selectedOptions; self.focusedOptionIndex = focusedOptionIndex; self.quantity = quantity
    }

    /// A detail state for a loaded product, with the first available variant selected.
    public init(product: Product) {
        self.init(handle: product.handle, product: product)
        let variant = product.variants.first { $0.availableForSale } ?? product.variants.first
        selectedOptions = product.options.map { option in
            let value = variant?.selectedOptions.first { $0.name == option.name }?.value
                ?? option.optionValues.first?.name ?? ""
            return SelectedOption(name: option.name, value: value)
        }
        // A product sold on a plan only starts on its first plan.
        selectedPlanIndex = product.requiresSellingPlan && !sellingPlans.isEmpty ? 1 : 0
    }

    /// The product's selling plans (subscriptions), in the order of their groups.
    public var sellingPlans: [SellingPlan] { product?.sellingPlanGroups.flatMap(\.sellingPlans) ?? [] }

    /// The plan the purchase row names; nil buys once.
    public var selectedSellingPlan: SellingPlan? {
        let plans = sellingPlans
        return plans.indices.contains(selectedPlanIndex - 1) ? plans[selectedPlanIndex - 1] : nil
    }

    /// The row of the purchase choice (after the options), when the product has plans.
    public var planRowIndex: Int? { sellingPlans.isEmpty ? nil : product?.options.count }

    /// The selected variant's price per unit as the shop sells it on the chosen plan (or once).
    public var unitPrice: Money? {
        guard let price = selectedVariant?.price else { return nil }
        return selectedSellingPlan?.price(of: price) ?? price
    }

    /// The variant the picked option values resolve to; nil when no variant has that combination.
    public var selectedVariant: ProductVariant? {
        guard let product else { return nil }
        if product.options.isEmpty { return product.variants.first }
        return product.variant(matching: selectedOptions)
    }

    /// The most the buyer may add of the selected variant, nil when stock is not tracked.
    public var maximumQuantity: Int? { selectedVariant?.quantityAvailable.map { max($0, 1) } }

    /// True when the selected variant exists and can be bought.
    public var canAddToCart: Bool {
        guard notSoldIn == nil, let variant = selectedVariant, variant.availableForSale else { return false }
        return (variant.quantityAvailable ?? 1) > 0
    }
}
