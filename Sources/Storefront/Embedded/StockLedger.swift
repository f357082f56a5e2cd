import Foundation
import Synchronization

/// Units sold per variant, taken off the catalog's stock wherever a variant is read. The catalog
/// stays immutable (reads run in parallel without the actor); placed orders are the ledger's
/// source (or the count a database keeps beside them), so stock after a restart is the
/// catalog's minus what was sold.
final class StockLedger: Sendable {
    private let sold: Mutex<[String: Int]>

    init(orders: [Order] = [], unitsSold: [String: Int]? = nil) {
        self.sold = Mutex(unitsSold ?? Self.count(orders))
    }

    /// The order's lines leave the shelf.
    func record(_ order: Order) {
        sold.withLock { sold in
            for (variant, units) in order.unitsByVariant { sold[variant, default: 0] += units }
        }
    }

    /// What the store holds now (other processes placed orders too).
    func replace(orders: [Order], unitsSold: [String: Int]?) {
        let counted = unitsSold ?? Self.count(orders)
        sold.withLock { $0 = counted }
    }

    func unitsSold(of variantId: String) -> Int { sold.withLock { $0[variantId] ?? 0 } }

    /// The variant as it stands now: tracked stock less what was sold; sold out at zero.
    func current(_ variant: ProductVariant) -> ProductVariant {
        guard let stock = variant.quantityAvailable else { return variant }
        let units = unitsSold(of: variant.id)
        guard units > 0 else { return variant }
        var current = variant
        current.quantityAvailable = max(0, stock - units)
        current.availableForSale = variant.availableForSale && current.quantityAvailable! > 0
        return current
    }

    /// Whether the variant can be bought now, without making its current copy.
    func isAvailable(_ variant: ProductVariant) -> Bool {
        guard variant.availableForSale, let stock = variant.quantityAvailable else { return variant.availableForSale }
        return stock - unitsSold(of: variant.id) > 0
    }

    func current(_ product: Product) -> Product {
        let anySold = sold.withLock { sold in product.variants.contains { sold[$0.id] != nil } }
        guard anySold else { return product }
        var current = product
        current.variants = product.variants.map(current(_:))
        return current
    }

    private static func count(_ orders: [Order]) -> [String: Int] {
        var sold: [String: Int] = [:]
        for order in orders {
            for (variant, units) in order.unitsByVariant { sold[variant, default: 0] += units }
        }
        return sold
    }
}
