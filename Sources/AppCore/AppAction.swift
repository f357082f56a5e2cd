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
    case search(SearchAction)
    case cart(CartAction)
    case checkout(CheckoutAction)
    case eventLog(EventLogAction)
    case errorBar(ErrorBarAction)
    case account(AccountAction)
    /// The actions of a screen with state of its own on the stack, listed in `Screen.swift` with the
    /// constructors that build them (`.orders(.open)`, `.about(.scroll(by:limit:))`).
    case screen(ScreenAction)
    /// The shop's own description (nil when it could not be read) and the checkout sheet's
    /// configuration, read once at start after the first page of collections.
    case shopLoaded(Shop?, CheckoutConfiguration)
    /// The storefront client's news about the network.
    case connection(ConnectionEvent)
}
