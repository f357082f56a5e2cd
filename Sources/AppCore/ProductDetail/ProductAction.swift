import Storefront

/// The product detail screen.
public enum ProductAction: Hashable, Sendable {
    /// ↑/↓: moves between option rows (Size, Colour, ...).
    case focusOption(by: Int)
    /// ←/→: picks the previous/next value of the focused option.
    case selectOptionValue(by: Int)
    case incrementQuantity
    case decrementQuantity
    /// a: adds the selected variant and quantity to the cart (creating the cart if needed).
    case addToCart
    /// Scrolls the description by `delta` lines, at most to `limit` (its last line at the bottom).
    case scrollDescription(by: Int, limit: Int)
    /// The add-to-cart confirmation has been shown long enough.
    case confirmationExpired
    case reload
    /// The product behind `handle`; nil when the store has no such product.
    case response(handle: String, Result<Product?, AppError>)
}
