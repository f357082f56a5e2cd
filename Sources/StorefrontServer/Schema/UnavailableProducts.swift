import Foundation
import Storefront

/// `unavailableProducts` on `predictiveSearch`: products not for sale answered where they fall
/// (`SHOW`, also without the argument), left out (`HIDE`) or after those for sale (`LAST`).
/// (`search` passes the rule to the storefront, which pages the arranged matches itself.)
extension UnavailableProducts {
    func arrange(_ products: [Product]) -> [Product] {
        switch self {
        case .show: products
        case .hide: products.filter(\.availableForSale)
        case .last: products.filter(\.availableForSale) + products.filter { !$0.availableForSale }
        }
    }
}
