import CheckoutSheet
import Storefront

/// Everything that can happen in the app: the buyer's intents (from the key map) and the answers of
/// effects (`...Response`), one case per feature.
public enum AppAction: Hashable, Sendable {
    /// Loads the collections, restores the saved cart and reads the saved session.
    case appStarted
    case navigation(NavigationAction)
    case collections(CollectionsAction)
    case products(ProductsAction)
    case productDetail(ProductDetailAction)
    case search(SearchAction)
    case cart(CartAction)
    case checkout(CheckoutAction)
    case eventLog(EventLogAction)
    case errorBar(ErrorBarAction)
    case account(AccountAction)
    case orders(OrdersAction)
    case subscriptions(SubscriptionsAction)
    case about(AboutAction)
    /// The shopper's country and its picker.
    case markets(MarketAction)
    /// The shop's own description (nil when it could not be read) and the checkout sheet's
    /// configuration, read once at start after the first page of collections.
    case shopLoaded(Shop?, CheckoutConfiguration)
    /// The storefront client's news about the network.
    case connection(ConnectionEvent)
}
