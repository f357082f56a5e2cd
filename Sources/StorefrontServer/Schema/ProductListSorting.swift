import Foundation
import Graphiti
import Storefront

/// `Product.variants(sortKey:)` and `Product.images(sortKey:)`: the API's sort keys over a
/// product's own lists. The catalog keeps both in the shop's order (`POSITION`), which is also what
/// `RELEVANCE` gives without a search, and images in the order they were added (`CREATED_AT`).
enum ProductVariantSortKeys: String, Codable, Sendable, CaseIterable {
    case id = "ID", position = "POSITION", relevance = "RELEVANCE", sku = "SKU", title = "TITLE"
}

enum ProductImageSortKeys: String, Codable, Sendable, CaseIterable {
    case createdAt = "CREATED_AT", id = "ID", position = "POSITION", relevance = "RELEVANCE"
}

extension Product {
    func variants(context: RequestContext, arguments: SortedConnectionArguments<ProductVariantSortKeys>) throws -> Page<VariantNode> {
        let key = arguments.sortKey ?? .position
        let sorted: [ProductVariant] = switch key {
        case .position, .relevance: variants
        case .id: Self.stableSorted(variants) { Self.idNumber($0.id) < Self.idNumber($1.id) }
        case .sku: Self.stableSorted(variants) { ($0.sku ?? "") < ($1.sku ?? "") }
        case .title: Self.stableSorted(variants) { $0.title < $1.title }
        }
        return try ListPager.page(sorted.map { VariantNode(variant: $0, product: self) }, arguments,
                                  reverse: arguments.reverse ?? false, listing: Self.listing("variants.\(id)", key == .position ? nil : key.rawValue))
    }

    func images(context: RequestContext, arguments: SortedConnectionArguments<ProductImageSortKeys>) throws -> Page<ProductImage> {
        let key = arguments.sortKey ?? .position
        let sorted: [ProductImage] = switch key {
        case .position, .relevance, .createdAt: images
        case .id: Self.stableSorted(images) { Self.idNumber($0.id ?? "") < Self.idNumber($1.id ?? "") }
        }
        return try ListPager.page(sorted, arguments, reverse: arguments.reverse ?? false,
                                  listing: Self.listing("images.\(id)", key == .position ? nil : key.rawValue))
    }

    /// A cursor belongs to one order of the list.
    private static func listing(_ list: String, _ order: String?) -> String {
        order.map { "\(list).\($0)" } ?? list
    }

    /// The number at the end of a global id, so that 9 sorts before 10.
    private static func idNumber(_ id: String) -> Int {
        Int(id.split(separator: "/").last ?? "") ?? 0
    }

    /// Sorted by `less`, keeping the shop's order between equals.
    private static func stableSorted<Item>(_ items: [Item], by less: (Item, Item) -> Bool) -> [Item] {
        items.enumerated().sorted { less($0.element, $1.element) || !less($1.element, $0.element) && $0.offset < $1.offset }.map(\.element)
    }
}
