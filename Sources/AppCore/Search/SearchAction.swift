import Storefront

public enum SearchAction: Hashable, Sendable {
    /// Typed text, appended to the query.
    case insert(String)
    case deleteBackward
    case clearQuery
    case moveSelection(by: Int)
    case openSelected
    case loadNextPage
    case response(query: String, after: String?, Result<Page<Product>, AppError>)
}
