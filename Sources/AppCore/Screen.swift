/// A screen on the navigation stack. Overlays (help, the checkout sheet, the event log pane) are
/// flags in `AppState`, not screens: they sit over or beside whatever screen is on top.
public enum Screen: Hashable, Sendable {
    case collections
    /// The products of one collection, by collection handle.
    case products(collectionHandle: String)
    case productDetail(handle: String)
    case search
    case cart
}

extension Screen {
    public var isProductDetail: Bool {
        if case .productDetail = self { return true }
        return false
    }
}
