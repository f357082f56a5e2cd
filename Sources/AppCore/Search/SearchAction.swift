import Storefront

public enum SearchAction: Hashable, Sendable {
    /// Typed text, appended to the query.
    case insert(String)
    case deleteBackward
    case clearQuery
    /// `rows`: how many rows the list shows, so it scrolls by lines and stays full.
    case moveSelection(by: Int, rows: Int)
    case openSelected
    case loadNextPage
    case response(query: String, after: String?, Result<Page<Product>, AppError>)
}
