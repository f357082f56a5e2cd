import AppCore

struct SearchPresenter: ScreenPresenter {
    func title(_ state: AppState) -> String { "Search" }

    func listRows(_ state: AppState, body: Size, sizeClass: SizeClass) -> Int { max(1, SearchView.listRows(height: body.height)) }

    func keyMap(_ state: AppState, listRows: Int, body: Size) -> KeyMap { SearchKeys.map(state, listRows: listRows) }

    func draw(_ state: AppState, in canvas: Canvas, context: ScreenContext, grid: inout Grid) {
        SearchView(state: state.search, isSearching: state.isLoading(.search)).draw(in: canvas, theme: context.theme, grid: &grid)
    }

    func plain(_ state: AppState) -> String { PlainView.search(state.search) }

    func plainList(_ state: AppState) -> PlainList? {
        PlainList(state.search.results, move: { .search(.moveSelection(by: $0, rows: PlainSession.listRows)) },
                  openSelected: .search(.openSelected), loadNextPage: .search(.loadNextPage), listsProducts: true)
    }
}

// MARK: Plain mode

extension SearchPresenter {
    static var plainVerbs: [PlainVerb] {
        [PlainVerb(words: ["search", "s", "find"], help: """
              search QUERY       search in the Shopify search syntax, like search tag:tea
            """) { query, plain in
            guard !query.isEmpty else { return plain.say("search needs a query, like search tag:tea.") }
            if plain.state.screen != .search { plain.send(.navigation(.openSearch)) }
            plain.send(.search(.clearQuery))
            plain.send(.search(.insert(query)))
            // Search waits for typing to pause before it runs: settling waits for that and its answer.
            await plain.settle()
        }]
    }
}
