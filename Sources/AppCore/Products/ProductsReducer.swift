import Storefront

/// The products of the collection on top of the stack, paged like the collections.
struct ProductsReducer {
    let dependencies: AppDependencies

    func reduce(into state: inout AppState, action: ProductsAction) -> Effect<AppAction> {
        switch action {
        case .moveSelection(let delta, let rows):
            guard let handle = currentHandle(state) else { return .none }
            state.collectionProducts[handle, default: PagedList()].moveSelection(by: delta, rows: rows)
            guard state.collectionProducts[handle]?.needsNextPage(threshold: dependencies.settings.prefetchDistance) == true
            else { return .none }
            return loadNextPage(handle, &state)
        case .openSelected:
            guard let handle = currentHandle(state),
                  let product = state.collectionProducts[handle]?.selectedItem else { return .none }
            return ProductReducer(dependencies: dependencies).open(product, in: &state)
        case .loadNextPage:
            guard let handle = currentHandle(state) else { return .none }
            return loadNextPage(handle, &state)
        case .pageResponse(let handle, let cursor, let result):
            state.loading.remove(.collectionProducts(handle: handle))
            switch result {
            case .success(let page):
                state.collectionProducts[handle, default: PagedList()].receive(page, after: cursor)
            case .failure(let error):
                state.errorMessage = error.message
            }
            return .none
        }
    }

    /// Pushes the products screen of `collection`, showing its preview until the first page arrives.
    func open(_ collection: Collection, in state: inout AppState) -> Effect<AppAction> {
        let handle = collection.handle
        state.push(.products(collectionHandle: handle))
        guard state.collectionProducts[handle]?.hasLoadedFirstPage != true else { return .none }
        if state.collectionProducts[handle] == nil {
            state.collectionProducts[handle] = PagedList(items: collection.productsPreview)
        }
        // Left and reopened while the first page is on its way: that request is enough.
        guard state.loading.insert(.collectionProducts(handle: handle)).inserted else { return .none }
        return loadPage(handle, after: nil)
    }

    private func currentHandle(_ state: AppState) -> String? {
        if case .products(let handle) = state.screen { return handle }
        return nil
    }

    private func loadNextPage(_ handle: String, _ state: inout AppState) -> Effect<AppAction> {
        guard let list = state.collectionProducts[handle], list.hasNextPage,
              state.loading.insert(.collectionProducts(handle: handle)).inserted else { return .none }
        return loadPage(handle, after: list.nextPageCursor)
    }

    private func loadPage(_ handle: String, after cursor: String?) -> Effect<AppAction> {
        let storefront = dependencies.storefront
        let pageSize = dependencies.settings.pageSize
        return .run { send in
            let result = await Result.capture {
                try await storefront.collectionProducts(handle: handle, page: .first(pageSize, after: cursor),
                                                        sortKey: .collectionDefault, reverse: false)
            }
            await send(.products(.pageResponse(handle: handle, after: cursor, result)))
        }
        .cancellable(id: .collectionProductsPage(handle))
    }
}
