import Foundation
import Storefront

/// Search as you type: each edit restarts a 300 ms debounce (clock-driven) and cancels the search
/// in flight; an empty query clears the results; a query that does not parse shows its error on
/// the search screen once typing has paused a while longer (`syntaxErrorPause`).
struct SearchReducer: Reducer {
    struct State: Equatable {
        var search: SearchState
        var loading: Set<RequestKind>
    }

    let dependencies: AppDependencies

    func reduce(into state: inout State, action: SearchAction) -> Effect<SearchAction> {
        switch action {
        case .insert(let text):
            let cleaned = TextSanitizer.cleanLine(text)
            guard !cleaned.isEmpty else { return .none }
            let before = state.search.isQuerySelected ? "" : state.search.query
            // The field keeps one character more than a query may have, so a long paste is
            // answered with the parser's "longer than" error and every edit costs a bounded amount.
            let typed = FieldText.appending(cleaned, to: before, maximumCharacters: SearchQuery.maximumLength + 1)
            guard typed != state.search.query || state.search.isQuerySelected else { return .none }
            state.search.query = typed
            return queryChanged(&state)
        case .deleteBackward:
            guard !state.search.query.isEmpty else { return .none }
            if state.search.isQuerySelected {
                state.search.query = ""
            } else {
                state.search.query.removeLast()
            }
            return queryChanged(&state)
        case .clearQuery:
            guard !state.search.query.isEmpty else { return .none }
            state.search.query = ""
            return queryChanged(&state)
        case .moveSelection(let delta, let rows):
            state.search.results.moveSelection(by: delta, rows: rows)
            guard state.search.results.needsNextPage(threshold: dependencies.settings.prefetchDistance) else { return .none }
            return loadNextPage(&state)
        case .openSelected:
            guard let product = state.search.results.selectedItem else { return .none }
            return .send(.delegate(.openProduct(product)))
        case .loadNextPage:
            return loadNextPage(&state)
        case .response(let query, let cursor, let result):
            // A late answer for a query the buyer has since changed is not shown.
            guard query == Self.normalized(state.search.query) else { return .none }
            state.loading.remove(.search)
            switch result {
            case .success(let page):
                if cursor == nil { state.search.results.selectedIndex = 0 }
                state.search.results.receive(page, after: cursor)
                state.search.resultsQuery = query
                state.search.errorText = nil
                state.search.errorPosition = nil
                state.search.failure = nil
                state.search.failedQuery = nil
            case .failure(let error) where error.searchSyntax != nil:
                state.search.results = PagedList()
                state.search.resultsQuery = nil
                state.search.isIncomplete = true
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
                    state.search.failure = error.message
                    state.search.failedQuery = query
                }
                return .send(.delegate(.failed(error)))
            }
            return .none
        case .showSyntaxError(let query, let error):
            guard query == Self.normalized(state.search.query) else { return .none }
            state.search.isIncomplete = false
            state.search.errorText = error.message
            state.search.errorPosition = error.searchSyntax?.position
            return .none
        case .delegate:
            return .none
        }
    }

    /// Leading and trailing spaces do not change a search.
    static func normalized(_ query: String) -> String { query.trimmingCharacters(in: .whitespaces) }

    private func queryChanged(_ state: inout State) -> Effect<SearchAction> {
        // The old error belonged to the old text.
        state.search.isQuerySelected = false
        state.search.errorText = nil
        state.search.errorPosition = nil
        state.search.isIncomplete = false
        let query = Self.normalized(state.search.query)
        if query.isEmpty {
            state.search = SearchState(query: state.search.query)
            state.loading.remove(.search)
            return .cancel(id: .search)
        }
        state.loading.insert(.search)
        let clock = dependencies.clock
        let debounce = dependencies.settings.searchDebounce
        return .run { [search] send in
            try await clock.sleep(for: debounce)
            await search(query, nil, send)
        }
        .cancellable(id: .search, cancelInFlight: true)
    }

    private func loadNextPage(_ state: inout State) -> Effect<SearchAction> {
        guard let query = state.search.resultsQuery, query == Self.normalized(state.search.query),
              state.search.results.hasNextPage, state.loading.insert(.search).inserted else { return .none }
        let cursor = state.search.results.nextPageCursor
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
