/// The ids the app's reducers tag long-running effects with.
extension EffectID {
    static let collectionsPage = EffectID("collections.page")
    static func collectionProductsPage(_ handle: String) -> EffectID { EffectID("collection.products", handle) }
    static func product(_ handle: String) -> EffectID { EffectID("product", handle) }
    /// The debounced search and its paging: a new keystroke replaces it.
    static let search = EffectID("search")
    /// The timer that takes the product page's "Added … to your cart" away.
    static let addedConfirmation = EffectID("product.added")
    static let checkoutSheet = EffectID("checkout.sheet")
    /// The login waiting for the browser.
    static let login = EffectID("account.login")
    /// The buyer's input to the checkout page, delivered in order.
    static let checkoutInput = EffectID("checkout.input")
}
