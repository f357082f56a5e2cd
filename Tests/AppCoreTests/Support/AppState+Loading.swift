import AppCore

extension AppState {
    /// Sets what each feature has on its way so that `loading` reads `kinds`: the collections,
    /// each open collection's products, the product pages on the stack, search and the cart keep
    /// their own flags; a test states the whole set the footer would show.
    mutating func setLoading(_ kinds: Set<RequestKind>) {
        collections.isLoading = kinds.contains(.collections)
        for handle in collectionProducts.keys {
            collectionProducts[handle]?.isLoading = kinds.contains(.collectionProducts(handle: handle))
        }
        for index in screens.indices {
            guard case .productDetail(var detail) = screens[index] else { continue }
            detail.isLoading = kinds.contains(.product(handle: detail.handle))
            screens[index] = .productDetail(detail)
        }
        search.isLoading = kinds.contains(.search)
        cart.loading = kinds.filter { [.cartRestore, .cartCreate, .cartMutation].contains($0) }
    }
}
