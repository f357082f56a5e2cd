import Storefront

/// Search as you type: the query being typed, the results of the last completed search, and the
/// syntax error of a query that does not parse.
public struct SearchState: Hashable, Sendable {
    public var query: String
    public var results: PagedList<Product>
    /// The query `results` belong to (results stay on screen while the next search runs).
    public var resultsQuery: String?
    /// "Invalid search query at position 7: ..." for a query that does not parse.
    public var errorText: String?
    /// 1-based position of the error in `query`, for a caret under it.
    public var errorPosition: Int?
    /// The query does not parse; its error shows if typing stays paused.
    public var isIncomplete = false
    /// The previous query, shown selected when search is opened again: typing replaces it,
    /// backspace clears it, enter and the arrows still reach its results.
    public var isQuerySelected = false

    public init(query: String = "", results: PagedList<Product> = PagedList(), resultsQuery: String? = nil,
                errorText: String? = nil, errorPosition: Int? = nil) {
        self.query = query; self.results = results; self.resultsQuery = resultsQuery
        self.errorText = errorText; self.errorPosition = errorPosition
    }
}
