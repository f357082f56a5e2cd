/// A screen on the navigation stack, with the state that belongs to it alone. Overlays (help, the
/// checkout sheet, the event log pane) are flags in `AppState`, not screens: they sit over or
/// beside whatever screen is on top.
public enum Screen: Hashable, Sendable {
    case collections
    /// The products of one collection, by collection handle.
    case products(collectionHandle: String)
    /// A product's page and the buyer's choices on it; there is one at a time.
    case productDetail(ProductDetailState)
    case search
    case cart
    /// The customer account: log in, who you are, your orders.
    case account
    case orders(OrdersState)
    /// The signed-in customer's subscriptions (from the account screen).
    case subscriptions(SubscriptionsState)
    case about(AboutState)
    /// The country picker.
    case markets(MarketPickerState)

    /// The page of a product known so far only by its handle.
    public static func productDetail(handle: String) -> Screen { .productDetail(ProductDetailState(handle: handle)) }
}

extension Screen {
    public var isProductDetail: Bool {
        if case .productDetail = self { return true }
        return false
    }

    /// The same place in the shop, whatever its state: a product's page is the same page while the
    /// buyer changes the quantity on it.
    public func isSamePlace(as other: Screen) -> Bool {
        switch (self, other) {
        case (.productDetail(let a), .productDetail(let b)): return a.handle == b.handle
        case (.orders, .orders), (.subscriptions, .subscriptions), (.markets, .markets): return true
        // A policy opened from the checkout sheet sits over the sheet, apart from the page opened from the shop.
        case (.about(let a), .about(let b)): return a.overSheet == b.overSheet
        default: return self == other
        }
    }
}
