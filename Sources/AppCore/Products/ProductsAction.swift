import Storefront

/// The products screen of the collection on top of the stack.
public enum ProductsAction: Hashable, Sendable {
    /// `rows`: how many rows the list shows, so it scrolls by lines and stays full.
    case moveSelection(by: Int, rows: Int)
    /// Enter: opens the selected product.
    case openSelected
    case loadNextPage
    case pageResponse(handle: String, after: String?, Result<Page<Product>, AppError>)
}
