import Storefront

/// The products screen of the collection on top of the stack.
public enum ProductsAction: Hashable, Sendable {
    case moveSelection(by: Int)
    /// Enter: opens the selected product.
    case openSelected
    case loadNextPage
    case pageResponse(handle: String, after: String?, Result<Page<Product>, AppError>)
}
