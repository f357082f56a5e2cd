import Storefront

public enum SearchAction: Hashable, Sendable {
    /// Typed text, appended to the query (or replacing it while it is selected).
    case insert(String)
    case deleteBackward
    case clearQuery
    /// `rows`: how many rows the list shows, so it scrolls by lines and stays full.
    case moveSelection(by: Int, rows: Int)
    case openSelected
    case loadNextPage
    /// The search screen opened: the last query shows selected, so typing replaces it.
    case opened
    /// A product read again after an order: its copy in the results is replaced.
    case stockRefreshed(Product)
    case response(query: String, after: String?, Result<Page<Product>, AppError>)
    /// Typing paused on a query that does not parse: its error is shown.
    case showSyntaxError(query: String, AppError)
    case delegate(Delegate)

    /// What the search screen asks of the rest of the app.
    public enum Delegate: Hashable, Sendable {
        case openProduct(Product)
        case failed(AppError)
    }
}
