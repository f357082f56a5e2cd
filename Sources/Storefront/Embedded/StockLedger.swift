import Foundation
import Synchronization
import StorefrontModels

/// Units sold per variant, taken off the catalog's stock wherever a variant is read. The catalog
/// stays immutable (reads run in parallel without the actor); placed orders are the ledger's
/// source (or the count a database keeps beside them), so stock after a restart is the
/// catalog's minus what was sold.
final class StockLedger: Sendable {
    private let sold: Mutex<[String: Int]>
    /// Counts every change to what was sold, so an answer made from the stock can say which stock
    /// it was made from (`serve` keeps answers only while this stays the same).
    private let changes = Atomic<UInt64>(0)

    /// The stock's version: a different number after every order recorded or taken in.
    var version: UInt64 { changes.load(ordering: .acquiring) }

    init(orders: [Order] = [], unitsSold: [String: Int]? = nil) {
        self.sold = Mutex(unitsSold ?? Self.count(orders))
    }

    /// The order's lines leave the shelf.
    func record(_ order: Order) {
        sold.withLock { sold in
            for (variant, units) in order.unitsByVariant { sold[variant] = Self.adding(sold[variant] ?? 0, units) }
            changes.add(1, ordering: .releasing)
        }
    }

    /// A count of units plus more, never past `Int.max` (a count that large is sold out anyway).
    static func adding(_ count: Int, _ more: Int) -> Int {
        let sum = count.addingReportingOverflow(max(0, more))
        return sum.overflow ? Int.max : sum.partialValue
    }

    /// What the store holds now (other processes placed orders too).
    func replace(orders: [Order], unitsSold: [String: Int]?) {
        let counted = unitsSold ?? Self.count(orders)
        sold.withLock { sold in
            sold = counted
            changes.add(1, ordering: .releasing)
        }
    }

    func unitsSold(of variantId: String) -> Int { sold.withLock { $0[variantId] ?? 0 } }

    /// The variant as it stands now: tracked stock less what was sold; sold out at zero.
    func current(_ variant: ProductVariant) -> ProductVariant {
        guard let stock = variant.quantityAvailable else { return variant }
        let units = unitsSold(of: variant.id)
        guard units > 0 else { return variant }
        var current = variant
        let left = stock.subtractingReportingOverflow(units)
        let available = left.overflow ? 0 : max(0, left.partialValue)
        current.quantityAvailable = available
        current.availableForSale = variant.availableForSale && available > 0
        return current
    }

    /// Whether the variant can be bought now, without making its current copy.
    func isAvailable(_ variant: ProductVariant) -> Bool {
        guard variant.availableForSale, let stock = variant.quantityAvailable else { return variant.availableForSale }
        let left = stock.subtractingReportingOverflow(unitsSold(of: variant.id))
        return !left.overflow && left.partialValue > 0
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
            for (variant, units) in order.unitsByVariant { sold[variant] = adding(sold[variant] ?? 0, units) }
        }
        return sold
    }
}
