import Foundation

/// What the embedded storefront keeps on disk, one file per part so that damage to one part
/// does not cost the others.
enum EmbeddedState {
    static let cartsFile = "carts.json"
    static let ordersFile = "orders.json"
    static let sessionFile = "session.json"

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

    static let firstOrderNumber = 1001
}
