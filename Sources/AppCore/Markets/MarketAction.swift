import Storefront

public enum MarketAction: Hashable, Sendable {
    /// m: opens the picker on the current country.
    case open
    /// The shop's countries, read at start (nil: the shop could not say).
    case localizationLoaded(Localization?)
    case moveSelection(by: Int)
    /// Enter: the selected country becomes the shopper's.
    case chooseSelected
    case delegate(Delegate)

    public enum Delegate: Hashable, Sendable {
        /// The shopper picked a country (an ISO 3166 code): prices, currency and the cart follow it.
        case chosen(String)
    }
}
