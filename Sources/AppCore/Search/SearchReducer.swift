import Foundation
import Storefront

/// Search as you type: each edit restarts a 300 ms debounce (clock-driven) and cancels the search
/// in flight; an empty query clears the results; a query that does not parse shows its error on
/// the search screen once typing has paused a while longer (`syntaxErrorPause`).
struct SearchReducer: Reducer {
    let dependencies: AppDependencies

    func reduce(into state: inout SearchState, action: SearchAction) -> Effect<SearchAction> {
        switch action {
        case .insert(let text):
            let cleaned = TextSanitizer.cleanLine(text)
            guard !cleaned.isEmpty else { return .none }
            let before = state.isQuerySelected ? "" : state.query
            // The field keeps one character more than a query may have, so a long paste is
            // answered with the parser's "longer than" error and every edit costs a bounded amount.
            let typed = FieldText.appending(cleaned, to: before, maximumCharacters: SearchQuery.maximumLength + 1)
            guard typed != state.query || state.isQuerySelected else { return .none }
            state.query = typed
            return queryChanged(&state)
        case .deleteBackward:
            guard !state.query.isEmpty else { return .none }
            if state.isQuerySelected {
                state.query = ""
            } else {
                state.query.removeLast()
            }
            return queryChanged(&state)
        case .clearQuery:
            guard !state.query.isEmpty else { return .none }
            state.query = ""
            return queryChanged(&state)
        case .moveSelection(let delta, let rows):
            state.results.moveSelection(by: delta, rows: rows)
            guard state.results.needsNextPage(threshold: dependencies.settings.prefetchDistance) else { return .none }
            return loadNextPage(&state)
        case .openSelected:
            guard let product = state.results.selectedItem else { return .none }
            return .send(.delegate(.openProduct(product)))
        case .loadNextPage:
            return loadNextPage(&state)
        case .response(let query, let cursor, let result):
            // A late answer for a query the buyer has since changed is not shown.
            guard query == Self.normalized(state.query) else { return .none }
            state.isLoading = false
            switch result {
            case .success(let page):
                if cursor == nil { state.results.selectedIndex = 0 }
                state.results.receive(page, after: cursor)
                state.resultsQuery = query
                state.errorText = nil
                state.errorPosition = nil
                state.failure = nil
                state.failedQuery = nil
            case .failure(let error) where error.searchSyntax != nil:
                state.results = PagedList()
                state.resultsQuery = nil
                state.isIncomplete = true
                let clock = dependencies.clock
                let pause = dependencies.settings.syntaxErrorPause
                return .run { send in
                    try await clock.sleep(for: pause)
                    await send(.showSyntaxError(query: query, error))
                }
                .cancellable(id: .search, cancelInFlight: true)
            case .failure(let error):
                // A first page that failed leaves the answer unknown: the screen must not say "no results".
                if cursor == nil {
                    state.failure = error.message
                    state.failedQuery = query
                }
                return .send(.delegate(.failed(error)))
            }
            return .none
        case .showSyntaxError(let query, let error):
            guard query == Self.normalized(state.query) else { return .none }
            state.isIncomplete = false
            state.errorText = error.message
            state.errorPosition = error.searchSyntax?.position
            return .none
        case .opened:
            state.isQuerySelected = !state.query.isEmpty
            return .none
        case .stockRefreshed(let product):
            state.results.items.replace(with: product)
            return .none
        case .delegate:
            return .none
        }
    }

    /// Leading and trailing spaces do not change a search.
    static func normalized(_ query: String) -> String { query.trimmingCharacters(in: .whitespaces) }

    private func queryChanged(_ state: inout SearchState) -> Effect<SearchAction> {
        // The old error belonged to the old text.
        state.isQuerySelected = false
        state.errorText = nil
        state.errorPosition = nil
        state.isIncomplete = false
        let query = Self.normalized(state.query)
        if query.isEmpty {
            state = SearchState(query: state.query)
            return .cancel(id: .search)
        }
        state.isLoading = true
        let clock = dependencies.clock
        let debounce = dependencies.settings.searchDebounce
        return .run { [search] send in
            try await clock.sleep(for: debounce)
            await search(query, nil, send)
        }
        .cancellable(id: .search, cancelInFlight: true)
    }

    private func loadNextPage(_ state: inout SearchState) -> Effect<SearchAction> {
        guard let query = state.resultsQuery, query == Self.normalized(state.query),
              state.results.hasNextPage, state.startLoading() else { return .none }
        let cursor = state.results.nextPageCursor
        return .run { [search] send in await search(query, cursor, send) }
            .cancellable(id: .search)
    }

    private var search: @Sendable (String, String?, Send<SearchAction>) async -> Void {
        let storefront = dependencies.storefront
        let pageSize = dependencies.settings.pageSize
        return { query, cursor, send in
            let result = await Result.capture {
                try await storefront.search(query: query, page: .first(pageSize, after: cursor))
            }
            await send(.response(query: query, after: cursor, result))
        }
    }
}
