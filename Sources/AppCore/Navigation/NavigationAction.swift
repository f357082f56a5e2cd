/// Moving between screens and toggling overlays.
public enum NavigationAction: Hashable, Sendable {
    /// Esc: closes help if shown, otherwise pops the top screen (never the collections screen).
    case back
    case openSearch
    case openCart
    case toggleHelp
    case quit
    /// Opens a screen named at start (`storefront --open cart`, `ssh -t shop cart`).
    case open(DeepLink)
}
