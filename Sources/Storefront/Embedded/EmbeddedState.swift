import Foundation
import StorefrontModels

/// What the embedded storefront keeps on disk, one file per part so that damage to one part
/// does not cost the others.
public enum EmbeddedState {
    static let cartsFile = "carts.json"
    static let ordersFile = "orders.json"
    static let sessionFile = "session.json"
    static let customersFile = "customers.json"
    static let subscriptionsFile = "subscriptions.json"

    struct Carts: Codable {
        var version = 1
        var carts: [StoredCart]
    }

    struct Orders: Codable {
        var version = 1
        var nextOrderNumber: Int
        var orders: [Order]
    }

    /// Which cart the app is using, so it finds it again after a restart.
    struct Session: Codable {
        var version = 1
        var currentCartId: String?
    }

    /// Customers known by an SSH key (`serve`), with the cart each was filling.
    struct Customers: Codable {
        var version = 1
        var customers: [CustomerRecord]
    }

    /// The customers' subscription contracts.
    struct Subscriptions: Codable {
        var version = 1
        var contracts: [SubscriptionContract]
    }

    /// The files, for a store that takes them over (`serve`'s database imports them).
    public static let recordFiles = [cartsFile, ordersFile, customersFile]

    public static let firstOrderNumber = 1001
}
