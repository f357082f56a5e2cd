import Foundation
import StorefrontModels

/// Where a cart's order can be placed.
public enum OrderPlacement: Hashable, Sendable {
    /// The checkout places it through its backend (the embedded store, or a shop that takes orders
    /// from the terminal).
    case here
    /// Only the shop's web checkout can take payment: the buyer pays in a browser at `url`.
    case webCheckout(url: String)
}

/// Why an order was not placed, in terms a checkout can act on.
public enum OrderPlacementError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The shop takes payment only in its web checkout, at this address.
    case webCheckoutRequired(url: String)
    /// The cart cannot become an order, and asking again will not change that. `code` is the
    /// checkout's error code (`cart_completed`, `cart_expired`, `invalid_cart`).
    case refused(code: String, message: String)

    public static let cartCompleted = "cart_completed"
    public static let cartExpired = "cart_expired"
    public static let invalidCart = "invalid_cart"
    /// Something is due and the checkout sent no card.
    public static let paymentRequired = "payment_required"
    /// The request itself is malformed: a field too long, a key the shop does not take.
    public static let invalidInput = "invalid_input"
    /// A subscription is bought by a signed-in customer only (the contract is theirs).
    public static let accountRequired = "account_required"

    public var description: String {
        switch self {
        case .webCheckoutRequired(let url): return "Orders of this shop are placed in its web checkout: open \(url) in a browser."
        case .refused(_, let message): return message
        }
    }
}

extension CheckoutBackend {
    /// Stores that place their own orders need not say so.
    public func orderPlacement(cartId: String, checkoutURL: String) async throws -> OrderPlacement { .here }

    /// A store with one language reads its carts the same way everywhere.
    public func checkoutCart(id: String) async throws -> Cart? { try await cart(id: id) }

    /// The orders a guest shopping here is shown: those no customer placed (a logged-in customer's
    /// are on their account's list, not shown to whoever shops here next).
    public func guestOrders() async throws -> [Order] {
        try await orders().filter { $0.customerId == nil }
    }

    /// A store whose `orders()` holds every order it recorded finds a session's there.
    public func order(checkoutSessionId: String) async throws -> Order? {
        try await orders().first { $0.draft.checkoutSessionId == checkoutSessionId }
    }
}
