/// The ids the app's reducers tag long-running effects with; a screen's own are in its feature file
/// (`ProductDetailReducer.swift`, `Subscriptions.swift`).
extension EffectID {
    static let collectionsPage = EffectID("collections.page")
    static func collectionProductsPage(_ handle: String) -> EffectID { EffectID("collection.products", handle) }
    /// The debounced search and its paging: a new keystroke replaces it.
    static let search = EffectID("search")
    static let checkoutSheet = EffectID("checkout.sheet")
    /// The login waiting for the browser.
    static let login = EffectID("account.login")
    /// The signed-in customer's orders being read (the account screen's and "Your orders"): a
    /// logout stops them, as the account server refuses them from then on.
    static let customerOrders = EffectID("account.orders")
    /// Also tags a screen's work on the signed-in customer's own (their subscriptions): the logout
    /// stops it, as the account server refuses it from then on.
    static let customersOwn = EffectID("account.customers-own")
    /// The buyer's input to the checkout page, delivered in order.
    static let checkoutInput = EffectID("checkout.input")
    /// The storefront client's news about the network, heard for as long as the app runs.
    static let connectionEvents = EffectID("connection.events")

    /// Work that lasts as long as what it watches rather than until an answer: the sheet on screen,
    /// a login in the browser, the "Added" confirmation's timer, the network news. The app has
    /// settled (`AppStore.settled()`) when nothing else is running.
    public static let lasting: Set<EffectID> = [.checkoutSheet, .login, .addedConfirmation, .connectionEvents]
}

extension Store where State == AppState, Action == AppAction {
    /// Suspends until every action is reduced and every request, save and timer has ended, apart
    /// from the lasting work (`EffectID.lasting`).
    public func settled() async { await settled(ignoring: EffectID.lasting) }
}
