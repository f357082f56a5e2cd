import Storefront

/// One add to the cart as asked for: the merchandise and how many.
public struct CartAddRequest: Hashable, Sendable {
    public var merchandise: CartMerchandise
    public var quantity: Int
    /// The subscription to buy it on; nil buys it once.
    public var sellingPlan: SellingPlan?

    public init(_ merchandise: CartMerchandise, quantity: Int, sellingPlan: SellingPlan? = nil) {
        self.merchandise = merchandise
        self.quantity = quantity
        self.sellingPlan = sellingPlan
    }

    var line: CartLineInput { CartLineInput(merchandiseId: merchandise.id, quantity: quantity, sellingPlanId: sellingPlan?.id) }
}

/// What an add did, as the store's answer shows it: how many units the cart gained, and why that
/// is fewer than asked when it is. Only this, never the request, says "Added".
public struct CartAddOutcome: Hashable, Sendable {
    public var request: CartAddRequest
    /// Units of the merchandise the store's cart holds now beyond what it held before the add.
    public var added: Int
    /// The store's reason when fewer were added than asked (a stock limit, a refusal, a failure).
    public var reason: String?

    public init(request: CartAddRequest, added: Int, reason: String? = nil) {
        self.request = request
        self.added = added
        self.reason = reason
    }

    /// "Dot-Grid Notebook A5" or "House Espresso Blend (1 kg / Espresso)".
    public var label: String {
        let merchandise = request.merchandise
        let choice = merchandise.selectedOptions.isEmpty || merchandise.title == "Default Title" ? "" : " (\(merchandise.title))"
        return merchandise.productTitle + choice
    }

    /// The line for the product screen once something was added: "Added 2 × … to your cart.", or
    /// with fewer than asked, how many and why. Nil when nothing was added.
    public var confirmation: String? {
        guard added > 0 else { return nil }
        // A subscription says so first, where a narrow column still shows it: the line is
        // delivered again and again, not bought once.
        let plan = request.sellingPlan.map { ", \($0.cadence)," } ?? ""
        let base = "Added\(plan) \(added) × \(label) to your cart"
        guard added < request.quantity else { return base + "." }
        return base + ", not \(request.quantity)" + (reason.map { ": \($0)" } ?? ".")
    }

    /// For the error bar when nothing was added: what happened (the store's words).
    public var refusal: String? {
        guard added <= 0 else { return nil }
        return "Nothing was added to your cart: \(reason ?? "the store did not take \(label).")"
    }

    /// Units of `merchandiseId` in `cart` (0 without a cart).
    static func units(of merchandiseId: String, in cart: Cart?) -> Int {
        (cart?.lines ?? []).filter { $0.merchandise.id == merchandiseId }.reduce(0) { $0 + $1.quantity }
    }
}
