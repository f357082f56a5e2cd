import CheckoutSheet
import Foundation

/// What rendering needs beyond the state: the terminal's colours and a few facts the app learns
/// once at start (the shop's name, the checkout sheet's configuration).
public struct RenderEnvironment: Sendable {
    public var profile: ColorProfile
    public var shopName: String
    public var checkoutConfiguration: CheckoutConfiguration
    /// The event log shows times in this zone (tests fix it to UTC).
    public var timeZone: TimeZone
    /// Product pictures converted so far.
    public var pictures: PictureShelf = PictureShelf()
    /// Where the shop is based: it decides whether its prices include tax (VAT in the Netherlands).
    public var shopCountryCode: String?

    public init(profile: ColorProfile, shopName: String = "Storefront",
                checkoutConfiguration: CheckoutConfiguration = CheckoutConfiguration(), timeZone: TimeZone = .current,
                shopCountryCode: String? = nil) {
        self.profile = profile; self.shopName = shopName; self.checkoutConfiguration = checkoutConfiguration
        self.timeZone = timeZone; self.shopCountryCode = shopCountryCode
    }
}
