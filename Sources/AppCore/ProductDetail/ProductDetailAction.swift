import Storefront

/// The product detail screen.
public enum ProductDetailAction: Hashable, Sendable {
    /// The screen was pushed for a product already loaded (from a list or a search).
    case open(Product)
    /// The screen was pushed for a product known only by handle: it loads.
    case openHandle(String)
    /// ↑/↓: moves between option rows (Size, Colour, ..., and the purchase: once or a subscription).
    case focusOption(by: Int)
    /// ←/→: picks the previous/next value of the focused option.
    case selectOptionValue(by: Int)
    case incrementQuantity
    case decrementQuantity
    /// a: adds the selected variant and quantity to the cart (creating the cart if needed).
    case addToCart
    /// Scrolls the description by `delta` lines, at most to `limit` (its last line at the bottom).
    case scrollDescription(by: Int, limit: Int)
    /// The store answered an add: what it took, for the confirmation.
    case added(CartAddOutcome)
    /// The add-to-cart confirmation has been shown long enough.
    case confirmationExpired
    case reload
    /// A product read again after an order: the page shows its new stock, keeping the buyer's choices.
    case stockRefreshed(Product)
    /// The product behind `handle`; nil when the store has no such product.
    case response(handle: String, Result<Product?, AppError>)
    /// The shopper's country (`country`, by name) does not sell `handle`; the shop's own has it.
    case notSold(handle: String, Product, in: String)
    case delegate(Delegate)

    /// What the product screen asks of the rest of the app.
    public enum Delegate: Hashable, Sendable {
        case addToCart(CartMerchandise, quantity: Int, sellingPlan: SellingPlan? = nil)
        case failed(AppError)
    }
}
