import Storefront

/// The products of the collection on top of the stack, paged like the collections.
struct ProductsReducer: Reducer {
    struct State: Equatable {
        /// The products of every collection opened so far, by collection handle, each with its own
        /// "a page is on its way".
        var collectionProducts: [String: PagedList<Product>]
        /// The collection whose products are on screen (read from the stack; not written back).
        var currentHandle: String?
    }

    let dependencies: AppDependencies

    func reduce(into state: inout State, action: ProductsAction) -> Effect<ProductsAction> {
        switch action {
        case .open(let collection):
            return open(collection, &state)
        case .moveSelection(let delta, let rows):
            guard let handle = state.currentHandle else { return .none }
            state.collectionProducts[handle, default: PagedList()].moveSelection(by: delta, rows: rows)
            guard state.collectionProducts[handle]?.needsNextPage(threshold: dependencies.settings.prefetchDistance) == true
            else { return .none }
            return loadNextPage(handle, &state)
        case .openSelected:
            guard let handle = state.currentHandle,
                  let product = state.collectionProducts[handle]?.selectedItem else { return .none }
            return .send(.delegate(.openProduct(product)))
        case .loadNextPage:
            guard let handle = state.currentHandle else { return .none }
            return loadNextPage(handle, &state)
        case .marketChanged(let collections):
            state.collectionProducts = [:]
            return .merge(collections.map { open($0, &state) })
        case .stockRefreshed(let product):
            for handle in state.collectionProducts.keys { state.collectionProducts[handle]?.items.replace(with: product) }
            return .none
        case .pageResponse(let handle, let cursor, let result):
            state.collectionProducts[handle]?.isLoading = false
            switch result {
            case .success(let page):
                state.collectionProducts[handle, default: PagedList()].receive(page, after: cursor)
                return .none
            case .failure(let error):
                return .send(.delegate(.failed(error)))
            }
        case .delegate:
            return .none
        }
    }

    /// Shows the preview of `collection` until the first page arrives, and asks for that page.
    private func open(_ collection: Collection, _ state: inout State) -> Effect<ProductsAction> {
        let handle = collection.handle
        guard state.collectionProducts[handle]?.hasLoadedFirstPage != true else { return .none }
        if state.collectionProducts[handle] == nil {
            state.collectionProducts[handle] = PagedList(items: collection.productsPreview)
        }
        // Left and reopened while the first page is on its way: that request is enough.
        guard state.collectionProducts[handle]?.startLoading() == true else { return .none }
        return loadPage(handle, after: nil)
    }

    private func loadNextPage(_ handle: String, _ state: inout State) -> Effect<ProductsAction> {
        guard let list = state.collectionProducts[handle], list.hasNextPage,
              state.collectionProducts[handle]?.startLoading() == true else { return .none }
        return loadPage(handle, after: list.nextPageCursor)
    }

    private func loadPage(_ handle: String, after cursor: String?) -> Effect<ProductsAction> {
        let storefront = dependencies.storefront
        let pageSize = dependencies.settings.pageSize
        return .run { send in
            let result = await Result.capture {
                try await storefront.collectionProducts(handle: handle, page: .first(pageSize, after: cursor),
                                                        sortKey: .collectionDefault, reverse: false)
            }
            await send(.pageResponse(handle: handle, after: cursor, result))
        }
        // A first page asked again (the country changed) replaces the one on its way.
        .cancellable(id: .collectionProductsPage(handle), cancelInFlight: cursor == nil)
    }
}
