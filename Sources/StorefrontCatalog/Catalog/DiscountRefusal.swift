import Foundation
import StorefrontModels

/// Why a discount code on a cart does not apply, as the warning the Storefront API gives
/// (`DISCOUNT_…`). The message starts with the code and a colon, so a client can show each
/// reason beside its code.
package enum DiscountRefusal: Hashable, Sendable {
    case unknown
    /// Not yet started, or ended: when.
    case inactive(String)
    case minimum(Money)
    /// For a first order, and this customer has ordered before.
    case notFirstOrder
    /// For a first order, and the cart does not say who the customer is.
    case customerUnknown
    /// Another order discount on the cart does not combine with this one (or this one with it).
    case doesNotCombine(with: String)

    package var warningCode: CartWarningCode {
        switch self {
        case .unknown: return .discountNotFound
        case .inactive: return .discountCurrentlyInactive
        case .minimum: return .discountPurchaseNotInRange
        case .notFirstOrder: return .discountCustomerNotEligible
        case .customerUnknown: return .discountEligibleCustomerMissing
        case .doesNotCombine: return .discountCodeNotHonoured
        }
    }

    package func message(code: String) -> String {
        switch self {
        case .unknown: return "\(code): unknown code"
        case .inactive(let when): return "\(code): \(when)"
        case .minimum(let amount): return "\(code): needs a subtotal of \(amount.formatted)"
        case .notFirstOrder: return "\(code): first order only, and you have ordered before"
        case .customerUnknown: return "\(code): first order only: log in first"
        case .doesNotCombine(let other): return "\(code): does not combine with \(other)"
        }
    }

    package func warning(code: String, cartId: String) -> CartWarning {
        CartWarning(code: warningCode, message: message(code: code), target: cartId)
    }
}
