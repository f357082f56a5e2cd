import Foundation

/// `CartPreferences`: what the buyer would like checkout to start from: how and where to have it
/// delivered, and which wallet to pay with. The cart keeps them as given; checkout may overwrite
/// them without the cart hearing of it.
public struct CartPreferences: Hashable, Sendable, Codable {
    public var delivery: CartDeliveryPreference?
    /// Accepted: "shop_pay".
    public var wallet: [String]?

    public init(delivery: CartDeliveryPreference? = nil, wallet: [String]? = nil) {
        self.delivery = delivery; self.wallet = wallet
    }
}

/// `CartDeliveryPreference`.
public struct CartDeliveryPreference: Hashable, Sendable, Codable {
    /// Where the buyer would collect from, for pickup points.
    public var coordinates: CartDeliveryCoordinates?
    /// `PreferenceDeliveryMethodType`s in order of preference: SHIPPING, PICK_UP, PICKUP_POINT.
    public var deliveryMethod: [String]
    /// Pickup locations or pickup point ids, in order of preference.
    public var pickupHandle: [String]

    public init(coordinates: CartDeliveryCoordinates? = nil, deliveryMethod: [String] = [], pickupHandle: [String] = []) {
        self.coordinates = coordinates; self.deliveryMethod = deliveryMethod; self.pickupHandle = pickupHandle
    }
}

/// `CartDeliveryCoordinatesPreference`.
public struct CartDeliveryCoordinates: Hashable, Sendable, Codable {
    public var countryCode: String
    public var latitude: Double
    public var longitude: Double

    public init(countryCode: String, latitude: Double, longitude: Double) {
        self.countryCode = countryCode; self.latitude = latitude; self.longitude = longitude
    }
}
