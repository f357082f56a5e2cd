import CheckoutSheet
import Storefront

/// Everything the app shows, as one value. The view layer renders it; only reducers change it.
public struct AppState: Hashable, Sendable {
    /// The navigation stack, each screen with its own state; never empty, `.collections` at the bottom.
    public var screens: [Screen]
    public var isHelpVisible: Bool

    /// Collections with their product previews, paged.
    public var collections: PagedList<Collection>
    /// The products of every collection opened so far, by collection handle.
    public var collectionProducts: [String: PagedList<Product>]
    public var search: SearchState
    public var cart: CartState
    public var checkout: CheckoutState
    public var eventLog: EventLogState
    /// Orders placed during this run, oldest first.
    public var orders: [PlacedOrder]
    /// The customer account: who is logged in, and their orders.
    public var account: AccountState

    /// Online, or offline and showing saved answers (over a Storefront API).
    public var connection: ConnectionStatus = .online
    /// The one error bar: the latest failure, user error or warning (or a notice), until dismissed.
    public var bar: BarMessage?
    /// The bar's text, whichever kind it is; setting it shows a failure.
    public var errorMessage: String? {
        get { bar?.text }
        set { bar = newValue.map { BarMessage(text: $0) } }
    }
    /// The shop's name, description and country; nil until it answers at start.
    public var shop: Shop?
    /// The country the shopper picked (`--country`, or `m`); nil: the shop's own. Every request
    /// asks in its market (`@inContext`), so prices come in its currency.
    public var country: String?
    /// The countries the shop sells in, read at start.
    public var localization: Localization?
    /// How the checkout sheet looks (title, colours), as the sheet says at start.
    public var checkoutConfiguration = CheckoutConfiguration()
    /// Set by quit: the driver ends the loop when it sees it.
    public var shouldQuit: Bool

    public init(screens: [Screen] = [.collections], isHelpVisible: Bool = false,
                collections: PagedList<Collection> = PagedList(), collectionProducts: [String: PagedList<Product>] = [:],
                productDetail: ProductDetailState? = nil, search: SearchState = SearchState(), cart: CartState = CartState(),
                checkout: CheckoutState = CheckoutState(), eventLog: EventLogState = EventLogState(),
                orders: [PlacedOrder] = [], errorMessage: String? = nil,
                shouldQuit: Bool = false, account: AccountState = AccountState()) {
        self.screens = screens.isEmpty ? [.collections] : screens
        self.isHelpVisible = isHelpVisible; self.collections = collections
        self.collectionProducts = collectionProducts; self.search = search
        self.cart = cart; self.checkout = checkout; self.eventLog = eventLog; self.orders = orders
        self.bar = errorMessage.map { BarMessage(text: $0) }; self.shouldQuit = shouldQuit
        self.account = account
        if let productDetail { self.productDetail = productDetail }
    }

    /// The screen on top of the stack.
    public var screen: Screen { screens.last ?? .collections }

    /// The collection whose preview the collections screen shows.
    public var selectedCollection: Collection? { collections.selectedItem }

    /// The requests in flight, each kept by the feature that asked (the collections, each
    /// collection's products, the product page on the stack, search, the cart): read here for the
    /// footer's "loading…".
    public var loading: Set<RequestKind> {
        var kinds = cart.loading
        if collections.isLoading { kinds.insert(.collections) }
        for (handle, list) in collectionProducts where list.isLoading { kinds.insert(.collectionProducts(handle: handle)) }
        for case .productDetail(let detail) in screens where detail.isLoading { kinds.insert(.product(handle: detail.handle)) }
        if search.isLoading { kinds.insert(.search) }
        return kinds
    }

    public func isLoading(_ kind: RequestKind) -> Bool { loading.contains(kind) }
}
