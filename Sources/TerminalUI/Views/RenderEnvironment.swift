import Foundation

/// What rendering needs beyond the state: the terminal's colours, its time zone and the pictures
/// converted so far (or none at all).
public struct RenderEnvironment: Sendable {
    public var profile: ColorProfile
    /// The name the header shows until the shop's own arrives in the state.
    public var shopName: String
    /// The event log shows times in this zone (tests fix it to UTC).
    public var timeZone: TimeZone
    /// Product pictures converted so far.
    public var pictures: PictureShelf = PictureShelf()
    /// False: no product pictures anywhere (the settings file's `pictures = false`); the text
    /// takes their place.
    public var showsPictures = true

    public init(profile: ColorProfile, shopName: String = "Storefront", timeZone: TimeZone = .current) {
        self.profile = profile; self.shopName = shopName; self.timeZone = timeZone
    }
}
