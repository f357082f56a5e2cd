/// The ids the app's reducers tag long-running effects with.
extension EffectID {
    static let collectionsPage = EffectID("collections.page")
    static func collectionProductsPage(_ handle: String) -> EffectID { EffectID("collection.products", handle) }
    static func product(_ handle: String) -> EffectID { EffectID("product", handle) }
    /// The debounced search and its paging: a new keystroke replaces it.
    static let search = EffectID("search")
    static let checkoutSheet = EffectID("checkout.sheet")
}
