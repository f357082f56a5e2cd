import Storefront

/// The collections screen: a paged list whose next page loads as the selection nears its end.
struct CollectionsReducer: Reducer {
    struct State: Equatable {
        var collections: PagedList<Collection>
        var loading: Set<RequestKind>
    }

    let dependencies: AppDependencies

    func reduce(into state: inout State, action: CollectionsAction) -> Effect<CollectionsAction> {
        switch action {
        case .moveSelection(let delta, let rows):
            state.collections.moveSelection(by: delta, rows: rows)
            guard state.collections.needsNextPage(threshold: dependencies.settings.prefetchDistance) else { return .none }
            return reduce(into: &state, action: .loadNextPage)
        case .openSelected:
            guard let collection = state.collections.selectedItem else { return .none }
            return .send(.delegate(.openCollection(collection)))
        case .loadNextPage:
            guard state.collections.hasNextPage, state.loading.insert(.collections).inserted else { return .none }
            return loadPage(after: state.collections.nextPageCursor)
        case .reload:
            state.loading.insert(.collections)
            return loadPage(after: nil)
        case .pageResponse(let cursor, let result):
            state.loading.remove(.collections)
            switch result {
            case .success(let page):
                state.collections.receive(page, after: cursor)
                return .none
            case .failure(let error):
                return .send(.delegate(.failed(error)))
            }
        case .delegate:
            return .none
        }
    }

    /// Asks for the page after `cursor` (the first page when nil), with each collection's product preview.
    private func loadPage(after cursor: String?) -> Effect<CollectionsAction> {
        let storefront = dependencies.storefront
        let settings = dependencies.settings
        return .run { send in
            let result = await Result.capture {
                try await storefront.collections(.first(settings.pageSize, after: cursor), sortKey: .id,
                                                 productPreview: settings.productPreview)
            }
            await send(.pageResponse(after: cursor, result))
        }
        .cancellable(id: .collectionsPage, cancelInFlight: cursor == nil)
    }
}
