import Storefront

/// The collections screen: a paged list whose next page loads as the selection nears its end. The
/// list (and whether a page of it is on its way) is this feature's own state.
struct CollectionsReducer: Reducer {
    let dependencies: AppDependencies

    func reduce(into collections: inout PagedList<Collection>, action: CollectionsAction) -> Effect<CollectionsAction> {
        switch action {
        case .moveSelection(let delta, let rows):
            collections.moveSelection(by: delta, rows: rows)
            guard collections.needsNextPage(threshold: dependencies.settings.prefetchDistance) else { return .none }
            return reduce(into: &collections, action: .loadNextPage)
        case .openSelected:
            guard let collection = collections.selectedItem else { return .none }
            return .send(.delegate(.openCollection(collection)))
        case .loadNextPage:
            guard collections.hasNextPage, collections.startLoading() else { return .none }
            return loadPage(after: collections.nextPageCursor)
        case .reload:
            collections.isLoading = true
            return loadPage(after: nil)
        case .marketChanged:
            collections = PagedList()
            return reduce(into: &collections, action: .reload)
        case .stockRefreshed(let product):
            for index in collections.items.indices { collections.items[index].productsPreview.replace(with: product) }
            return .none
        case .pageResponse(let cursor, let result):
            collections.isLoading = false
            switch result {
            case .success(let page):
                collections.receive(page, after: cursor)
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
