/// The requests whose progress the screens show ("Loading…") and that must not run twice at once.
public enum RequestKind: Hashable, Sendable {
    case collections
    case collectionProducts(handle: String)
    case product(handle: String)
    case search
    /// Restoring the saved cart at start.
    case cartRestore
    /// Creating the cart with its first line.
    case cartCreate
    /// Any other cart mutation.
    case cartMutation
}
