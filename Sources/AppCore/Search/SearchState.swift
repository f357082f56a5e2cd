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
    /// Why the search for `failedQuery` could not run (the storefront out of reach): its answer is
    /// unknown, which is not the same as no results.
    public var failure: String?
    public var failedQuery: String?
    /// A search is on its way (typing paused, or the next page of results).
    public var isLoading = false

    /// Marks a search as asked for; false when one is already on its way.
    mutating func startLoading() -> Bool {
        guard !isLoading else { return false }
        isLoading = true
        return true
    }

    /// The reason the current query has no answer, if it has none because the search failed.
    public var failureOfCurrentQuery: String? {
        failedQuery == query.trimmingCharacters(in: .whitespaces) ? failure : nil
    }

    public init(query: String = "", results: PagedList<Product> = PagedList(), resultsQuery: String? = nil,
                errorText: String? = nil, errorPosition: Int? = nil, failure: String? = nil, failedQuery: String? = nil) {
        self.query = query; self.results = results; self.resultsQuery = resultsQuery
        self.errorText = errorText; self.errorPosition = errorPosition; self.failure = failure; self.failedQuery = failedQuery
    }
}
