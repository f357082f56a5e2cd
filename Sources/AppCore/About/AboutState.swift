import Storefront

/// "About the shop": the shop's description and its policies, read as one page that scrolls.
public struct AboutState: Hashable, Sendable {
    /// The first line of the page on screen.
    public var offset: Int
    /// Opened at this policy (a checkout link, `about refund`): its title is at the top until the
    /// shopper scrolls. Only the presenter knows on which line a title falls at the screen's width.
    public var policy: ShopPolicy.Kind?
    /// Opened from the checkout sheet's link: the page covers the sheet, and esc goes back to it.
    public var overSheet: Bool

    public init(offset: Int = 0, policy: ShopPolicy.Kind? = nil, overSheet: Bool = false) {
        self.offset = offset; self.policy = policy; self.overSheet = overSheet
    }
}
