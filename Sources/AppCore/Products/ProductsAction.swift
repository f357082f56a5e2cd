import Storefront

/// The products screen of the collection on top of the stack.
public enum ProductsAction: Hashable, Sendable {
    /// The screen of `collection` was pushed: shows its preview until the first page arrives.
    case open(Collection)
    /// `rows`: how many rows the list shows, so it scrolls by lines and stays full.
    case moveSelection(by: Int, rows: Int)
    /// Enter: opens the selected product.
    case openSelected
    case loadNextPage
    /// The shopper's country changed: every list priced in the old one is forgotten, and the
    /// collections still on the stack are opened again.
    case marketChanged(reopen: [Collection])
    /// A product read again after an order: its copies in the lists are replaced.
    case stockRefreshed(Product)
    case pageResponse(handle: String, after: String?, Result<Page<Product>, AppError>)
    case delegate(Delegate)

    /// What the products screen asks of the rest of the app.
    public enum Delegate: Hashable, Sendable {
        case openProduct(Product)
        case failed(AppError)
    }
}
