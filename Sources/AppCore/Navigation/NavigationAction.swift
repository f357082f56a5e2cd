/// Moving between screens and toggling overlays.
public enum NavigationAction: Hashable, Sendable {
    /// Esc: closes help if shown, otherwise pops the top screen (never the collections screen).
    case back
    case openSearch
    case openCart
    case toggleHelp
    case quit
    /// Opens a screen that needs nothing but its own state to start (the about page); a screen
    /// already on the stack is brought back to the top.
    case push(Screen)
    /// Opens a screen named at start (`storefront --open cart`, `ssh -t shop cart`).
    case open(DeepLink)
}
